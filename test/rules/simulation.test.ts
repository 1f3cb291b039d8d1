import { describe, expect, it } from "vitest";
import { attackTestSpec } from "../../src/rules/attacks";
import { seededDice } from "../../src/rules/dice";
import { hitChance, luckChance } from "../../src/rules/odds";
import type { Modifier } from "../../src/rules/tests";
import {
  DEFAULT_POLICY,
  DEFAULT_RULES,
  emptyTally,
  encounterOdds,
  runFights,
  shownMean,
  shownPercent,
  simulateFight,
  summarise,
  wilson,
  type FighterInput,
  type PreparedFight,
} from "../../src/rules/simulation";
import { encounter, fighter, fragile, prepared, sword } from "./simulation-fixtures";

/** Exact chance that one turn of three attacks (−0, −2, −4) lands at least one hit. */
function turnHitChance(attacker: FighterInput, evasion: number, modifiers: Modifier[] = []): number {
  let miss = 1;
  for (let made = 0; made < 3; made++) {
    const spec = attackTestSpec({
      attacker: { ...attacker.attacker, attacksThisRound: made },
      weapon: sword,
      attribute: "str",
      targets: [{ id: "t", evasion, deflection: { physical: 0, elemental: 0 }, size: 4 }],
      modifiers,
    });
    miss *= 1 - hitChance(spec, evasion, { criticalThreshold: sword.criticalThreshold }).value;
  }
  return 1 - miss;
}

/** Runs `fights` fights for each of `seeds` seeds and counts a predicate, with each seed's interval. */
function perSeed(
  p: PreparedFight,
  seeds: number,
  fights: number,
  count: (o: ReturnType<typeof simulateFight>) => boolean,
) {
  return Array.from({ length: seeds }, (_, s) => {
    // Seeds spread over the whole range (the golden-ratio step), not neighbours.
    const dice = seededDice(Math.imul(s + 1, 0x9e3779b9) >>> 0);
    let hits = 0;
    for (let i = 0; i < fights; i++) if (count(simulateFight(p, dice))) hits += 1;
    return { hits, interval: wilson(hits, fights) };
  });
}

/**
 * Over many seeds, each seed's 95% interval holds the exact value nearly always (a true 95% interval
 * misses 5 of 20 one time in 3,000), and the pooled estimate's interval holds it too.
 */
function expectAgreement(runs: ReturnType<typeof perSeed>, exact: number, fights: number): void {
  const covering = runs.filter((r) => r.interval.low <= exact && exact <= r.interval.high).length;
  expect(covering / runs.length).toBeGreaterThanOrEqual(0.8);
  const pooled = wilson(
    runs.reduce((sum, r) => sum + r.hits, 0),
    runs.length * fights,
  );
  expect(pooled.low).toBeLessThanOrEqual(exact);
  expect(pooled.high).toBeGreaterThanOrEqual(exact);
}

