/**
 * What each blow of a simulated fight goes through, seen in the figures a GM reads: who is still in
 * the fight, direct damage, the target's reaction and detachments.
 */
import { describe, expect, it } from "vitest";
import type { AttackWeapon } from "../../src/rules/attacks";
import type { LifeStatus } from "../../src/rules/death";
import type { DefenceItem } from "../../src/rules/defences";
import { seededDice } from "../../src/rules/dice";
import { DEFAULT_RULES, runFights, type FighterInput } from "../../src/rules/simulation";
import {
  clearlyAbove,
  encounter,
  fighter,
  fragile,
  oddsOf,
  plainModifiers,
  prepared,
  sword,
} from "./simulation-fixtures";

const direct = { ...DEFAULT_RULES, damageRule: "direct" as const };
describe("who is still in the fight", () => {
  const awake: LifeStatus = { unconscious: false, dying: false, stable: false, dead: false, routed: false };

  it.each(["dead", "unconscious", "dying", "stable", "routed"] as const)(
    "a character who comes in %s is out: alone, the party has lost before a blow",
    (status) => {
      const hero = fighter("hero", "party", {}, { status: { ...awake, [status]: true } });
      const odds = oddsOf(encounter([hero, fighter("foe", "foes")]), 5);
      expect(odds.foesWin.value).toBe(1);
      expect(odds.rounds.value).toBe(0);
    },
  );

  it("a paralysed character takes no turns, so deals no damage", () => {
    const frozen = fighter("frozen", "party", { conditions: ["paralysed"] });
    const p = prepared(encounter([frozen, fighter("fresh", "party"), fighter("x", "foes")]));
    const tally = runFights(p, 100, seededDice(4));
    expect(tally.damageDealt[0]).toBe(0);
    expect(tally.damageDealt[1]).toBeGreaterThan(0);
  });
});

