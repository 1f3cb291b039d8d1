/**
 * A simulated fight from its first move to its end, under each of the world's optional rules: the
 * death rules, morale, the Emergency Retreat, and the thirty-round limit.
 */
import { describe, expect, it } from "vitest";
import {
  DEFAULT_POLICY,
  DEFAULT_RULES,
  MAX_ROUNDS,
  wilson,
  type FighterInput,
} from "../../src/rules/simulation";
import { encounter, fighter, fragile, oddsOf } from "./simulation-fixtures";

/** Any hit takes it out, and it strikes no blow itself. */
const victim = (id = "victim") => fighter(id, "party", { weapons: [] }, fragile);
/** Nothing in a simulated fight takes this one out in thirty rounds. */
const tank = (id: string, side: "party" | "foes", armed: boolean): FighterInput =>
  fighter(id, side, armed ? {} : { weapons: [] }, { endurance: { value: 5000, max: 5000 } });

describe("the death rules in a simulated fight", () => {
  const stabilise = { ...DEFAULT_RULES, deathRule: "stabilise" as const };
  const dying = { ...DEFAULT_RULES, deathRule: "dying" as const };

  it("S1: downed in a fight that ends at once, a character is alive when it ends (ten rounds have not passed)", () => {
    const odds = oddsOf(
      encounter([victim(), fighter("brute", "foes")], { rules: stabilise, startingSide: "foes" }),
    );
    expect(odds.foesWin.value).toBe(1);
    expect(odds.takenOut.value).toBe(1);
    expect(odds.anyDeath.value).toBe(0);
  });

  it("S1: downed early in a fight that lasts thirty rounds, nobody stabilises them: dead when it ends", () => {
    const long = encounter([tank("tank", "party", false), victim(), tank("brute", "foes", true)], {
      rules: stabilise,
      startingSide: "foes",
    });
    const odds = oddsOf(long, 20);
    expect(odds.stalemates.value).toBe(1);
    expect(odds.rounds.value).toBe(MAX_ROUNDS);
    expect(odds.takenOut.value).toBe(1);
    expect(odds.deaths.value).toBe(1);
  });

  it("S1: ten rounds, not ten turns: in a fight of many turns won within a few rounds, the downed one lives", () => {
    const brute = fighter("brute", "foes", {}, { endurance: { value: 40, max: 40 } });
    const helpers = [1, 2, 3, 4].map((n) => tank(`helper${n}`, "party", false));
    const odds = oddsOf(
      encounter([victim(), tank("hero", "party", true), ...helpers, brute], {
        rules: stabilise,
        startingSide: "foes",
      }),
      100,
    );
    // Six turns a round: ten of them pass within the second round.
    expect(odds.partyWins.value).toBe(1);
    expect(odds.rounds.high).toBeLessThan(10);
    expect(odds.takenOut.value).toBeGreaterThan(0.5);
    expect(odds.anyDeath.value).toBe(0);
  });

  it("the luck rule in the same fight: the death luck test decides at the blow, so some survive", () => {
    const long = encounter([tank("tank", "party", false), victim(), tank("brute", "foes", true)], {
      startingSide: "foes",
    });
    const odds = oddsOf(long, 200);
    expect(odds.anyDeath.value).toBeGreaterThan(0);
    expect(odds.anyDeath.value).toBeLessThan(1);
  });

  it("S2: nobody dies on the blow; a fight that ends at once leaves the dying character alive", () => {
    const odds = oddsOf(
      encounter([victim(), fighter("brute", "foes")], { rules: dying, startingSide: "foes" }),
    );
    expect(odds.takenOut.value).toBe(1);
    expect(odds.anyDeath.value).toBe(0);
  });

  it("a character marked dying by hand, without a countdown, takes its turns without saves", () => {
    const marked = fighter(
      "marked",
      "party",
      {},
      {
        status: { unconscious: false, dying: true, stable: false, dead: false, routed: false },
      },
    );
    const odds = oddsOf(
      encounter([fighter("hero", "party"), marked, fighter("foe", "foes")], { rules: dying }),
      50,
    );
    expect(odds.partyWins.value + odds.foesWin.value).toBe(1);
    expect(odds.anyDeath.value).toBe(0);
  });

  it("S2: in a long fight the dying character rolls its death saves: about 45 % die (three failures first)", () => {
    const long = encounter([tank("tank", "party", false), victim(), tank("brute", "foes", true)], {
      rules: dying,
      startingSide: "foes",
    });
    // Saves of 10–19 count for, 1–9 against, a 20 stands the character up (to be cut down again):
    // three failures before three successes among the 19 faces that settle: q = 9/19.
    const q = 9 / 19;
    const exact = q ** 3 * (1 + 3 * (1 - q) + 6 * (1 - q) ** 2);
    const odds = oddsOf(long, 600);
    expect(odds.deaths.low).toBeLessThanOrEqual(exact);
    expect(odds.deaths.high).toBeGreaterThanOrEqual(exact);
  });
});