describe("encounter simulation agrees with the rules engine's exact odds", () => {
  it("one turn of three attacks with the multiple-attack penalty: the chance to win in round 1", () => {
    const hero = fighter("hero", "party");
    const dummy = fighter("dummy", "foes", { weapons: [] }, fragile);
    const exact = turnHitChance(hero, dummy.evasion);
    const runs = perSeed(
      prepared(encounter([hero, dummy])),
      20,
      1500,
      (o) => o.result === "party" && o.rounds === 1,
    );
    expectAgreement(runs, exact, 1500);
  });

  it("an exhausted attacker (exhaustion 2): the same chance with −2 on each attack", () => {
    const tired = fighter("hero", "party", {
      modifiers: { exhaustion: 2, attributes: {}, skills: {}, conditions: [], effects: [], light: null },
    });
    const dummy = fighter("dummy", "foes", { weapons: [] }, fragile);
    const exact = turnHitChance(tired, dummy.evasion, [{ label: "exhaustion", value: -2 }]);
    const runs = perSeed(
      prepared(encounter([tired, dummy])),
      10,
      1500,
      (o) => o.result === "party" && o.rounds === 1,
    );
    expectAgreement(runs, exact, 1500);
  });

  it("a blow past zero health risks death: the death luck test's exact chance of dying", () => {
    const brute = fighter("brute", "foes");
    const victim = fighter("victim", "party", { weapons: [] }, fragile);
    const exact = 1 - luckChance(0, 10).value;
    const runs = perSeed(
      prepared(encounter([victim, brute], { startingSide: "foes" })),
      20,
      1500,
      (o) => o.partyDeaths === 1,
    );
    expectAgreement(runs, exact, 1500);
  });

  it("alternating team turns: the side that moves first wins with p1 / (1 − (1 − p1)(1 − p2))", () => {
    const hero = fighter("hero", "party", { evasion: 8 }, fragile);
    const foe = fighter("foe", "foes", { evasion: 10 }, fragile);
    const p1 = turnHitChance(hero, foe.evasion);
    const p2 = turnHitChance(foe, hero.evasion);
    const exact = p1 / (1 - (1 - p1) * (1 - p2));
    const runs = perSeed(prepared(encounter([hero, foe])), 20, 1500, (o) => o.result === "party");
    expectAgreement(runs, exact, 1500);
  });

  it("the same duel with the foes moving first: the party wins only (1 − p2) p1 / (1 − (1 − p1)(1 − p2))", () => {
    const hero = fighter("hero", "party", { evasion: 8 }, fragile);
    const foe = fighter("foe", "foes", { evasion: 10 }, fragile);
    const p1 = turnHitChance(hero, foe.evasion);
    const p2 = turnHitChance(foe, hero.evasion);
    const exact = ((1 - p2) * p1) / (1 - (1 - p1) * (1 - p2));
    const foesFirst = prepared(encounter([hero, foe], { startingSide: "foes" }));
    const runs = perSeed(foesFirst, 20, 1500, (o) => o.result === "party");
    expectAgreement(runs, exact, 1500);
    // The same fixture with the party first: its simulated interval lies wholly above.
    const pooled = (r: ReturnType<typeof perSeed>) =>
      wilson(
        r.reduce((sum, x) => sum + x.hits, 0),
        20 * 1500,
      );
    const partyFirst = perSeed(prepared(encounter([hero, foe])), 20, 1500, (o) => o.result === "party");
    expect(pooled(partyFirst).low).toBeGreaterThan(pooled(runs).high);
  });
});