describe("direct damage (RULES §7.3)", () => {
  const fist: AttackWeapon = { ...sword, damage: 0, damageDie: 4, damageType: "bludgeoning" };
  // Armour, so the damage type and the die both show in the figures.
  const armoured = (id: string, side: "party" | "foes", weapons: AttackWeapon[]) =>
    fighter(id, side, { weapons }, { deflection: { physical: 1, elemental: 0 } });

  it("fighters without a weapon strike with bare hands: a d4 of bludgeoning, not a stalemate", () => {
    const bare = oddsOf(
      encounter([armoured("a", "party", []), armoured("x", "foes", [])], { rules: direct }),
    );
    const fists = oddsOf(
      encounter([armoured("a", "party", [fist]), armoured("x", "foes", [fist])], { rules: direct }),
    );
    expect(bare).toEqual(fists);
    expect(bare.stalemates.value).toBe(0);
    expect(bare.threats[0]?.damage).toBeGreaterThan(0);
  });

  it("a disadvantage on attacks rolls the impaired d4, whatever the weapon's die", () => {
    const hindered = fighter("hero", "party", {
      modifiers: { ...plainModifiers, skills: { combat: { bonus: 0, disadvantage: 1 } } },
    });
    const dagger = fighter("hero", "party", { weapons: [{ ...sword, damageDie: 4 }] });
    const foe = fighter("foe", "foes");
    expect(oddsOf(encounter([hindered, foe], { rules: direct }))).toEqual(
      oddsOf(encounter([dagger, foe], { rules: direct })),
    );
  });

  it("the die by the attacker's edge: d12 with an advantage, the weapon's d8 without, d4 with a disadvantage", () => {
    // Thirty rounds of blows on a target that never falls: the foe's damage per fight is its die's.
    const wall = fighter("wall", "party", { weapons: [] }, { endurance: { value: 5000, max: 5000 } });
    const damage = (modifiers: Partial<FighterInput["modifiers"]>) =>
      oddsOf(
        encounter([wall, fighter("foe", "foes", { modifiers: { ...plainModifiers, ...modifiers } })], {
          rules: direct,
        }),
        100,
      ).threats[0]?.damage ?? NaN;
    const enhanced = damage({ light: { level: "darkness", darksight: true } });
    const normal = damage({});
    const impaired = damage({ skills: { combat: { bonus: 0, disadvantage: 1 } } });
    expect(enhanced).toBeGreaterThan(normal * 1.2);
    expect(normal).toBeGreaterThan(impaired * 1.2);
  });

  it("the reaction is kept for fortifying: a STR bonus keeps the hero conscious longer", () => {
    const brute = fighter("brute", "foes", {}, { endurance: { value: 5000, max: 5000 } });
    const hero = (bonus: number) =>
      fighter(
        "hero",
        "party",
        { weapons: [], modifiers: { ...plainModifiers, attributes: { str: { bonus, disadvantage: 0 } } } },
        { stamina: { value: 30, max: 30 }, health: { value: 30, max: 30 } },
      );
    const rounds = (bonus: number) =>
      oddsOf(encounter([hero(bonus), brute], { rules: direct, startingSide: "foes" }), 800).rounds;
    expect(clearlyAbove(rounds(5), rounds(0))).toBe(true);
  });

  it("bare hands too: an advantage makes an unarmed blow the enhanced d12", () => {
    const wall = fighter("wall", "party", { weapons: [] }, { endurance: { value: 5000, max: 5000 } });
    const darksight = { ...plainModifiers, light: { level: "darkness" as const, darksight: true } };
    const fist: AttackWeapon = { ...sword, damageDie: 4, damageType: "bludgeoning" };
    const foe = (weapons: AttackWeapon[]) => fighter("foe", "foes", { weapons, modifiers: darksight });
    expect(oddsOf(encounter([wall, foe([])], { rules: direct }), 100)).toEqual(
      oddsOf(encounter([wall, foe([fist])], { rules: direct }), 100),
    );
  });

  it("bare hands with a disadvantage: the impaired d4, never the enhanced d12", () => {
    const wall = fighter("wall", "party", { weapons: [] }, { endurance: { value: 5000, max: 5000 } });
    const hindered = { ...plainModifiers, skills: { combat: { bonus: 0, disadvantage: 1 } } };
    const foe = (modifiers: FighterInput["modifiers"]) => fighter("foe", "foes", { weapons: [], modifiers });
    expect(oddsOf(encounter([wall, foe(hindered)], { rules: direct }), 100)).toEqual(
      oddsOf(encounter([wall, foe(plainModifiers)], { rules: direct }), 100),
    );
  });

  it("a hindrance on the weapon's attribute counts too: a STR sword under a STR disadvantage rolls the d4", () => {
    const wall = fighter("wall", "party", { weapons: [] }, { endurance: { value: 5000, max: 5000 } });
    const weakened = { ...plainModifiers, attributes: { str: { bonus: 0, disadvantage: 1 } } };
    const hindered = fighter("foe", "foes", { modifiers: weakened });
    const dagger = fighter("foe", "foes", { weapons: [{ ...sword, damageDie: 4 }] });
    expect(oddsOf(encounter([wall, hindered], { rules: direct }), 100)).toEqual(
      oddsOf(encounter([wall, dagger], { rules: direct }), 100),
    );
  });

  it("a larger attacker's blow counts the target's armour for less", () => {
    const big = fighter("ogre", "foes", { size: 6, attacker: { ...fighter("o", "foes").attacker, size: 6 } });
    const armouredHero = fighter(
      "hero",
      "party",
      { weapons: [] },
      { deflection: { physical: 4, elemental: 0 } },
    );
    const against = (ogre: FighterInput) => oddsOf(encounter([armouredHero, ogre], { rules: direct }), 1000);
    const small = fighter("ogre", "foes");
    expect(against(big).threats[0]?.damage).toBeGreaterThan(against(small).threats[0]?.damage ?? Infinity);
  });
});