describe("the thirty-round limit", () => {
  it("a fight nobody can end in thirty rounds is a stalemate of thirty rounds", () => {
    const odds = oddsOf(encounter([tank("a", "party", true), tank("x", "foes", true)]), 10);
    expect(odds.stalemates.value).toBe(1);
    expect(odds.rounds.value).toBe(MAX_ROUNDS);
    expect(odds.rounds.margin).toBe(0);
  });
});

describe("whom the fighters strike", () => {
  it("the standing enemy with the least endurance and health left: the weak one falls first, in every fight", () => {
    const odds = oddsOf(
      encounter([tank("tank", "party", false), victim(), tank("brute", "foes", true)], {
        startingSide: "foes",
      }),
      20,
    );
    // The brute strikes first; had it gone for the tank, thirty rounds would not have taken it out.
    expect(odds.takenOut.value).toBe(1);
    expect(odds.takenOut.margin).toBe(0);
    // Many blows landed on the tank afterwards, but the brute took out one character a fight.
    expect(odds.threats[0]?.takesOut).toBe(1);
  });

  it("endurance and health together, armour aside: 10 + 1 is less than 2 + 10", () => {
    // Armour only a critical hit gets through: struck first, this one would hold the brute for rounds.
    const plated = fighter(
      "plated",
      "party",
      { weapons: [] },
      { endurance: { value: 2, max: 10 }, deflection: { physical: 100, elemental: 100 } },
    );
    const worn = fighter(
      "worn",
      "party",
      { weapons: [] },
      { endurance: { value: 10, max: 10 }, health: { value: 1, max: 10 } },
    );
    // The party retreats as soon as one of the two is out: at once, since the worn one is struck first.
    const odds = oddsOf(
      encounter([plated, worn, tank("brute", "foes", true)], {
        startingSide: "foes",
        policy: { ...DEFAULT_POLICY, party: "retreat-at-half" },
      }),
      50,
    );
    expect(odds.retreats.value).toBe(1);
    expect(odds.rounds.high).toBeLessThan(3);
  });
});

describe("the party's Emergency Retreat (policy: at half strength)", () => {
  const retreating = { ...DEFAULT_POLICY, party: "retreat-at-half" as const };

  it("called once half of the party is out, rounded up: one of two, two of three", () => {
    const two = oddsOf(
      encounter([victim(), tank("tank", "party", false), tank("brute", "foes", true)], {
        policy: retreating,
        startingSide: "foes",
      }),
      50,
    );
    expect(two.retreats.value).toBe(1);
    const three = oddsOf(
      encounter(
        [victim(), tank("tank", "party", false), tank("other", "party", false), tank("brute", "foes", true)],
        {
          policy: retreating,
          startingSide: "foes",
        },
      ),
      20,
    );
    expect(three.retreats.value).toBe(0);
  });

  it("called on the party's own move: a foe who moves between the fall and that move still strikes", () => {
    const dex = (rating: 4 | 6 | 10 | 12) => ({
      attributes: { str: 6, dex: rating, con: 6, int: 6, wis: 6, cha: 6 } as const,
    });
    // By DEX: the first brute (which fells the victim), the second, then the party.
    const first = fighter("first", "foes", {}, { ...dex(12), endurance: { value: 5000, max: 5000 } });
    const second = fighter("second", "foes", {}, { ...dex(10), endurance: { value: 5000, max: 5000 } });
    const odds = oddsOf(
      encounter(
        [
          fighter("victim", "party", { weapons: [] }, { ...fragile, ...dex(6) }),
          fighter("tank", "party", { weapons: [] }, { ...dex(4), endurance: { value: 5000, max: 5000 } }),
          first,
          second,
        ],
        { policy: retreating, rules: { ...DEFAULT_RULES, initiativeMode: "dexterity" } },
      ),
      200,
    );
    expect(odds.retreats.value).toBe(1);
    // Its three attacks on the tank come before the retreat in most fights (each hit is 10 or more).
    expect(odds.threats.find((t) => t.id === "second")?.damage).toBeGreaterThan(5);
  });

  it("never called with the world's retreat rule off, nor by a party that fights to the end", () => {
    const fight = [victim(), tank("tank", "party", false), tank("brute", "foes", true)];
    const off = { ...DEFAULT_RULES, emergencyRetreat: false };
    expect(
      oddsOf(encounter(fight, { policy: retreating, rules: off, startingSide: "foes" }), 20).retreats.value,
    ).toBe(0);
    expect(oddsOf(encounter(fight, { startingSide: "foes" }), 20).retreats.value).toBe(0);
  });

  it("a retreat kills nobody afterwards: a character downed over ten rounds before is carried off alive (S1)", () => {
    const stabilise = { ...DEFAULT_RULES, deathRule: "stabilise" as const };
    // The victim falls at once; the brute needs well over ten rounds to wear the second one down.
    const sturdy = fighter("sturdy", "party", { weapons: [] }, { endurance: { value: 200, max: 200 } });
    const odds = oddsOf(
      encounter([victim(), sturdy, tank("tank", "party", false), tank("brute", "foes", true)], {
        policy: retreating,
        rules: stabilise,
        startingSide: "foes",
      }),
      20,
    );
    expect(odds.rounds.value).toBeGreaterThan(11);
    expect(odds.retreats.value).toBe(1);
    expect(odds.anyDeath.value).toBe(0);
  });
});