describe("encounter simulation", () => {
  const skirmish = encounter([
    fighter("a", "party", {}, { stamina: { value: 3, max: 3 } }),
    fighter("b", "party"),
    fighter("x", "foes"),
    fighter("y", "foes"),
    fighter("z", "foes"),
  ]);

  it("a seeded run is reproducible, and another seed gives other fights", () => {
    const first = encounterOdds(skirmish, { fights: 500, seed: 7 });
    expect(encounterOdds(skirmish, { fights: 500, seed: 7 })).toEqual(first);
    expect(encounterOdds(skirmish, { fights: 500, seed: 8 })).not.toEqual(first);
  });

  it("running in parts from one dice source gives the same figures as one run", () => {
    const p = prepared(skirmish);
    const whole = summarise(p, runFights(p, 400, seededDice(3)));
    const dice = seededDice(3);
    const parts = runFights(p, 150, dice, runFights(p, 250, dice, emptyTally(p.templates.length)));
    expect(summarise(p, parts)).toEqual(whole);
  });

  it("refuses an encounter without two sides or with a repeated id", () => {
    expect(encounterOdds(encounter([fighter("a", "party")]))).toBe("no-foes");
    expect(encounterOdds(encounter([fighter("a", "foes")]))).toBe("no-party");
    expect(encounterOdds(encounter([fighter("a", "party"), fighter("a", "foes")]))).toBe("duplicate-id");
  });

  it("a character exhausted to 5 cannot fight (the rules' own blocker), so it never deals damage", () => {
    const tired = fighter("tired", "party", { exhaustion: 5 });
    const p = prepared(encounter([tired, fighter("fresh", "party"), fighter("x", "foes")]));
    const tally = runFights(p, 300, seededDice(2));
    expect(tally.damageDealt[0]).toBe(0);
    expect(tally.damageDealt[1]).toBeGreaterThan(0);
  });

  it("foes that break at morale flee: the party wins more often than against foes who fight to the end", () => {
    const cowards = [1, 2, 3, 4].map((n) => fighter(`g${n}`, "foes", { moraleBonus: -8, group: "goblin" }));
    const party = [fighter("a", "party"), fighter("b", "party")];
    const rules = { ...DEFAULT_RULES, morale: true };
    const stubborn = encounterOdds(encounter([...party, ...cowards], { rules }), { fights: 2000 });
    const breaking = encounterOdds(
      encounter([...party, ...cowards], { rules, policy: { ...DEFAULT_POLICY, foes: "break-at-morale" } }),
      { fights: 2000 },
    );
    if (typeof stubborn === "string" || typeof breaking === "string") throw new Error("refused");
    expect(breaking.partyWins.low).toBeGreaterThan(stubborn.partyWins.high);
  });

  it("a party that retreats at half strength never loses the fight outright, and retreats count apart", () => {
    const party = [fighter("a", "party"), fighter("b", "party")];
    const foes = [1, 2, 3, 4, 5].map((n) => fighter(`g${n}`, "foes"));
    const odds = encounterOdds(
      encounter([...party, ...foes], { policy: { ...DEFAULT_POLICY, party: "retreat-at-half" } }),
      { fights: 1000 },
    );
    if (typeof odds === "string") throw new Error(odds);
    expect(odds.retreats.value).toBeGreaterThan(0.3);
    expect(odds.foesWin.value).toBeLessThan(odds.retreats.value);
  });

  it("the most dangerous foe is the one that takes out the most characters", () => {
    const strong = fighter("ogre", "foes", { attacker: { ...fighter("o", "foes").attacker, combat: 12 } });
    const weak = fighter("rat", "foes", { weapons: [] });
    const odds = encounterOdds(encounter([fighter("a", "party"), weak, strong]), { fights: 500 });
    if (typeof odds === "string") throw new Error(odds);
    expect(odds.threats[0]?.name).toBe("ogre");
    expect(odds.threats[1]).toMatchObject({ name: "rat", damage: 0, takesOut: 0 });
  });
});

describe("figures with their uncertainty", () => {
  it("Wilson's interval holds the estimate and is never empty at 0 or 1", () => {
    const half = wilson(500, 1000);
    expect(half.value).toBe(0.5);
    expect(half.margin).toBeCloseTo(0.031, 3);
    expect(wilson(0, 100).high).toBeGreaterThan(0);
    expect(wilson(100, 100).low).toBeLessThan(1);
  });

  it("shows a chance in whole percent with its margin rounded up, and a mean to one decimal", () => {
    expect(shownPercent({ value: 0.412, margin: 0.0093, low: 0.4027, high: 0.4213 })).toEqual({
      value: 41,
      margin: 1,
    });
    expect(shownPercent({ value: 0.5, margin: 0.0101, low: 0, high: 1 })).toEqual({ value: 50, margin: 2 });
    expect(shownMean({ value: 1.234, margin: 0.021, low: 0, high: 0 })).toEqual({ value: 1.2, margin: 0.1 });
  });
});

describe("a fight nobody can win", () => {
  it("when nobody standing has a weapon, it is a stalemate at once, not thirty empty rounds", () => {
    const odds = encounterOdds(
      encounter([fighter("a", "party", { weapons: [] }), fighter("x", "foes", { weapons: [] })]),
      { fights: 100 },
    );
    if (typeof odds === "string") throw new Error(odds);
    expect(odds.stalemates.value).toBe(1);
    expect(odds.rounds.value).toBe(0);
  });
});