describe("the target's reaction", () => {
  const shield: DefenceItem = { blockValue: 4, parryValue: 0, metal: true, durability: null };
  const parryingBlade: DefenceItem = { blockValue: 0, parryValue: 3, metal: true, durability: null };
  const withStamina = { stamina: { value: 3, max: 3 } };
  const hero = (items: Partial<FighterInput> = {}) => fighter("hero", "party", items, withStamina);
  const brute = (weapon: AttackWeapon = sword) =>
    fighter("brute", "foes", { weapons: [weapon] }, withStamina);
  const duel = (h: FighterInput, b: FighterInput = brute()) => oddsOf(encounter([h, b]), 1500);

  it("a shield's block keeps the hero up more often than no shield", () => {
    expect(clearlyAbove(duel(hero({ blockItem: shield })).partyWins, duel(hero()).partyWins)).toBe(true);
  });

  it("a parry does too, against a physical blow", () => {
    expect(clearlyAbove(duel(hero({ parryItem: parryingBlade })).partyWins, duel(hero()).partyWins)).toBe(
      true,
    );
  });

  it("a fire blow cannot be parried: the hero dodges it as if the blade were not there", () => {
    const fire = brute({ ...sword, damageType: "fire" });
    expect(duel(hero({ parryItem: parryingBlade }), fire)).toEqual(duel(hero(), fire));
  });

  it("reactions cost stamina: without any, the shield is never raised", () => {
    const tired = (items: Partial<FighterInput>) => fighter("hero", "party", items);
    expect(duel(tired({ blockItem: shield }))).toEqual(duel(tired({})));
  });

  it("a blow the endurance absorbs is taken: the shield waits for one that would cut into health", () => {
    // Plenty of endurance and a weak foe who cannot be hurt: thirty rounds of blows never reach health.
    const tough = (items: Partial<FighterInput>) =>
      fighter(
        "hero",
        "party",
        { ...items, weapons: [] },
        { ...withStamina, endurance: { value: 500, max: 500 } },
      );
    const pest = fighter("pest", "foes", { weapons: [{ ...sword, damage: 0, damageDie: 4 }] });
    const withShield = oddsOf(encounter([tough({ blockItem: shield }), pest]), 20);
    expect(withShield).toEqual(oddsOf(encounter([tough({}), pest]), 20));
    expect(withShield.threats[0]?.damage).toBeGreaterThan(0);
  });
});

describe("one reaction a round", () => {
  it("a shield that stops any blow it meets still lets the brute's later blows in the round through", () => {
    // Block 100 and durability 50: every block stops the whole blow, and the shield outlasts the fight.
    const wall: DefenceItem = {
      blockValue: 100,
      parryValue: 0,
      metal: true,
      durability: { value: 50, max: 50 },
    };
    const hero = fighter(
      "hero",
      "party",
      { weapons: [], blockItem: wall },
      { endurance: { value: 0, max: 10 }, health: { value: 100, max: 100 }, stamina: { value: 30, max: 30 } },
    );
    const brute = fighter("brute", "foes", {}, { endurance: { value: 5000, max: 5000 } });
    // Were every blow blocked, the hero would stand all thirty rounds.
    expect(oddsOf(encounter([hero, brute], { startingSide: "foes" }), 300).foesWin.value).toBeGreaterThan(
      0.9,
    );
  });
});

describe("a reaction every round", () => {
  it("the shield is raised again each round: one that lasts keeps the hero up longer than one that breaks at once", () => {
    const shield = (durability: number): DefenceItem => ({
      blockValue: 100,
      parryValue: 0,
      metal: true,
      durability: { value: durability, max: durability },
    });
    const hero = (durability: number) =>
      fighter(
        "hero",
        "party",
        { weapons: [], blockItem: shield(durability) },
        {
          ...fragile,
          stamina: { value: 30, max: 30 },
        },
      );
    const brute = fighter("brute", "foes", {}, { endurance: { value: 5000, max: 5000 } });
    const rounds = (durability: number) =>
      oddsOf(encounter([hero(durability), brute], { startingSide: "foes" }), 500).rounds;
    expect(clearlyAbove(rounds(50), rounds(1))).toBe(true);
  });
});