describe("the foes' morale (policy: break at morale)", () => {
  const cowards = [1, 2, 3].map((n) => fighter(`g${n}`, "foes", { moraleBonus: -8, group: "goblin" }));
  const party = [fighter("a", "party"), fighter("b", "party")];
  const breaking = { ...DEFAULT_POLICY, foes: "break-at-morale" as const };
  const morale = { ...DEFAULT_RULES, morale: true };

  it("checked only with the world's morale rule on and under that policy", () => {
    const stubborn = oddsOf(encounter([...party, ...cowards]));
    expect(oddsOf(encounter([...party, ...cowards], { policy: breaking }))).toEqual(stubborn);
    expect(oddsOf(encounter([...party, ...cowards], { rules: morale }))).toEqual(stubborn);
    expect(oddsOf(encounter([...party, ...cowards], { rules: morale, policy: breaking }))).not.toEqual(
      stubborn,
    );
  });

  /*
   * The hero cannot be hurt (the foes are unarmed) and cannot take out the "wall" (5,000 endurance)
   * in thirty rounds: the party wins exactly when the wall flees. Each morale check is a d20 + bonus
   * against 11, so a bonus of 0 flees half the time; the chance to win tells how many checks came.
   */
  const hero = tank("hero", "party", true);
  const weak = (id: string, extra: Partial<FighterInput> = {}) =>
    fighter(id, "foes", { weapons: [], ...extra }, fragile);
  // Three hits at least (70 against at most 31 a hit): never taken out in the turn of another loss; never flees (+20).
  const sturdy = (id: string, extra: Partial<FighterInput> = {}) =>
    fighter(id, "foes", { weapons: [], moraleBonus: 20, ...extra }, { endurance: { value: 60, max: 60 } });
  const wall = (id: string, extra: Partial<FighterInput> = {}) =>
    fighter(id, "foes", { weapons: [], group: "wall", ...extra }, { endurance: { value: 5000, max: 5000 } });
  const FIGHTS = 800;
  const partyWins = (foes: FighterInput[], heroes = 1) =>
    oddsOf(
      encounter([hero, ...(heroes > 1 ? [tank("second", "party", true)] : []), ...foes], {
        rules: morale,
        policy: breaking,
      }),
      FIGHTS,
    ).partyWins;
  // Three standard errors, not the shown 95 %: seven exact chances here, none should miss by luck,
  // and a check too many or too few moves the chance by an eighth or more.
  const expectChance = (estimate: { value: number }, exact: number) => {
    const wide = wilson(Math.round(estimate.value * FIGHTS), FIGHTS, 3);
    expect(wide.low).toBeLessThanOrEqual(exact);
    expect(wide.high).toBeGreaterThanOrEqual(exact);
  };

  it("one check at the first loss: the wall flees half the time", () => {
    expectChance(partyWins([weak("g1"), wall("w1")]), 0.5);
  });

  it("another when half of them are out, and none for the losses between or after: 1 − ½ × ½", () => {
    // Two heroes, so the fight is over in time. Losses: the weak one (first), the 2nd and 3rd (no
    // check), the 4th of 8 (half), the 5th (no check).
    const sturdies = [1, 2, 3, 4].map((n) => sturdy(`s${n}`));
    const walls = [1, 2, 3].map((n) => wall(`w${n}`));
    expectChance(partyWins([weak("g1"), ...sturdies, ...walls], 2), 0.75);
  });

  it("half means half: the 4th loss of 8 calls the check, with no loss after it", () => {
    const sturdies = [1, 2, 3].map((n) => sturdy(`s${n}`));
    const walls = [1, 2, 3, 4].map((n) => wall(`w${n}`));
    expectChance(partyWins([weak("g1"), ...sturdies, ...walls], 2), 0.75);
  });

  it("another when their leader falls, and none for the next loss: 1 − ½ × ½", () => {
    const walls = [1, 2, 3, 4, 5].map((n) => wall(`w${n}`));
    expectChance(partyWins([weak("g1"), sturdy("boss", { leader: true }), sturdy("s1"), ...walls]), 0.75);
  });

  it("a fallen foe no longer steadies its group: the first to fall had +20, the wall still flees half the time", () => {
    expectChance(partyWins([weak("captain", { group: "wall", moraleBonus: 20 }), wall("w1")]), 0.5);
  });

  it("player characters among the foes check one by one with their WIS (d12: +3), not a morale bonus", () => {
    // Each flees on 1–7 (7 in 20); both must, and a rout is no new loss to check again for.
    const pcs = ["p1", "p2"].map((id) =>
      wall(id, {
        kind: "pc",
        moraleBonus: -20,
        attacker: { ...hero.attacker, attributes: { str: 6, dex: 6, con: 6, int: 6, wis: 12, cha: 6 } },
      }),
    );
    expectChance(partyWins([weak("g1"), ...pcs]), (7 / 20) ** 2);
  });
});
