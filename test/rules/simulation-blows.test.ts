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
import { clearlyAbove, encounter, fighter, oddsOf, prepared, sword } from "./simulation-fixtures";

const direct = { ...DEFAULT_RULES, damageRule: "direct" as const };
const plainModifiers = {
  exhaustion: 0,
  attributes: {},
  skills: {},
  conditions: [],
  effects: [],
  light: null,
};

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

describe("detachments (RULES §7.4)", () => {
  const rules = { ...DEFAULT_RULES, detachments: true };
  const band = (detachment: boolean) => fighter("band", "party", { detachment });
  const foe = (detachment: boolean) => fighter("foe", "foes", { detachment });

  it("with the rule off, a fighter marked as a detachment fights as any other", () => {
    expect(oddsOf(encounter([band(true), foe(false)]))).toEqual(oddsOf(encounter([band(false), foe(false)])));
  });

  it("a detachment has the edge over a lone fighter, and the lone fighter the worse of it", () => {
    const plain = oddsOf(encounter([band(false), foe(false)], { rules }), 1500);
    const edge = oddsOf(encounter([band(true), foe(false)], { rules }), 1500);
    const against = oddsOf(encounter([band(false), foe(true)], { rules }), 1500);
    expect(clearlyAbove(edge.partyWins, plain.partyWins)).toBe(true);
    expect(clearlyAbove(plain.partyWins, against.partyWins)).toBe(true);
  });
});