describe("detachments (RULES §7.4)", () => {
  const rules = { ...DEFAULT_RULES, detachments: true };
  const band = (detachment: boolean) => fighter("band", "party", { detachment });
  const foe = (detachment: boolean) => fighter("foe", "foes", { detachment });

  it("with the rule off, a fighter marked as a detachment fights as any other", () => {
    expect(oddsOf(encounter([band(true), foe(false)]))).toEqual(oddsOf(encounter([band(false), foe(false)])));
  });

  it("under direct damage the edge moves the die: a lone fighter striking a detachment rolls the d4 of a disadvantage", () => {
    const directRules = { ...rules, damageRule: "direct" as const };
    const regiment = fighter("regiment", "foes", { weapons: [], detachment: true });
    const seen = (band: FighterInput) => oddsOf(encounter([band, regiment], { rules: directRules }), 100);
    const darksight = { ...plainModifiers, light: { level: "darkness" as const, darksight: true } };
    // The sword's d8 falls to a d4 against the regiment, like a d4 weapon's.
    expect(seen(fighter("band", "party"))).toEqual(
      seen(fighter("band", "party", { weapons: [{ ...sword, damageDie: 4 }] })),
    );
    // A blast weapon keeps its d8, as a sword does with an advantage to cancel the edge.
    expect(seen(fighter("band", "party", { weapons: [{ ...sword, blast: true }] }))).toEqual(
      seen(fighter("band", "party", { modifiers: darksight })),
    );
    // Bare hands are no blast: with an advantage to cancel the edge, they roll their own d4.
    const fist: AttackWeapon = { ...sword, damageDie: 4, damageType: "bludgeoning" };
    expect(seen(fighter("band", "party", { weapons: [], modifiers: darksight }))).toEqual(
      seen(fighter("band", "party", { weapons: [fist], modifiers: darksight })),
    );
  });

  it("the edge is one advantage on the attack roll, and against a detachment one disadvantage unless the weapon is a blast", () => {
    // The foe is unarmed, so only the band's attacks tell; light gives the same edge another way.
    const unarmedFoe = (detachment: boolean) => fighter("foe", "foes", { weapons: [], detachment });
    const lit = (level: "darkness", darksight: boolean) => ({
      modifiers: { ...plainModifiers, light: { level, darksight } },
    });
    expect(oddsOf(encounter([band(true), unarmedFoe(false)], { rules }))).toEqual(
      oddsOf(encounter([fighter("band", "party", lit("darkness", true)), unarmedFoe(false)], { rules })),
    );
    const blastInDarkness = fighter("band", "party", {
      ...lit("darkness", false),
      weapons: [{ ...sword, blast: true }],
    });
    expect(oddsOf(encounter([band(false), unarmedFoe(true)], { rules }))).toEqual(
      oddsOf(encounter([blastInDarkness, unarmedFoe(true)], { rules })),
    );
  });

  it("a detachment has the edge over a lone fighter, and the lone fighter the worse of it", () => {
    const plain = oddsOf(encounter([band(false), foe(false)], { rules }), 1500);
    const edge = oddsOf(encounter([band(true), foe(false)], { rules }), 1500);
    const against = oddsOf(encounter([band(false), foe(true)], { rules }), 1500);
    expect(clearlyAbove(edge.partyWins, plain.partyWins)).toBe(true);
    expect(clearlyAbove(plain.partyWins, against.partyWins)).toBe(true);
  });
});

describe("the weapon a fighter fights with (its best expected blow)", () => {
  const dagger: AttackWeapon = { ...sword, damage: 10, damageDie: 4 };
  const club: AttackWeapon = { ...sword, damage: 2, damageDie: 12 };
  const withWeapons = (
    weapons: AttackWeapon[],
    rules = DEFAULT_RULES,
    hero: Partial<FighterInput> = {},
    foe = fighter("foe", "foes"),
  ) => oddsOf(encounter([fighter("hero", "party", { ...hero, weapons }), foe], { rules }), 200);

  it("under attacks and damage: the dagger's +10 over the club's +2, whichever is listed first", () => {
    expect(withWeapons([dagger, club])).toEqual(withWeapons([dagger]));
    expect(withWeapons([club, dagger])).toEqual(withWeapons([dagger]));
  });

  it("under direct damage: the club's d12 over the dagger's d4", () => {
    expect(withWeapons([dagger, club], direct)).toEqual(withWeapons([club], direct));
  });

  it("under direct damage with an edge every weapon rolls the same die, so the first listed is kept", () => {
    // Armour against blades and clubs but none against fire: the weapon kept shows in the figures.
    const armoured = fighter("foe", "foes", {}, { deflection: { physical: 3, elemental: 0 } });
    const fireDagger: AttackWeapon = { ...dagger, damageType: "fire" };
    const darksight = { ...plainModifiers, light: { level: "darkness" as const, darksight: true } };
    const hindered = { ...plainModifiers, skills: { combat: { bonus: 0, disadvantage: 1 } } };
    for (const modifiers of [darksight, hindered]) {
      expect(withWeapons([fireDagger, club], direct, { modifiers }, armoured)).toEqual(
        withWeapons([fireDagger], direct, { modifiers }, armoured),
      );
    }
    expect(withWeapons([fireDagger], direct, { modifiers: darksight }, armoured)).not.toEqual(
      withWeapons([club], direct, { modifiers: darksight }, armoured),
    );
  });

  it("the attribute it is used with: a DEX d12 over a STR d4 that adds 1 more damage", () => {
    const quick = {
      attacker: {
        ...fighter("h", "party").attacker,
        attributes: { str: 4, dex: 12, con: 6, int: 6, wis: 6, cha: 6 } as const,
      },
    };
    const heavy: AttackWeapon = { ...sword, attributes: ["str"], damage: 11 };
    const light: AttackWeapon = { ...sword, attributes: ["dex"], damage: 10 };
    expect(withWeapons([heavy, light], DEFAULT_RULES, quick)).toEqual(
      withWeapons([light], DEFAULT_RULES, quick),
    );
  });

  it("the attribute's die weighs its mean: a STR d4 weapon with 5 more damage beats a DEX d12 one", () => {
    const quick = {
      attacker: {
        ...fighter("h", "party").attacker,
        attributes: { str: 4, dex: 12, con: 6, int: 6, wis: 6, cha: 6 } as const,
      },
    };
    const heavy: AttackWeapon = { ...sword, attributes: ["str"], damage: 15 };
    const light: AttackWeapon = { ...sword, attributes: ["dex"], damage: 10 };
    expect(withWeapons([light, heavy], DEFAULT_RULES, quick)).toEqual(
      withWeapons([heavy], DEFAULT_RULES, quick),
    );
  });

  it("no die at all counts as 0: DEX d4 (2½ on average) over STR 0 with 2 more damage", () => {
    const weak = {
      attacker: {
        ...fighter("h", "party").attacker,
        attributes: { str: 0, dex: 4, con: 6, int: 6, wis: 6, cha: 6 } as const,
      },
    };
    const heavy: AttackWeapon = { ...sword, attributes: ["str"], damage: 12 };
    const light: AttackWeapon = { ...sword, attributes: ["dex"], damage: 10 };
    expect(withWeapons([heavy, light], DEFAULT_RULES, weak)).toEqual(
      withWeapons([light], DEFAULT_RULES, weak),
    );
  });

  it("proficiency: the +1 of a weapon the hero knows decides between two of equal damage", () => {
    const known: AttackWeapon = { ...sword, proficiencies: ["exotic", "martial"] };
    const unknown: AttackWeapon = { ...sword, proficiencies: ["exotic"] };
    expect(withWeapons([unknown, known])).toEqual(withWeapons([known]));
  });

  it("the hero's own bonus and edges with each attribute: +3 with STR outweighs 2 damage; a disadvantage weighs 2", () => {
    const strong = { modifiers: { ...plainModifiers, attributes: { str: { bonus: 3, disadvantage: 0 } } } };
    const brawn: AttackWeapon = { ...sword, attributes: ["str"], damage: 10 };
    const finesse: AttackWeapon = { ...sword, attributes: ["dex"], damage: 12 };
    expect(withWeapons([finesse, brawn], DEFAULT_RULES, strong)).toEqual(
      withWeapons([brawn], DEFAULT_RULES, strong),
    );
    const hindered = { modifiers: { ...plainModifiers, attributes: { str: { bonus: 0, disadvantage: 1 } } } };
    const heavy: AttackWeapon = { ...sword, attributes: ["str"], damage: 13 };
    const light: AttackWeapon = { ...sword, attributes: ["dex"], damage: 12 };
    expect(withWeapons([heavy, light], DEFAULT_RULES, hindered)).toEqual(
      withWeapons([light], DEFAULT_RULES, hindered),
    );
  });

  it("on a tie the first listed is kept", () => {
    const flame: AttackWeapon = { ...sword, damageType: "fire" };
    const warded = fighter("foe", "foes", {}, { deflection: { physical: 0, elemental: 3 } });
    expect(withWeapons([sword, flame], DEFAULT_RULES, {}, warded)).toEqual(
      withWeapons([sword], DEFAULT_RULES, {}, warded),
    );
  });

  it("a broken weapon is not used: with nothing else, its wielder cannot strike", () => {
    const odds = withWeapons(
      [{ ...sword, broken: true }],
      DEFAULT_RULES,
      {},
      fighter("foe", "foes", { weapons: [] }),
    );
    expect(odds.stalemates.value).toBe(1);
    expect(odds.rounds.value).toBe(0);
  });
});

describe("the attacker's own state on its blows", () => {
  // No stamina on either side and a foe that cannot strike back: only the hero's attacks tell.
  const target = fighter("dummy", "foes", { weapons: [] }, { endurance: { value: 30, max: 30 } });
  const rounds = (hero: FighterInput) => oddsOf(encounter([hero, target]), 1500).rounds;

  it("exhaustion's penalty: an exhausted hero needs more rounds", () => {
    const tired = fighter("hero", "party", { modifiers: { ...plainModifiers, exhaustion: 3 } });
    expect(clearlyAbove(rounds(tired), rounds(fighter("hero", "party")))).toBe(true);
  });

  it("darkness hinders an attack: a hero without darksight needs more rounds", () => {
    const blind = fighter("hero", "party", {
      modifiers: { ...plainModifiers, light: { level: "darkness", darksight: false } },
    });
    expect(clearlyAbove(rounds(blind), rounds(fighter("hero", "party")))).toBe(true);
  });
});

describe("the target's defences", () => {
  const withStamina = { stamina: { value: 3, max: 3 } };
  const brute = fighter("brute", "foes", {}, withStamina);
  // The brute strikes first, so the hero's defences are tested before its own blows end the fight.
  const duel = (hero: FighterInput, rules = DEFAULT_RULES) =>
    oddsOf(encounter([hero, brute], { rules, startingSide: "foes" }), 1500);
  const dex = (rating: 4 | 12) => ({
    ...withStamina,
    attributes: { str: 6, dex: rating, con: 6, int: 6, wis: 6, cha: 6 } as const,
  });

  it("a quick hero dodges more: DEX d12 keeps the hero up more often than DEX d4", () => {
    expect(
      clearlyAbove(
        duel(fighter("hero", "party", {}, dex(12))).partyWins,
        duel(fighter("hero", "party", {}, dex(4))).partyWins,
      ),
    ).toBe(true);
  });

  it("a direct blow cannot be dodged: DEX makes no difference under direct damage", () => {
    expect(duel(fighter("hero", "party", {}, dex(12)), direct)).toEqual(
      duel(fighter("hero", "party", {}, dex(4)), direct),
    );
  });

  it("athletics bonuses and hindrances count in the hero's dodges and fortifying", () => {
    const athletics = (bonus: number, disadvantage: number) =>
      fighter(
        "hero",
        "party",
        { modifiers: { ...plainModifiers, skills: { athletics: { bonus, disadvantage } } } },
        dex(12),
      );
    const plain = duel(athletics(0, 0)).partyWins;
    expect(clearlyAbove(duel(athletics(5, 0)).partyWins, plain)).toBe(true);
    expect(clearlyAbove(plain, duel(athletics(0, 2)).partyWins)).toBe(true);
  });

  it("armour counts once: 2 deflection against a sword of +10 is a sword of +8 against none", () => {
    const lighter: AttackWeapon = {
      ...sword,
      damage: sword.damage - 2,
      criticalDamage: sword.criticalDamage - 2,
    };
    const hero = fighter("hero", "party", { weapons: [sword] });
    const weakened = fighter("hero", "party", { weapons: [lighter] });
    const armouredSword = fighter(
      "foe",
      "foes",
      { weapons: [lighter] },
      { deflection: { physical: 2, elemental: 0 } },
    );
    // The foe strikes back with the lighter sword in both, so only the hero's blows differ.
    expect(oddsOf(encounter([hero, armouredSword]))).toEqual(
      oddsOf(encounter([weakened, fighter("foe", "foes", { weapons: [lighter] })])),
    );
  });

  it("a critical hit routs a detachment that no blow could bring to zero", () => {
    const regiment = fighter(
      "regiment",
      "foes",
      { weapons: [], detachment: true },
      { endurance: { value: 5000, max: 5000 } },
    );
    const withRule = oddsOf(
      encounter([fighter("hero", "party"), regiment], { rules: { ...DEFAULT_RULES, detachments: true } }),
      50,
    );
    const withoutRule = oddsOf(encounter([fighter("hero", "party"), regiment]), 50);
    expect(withRule.partyWins.value).toBeGreaterThan(0.9);
    expect(withoutRule.stalemates.value).toBe(1);
  });
});
