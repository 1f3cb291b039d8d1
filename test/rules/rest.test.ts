import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { fixedDice, seededDice } from "../../src/rules/dice";
import { applyRestUpdate, bedRest, longRest, restorePools, shortRest } from "../../src/rules/rest";
import type { RestCharacter, RestOptions, RestResult } from "../../src/rules/rest";
import type { CarriedInjury } from "../../src/rules/retreat";
import { restSeconds } from "../../src/rules/rest-duration";

function character(overrides: Partial<RestCharacter> = {}): RestCharacter {
  return {
    id: "hero",
    level: 3,
    attributes: { str: 6, dex: 6, con: 6, int: 6, wis: 6, cha: 6 },
    endurance: { value: 2, max: 10 },
    health: { value: 4, max: 10 },
    hitDice: { value: 1, max: 3 },
    hitDie: 8,
    exhaustion: 2,
    strain: { value: 3, max: 6 },
    statuses: [],
    injuries: [],
    ...overrides,
  };
}

const S0_ONLY: RestOptions = { s2: false, sleptInArmour: false };
const S2: RestOptions = { s2: true, sleptInArmour: false };
const S2_IN_ARMOUR: RestOptions = { s2: true, sleptInArmour: true };

const minor: CarriedInjury = {
  id: "sprain",
  kind: "minor",
  attribute: "dex",
  testModifier: -1,
  safeRests: 0,
};

/** Rest in sequence, applying each update the way the Foundry layer would. */
function restNights(start: RestCharacter, nights: readonly ("safe" | "unsafe")[], options = S0_ONLY) {
  let state = start;
  const results: RestResult[] = [];
  for (const night of nights) {
    const result = longRest(state, night === "safe", options);
    results.push(result);
    state = applyRestUpdate(state, result.update);
  }
  return { state, results };
}

describe("short rest", () => {
  it("each hit die restores its face + CON value, endurance first, then health", () => {
    const hero = character({
      hitDice: { value: 3, max: 3 },
      attributes: { ...character().attributes, con: 4 },
    });
    const result = shortRest(hero, 2, fixedDice([3, 5]));
    expect(result.rolls).toEqual([
      { purpose: "hit-die", die: 8, faces: [3], modifier: 4, total: 7 },
      { purpose: "hit-die", die: 8, faces: [5], modifier: 4, total: 9 },
    ]);
    // 16 restored: 8 fill endurance, 6 of the remaining 8 fill health; the rest is lost.
    expect(result.update.changes).toEqual({ endurance: 10, health: 10, hitDice: 1 });
  });

  it("cannot spend more hit dice than are left", () => {
    const dice = fixedDice([1]);
    const result = shortRest(character(), 5, dice);
    expect(result.summary.hitDice).toEqual({ from: 1, to: 0 });
    expect(dice.remaining()).toBe(0);
  });
});

describe("long rest", () => {
  it("in a safe place: endurance full, health +1 per level, hit dice + half max, exhaustion −1, disoriented ends", () => {
    const hero = character({ hitDice: { value: 0, max: 5 }, statuses: ["disoriented", "harmed"] });
    const result = longRest(hero, true, S0_ONLY);
    expect(result.update.changes).toEqual({ endurance: 10, health: 7, hitDice: 2, exhaustion: 1 });
    expect(result.update.removeStatuses).toEqual(["disoriented"]);
  });

  it("a safe rest returns at least one hit die", () => {
    const result = longRest(character({ hitDice: { value: 0, max: 1 } }), true, S0_ONLY);
    expect(result.update.changes.hitDice).toBe(1);
  });

  it("in an unsafe place: endurance full, health +1, exhaustion and disoriented stay", () => {
    const result = longRest(character({ statuses: ["disoriented"] }), false, S0_ONLY);
    expect(result.update.changes).toEqual({ endurance: 10, health: 5 });
    expect(result.update.removeStatuses).toEqual([]);
  });

  it("three consecutive safe rests heal a minor injury", () => {
    const { state, results } = restNights(character({ injuries: [minor] }), ["safe", "safe", "safe"]);
    expect(results.map((result) => result.summary.minorInjuryProgress)).toEqual([
      [{ id: "sprain", safeRests: 1 }],
      [{ id: "sprain", safeRests: 2 }],
      [],
    ]);
    expect(results[2]?.summary.healedInjuries).toEqual([{ ...minor, safeRests: 2 }]);
    expect(results[2]?.update.deleteInjuryIds).toEqual(["sprain"]);
    expect(state.injuries).toEqual([]);
  });

  it("an unsafe rest in between resets the count", () => {
    const hero = character({ injuries: [minor] });
    const interrupted = restNights(hero, ["safe", "safe", "unsafe", "safe"]);
    expect(interrupted.state.injuries).toEqual([{ ...minor, safeRests: 1 }]);
    const finished = restNights(interrupted.state, ["safe", "safe"]);
    expect(finished.state.injuries).toEqual([]);
  });

  it("with S2: strain −1 and temporary injuries heal, permanent ones stay", () => {
    const injuries: CarriedInjury[] = [
      { id: "cut", kind: "temporary" },
      { id: "limp", kind: "permanent" },
    ];
    const result = longRest(character({ injuries }), true, S2);
    expect(result.update.changes.strain).toBe(2);
    expect(result.update.deleteInjuryIds).toEqual(["cut"]);
  });

  it("without S2 strain and S2 injuries are left alone", () => {
    const result = longRest(character({ injuries: [{ id: "cut", kind: "temporary" }] }), true, S0_ONLY);
    expect(result.update.changes.strain).toBeUndefined();
    expect(result.update.deleteInjuryIds).toEqual([]);
  });

  it("sleeping in armour blocks strain and injury recovery, but not the rest of the night", () => {
    const injuries: CarriedInjury[] = [{ id: "cut", kind: "temporary" }, minor];
    const result = longRest(character({ injuries }), true, S2_IN_ARMOUR);
    expect(result.update.changes).toEqual({ endurance: 10, health: 7, hitDice: 2, exhaustion: 1 });
    expect(result.update.deleteInjuryIds).toEqual([]);
    expect(result.update.injuryProgress).toEqual([]);
    expect(result.summary.blocked).toEqual(["armour-blocks-strain", "armour-blocks-injuries"]);
  });

  it("with S2, health does not heal naturally while strain is at its max", () => {
    const result = longRest(character({ strain: { value: 6, max: 6 } }), true, S2);
    expect(result.update.changes.health).toBeUndefined();
    expect(result.update.changes.strain).toBe(5);
    expect(result.summary.blocked).toEqual(["max-strain-blocks-healing"]);
  });
});

describe("bed rest for a week", () => {
  it("heals a serious injury, restoring the stepped-down attribute, and does what safe rests do", () => {
    const serious: CarriedInjury = { id: "broken-arm", kind: "serious", attribute: "str", from: 8, to: 6 };
    const hero = character({ exhaustion: 4, injuries: [serious, minor], statuses: ["disoriented"] });
    const result = bedRest(hero, { s2: false });
    const after = applyRestUpdate(hero, result.update);
    expect(after.attributes.str).toBe(8);
    expect(after.injuries).toEqual([]);
    expect(after.exhaustion).toBe(0);
    expect(after.health.value).toBe(10);
    expect(after.statuses).toEqual([]);
    expect(result.summary.healedInjuries.map((injury) => injury.id)).toEqual(["broken-arm", "sprain"]);
  });

  it("an injury that took an attribute to 0 brings it back to d4", () => {
    const serious: CarriedInjury = { id: "shattered", kind: "serious", attribute: "dex", from: 4, to: 0 };
    const hero = character({ attributes: { ...character().attributes, dex: 0 }, injuries: [serious] });
    expect(bedRest(hero, { s2: false }).update.changes.attributes).toEqual({ dex: 4 });
  });
});

describe("what a rest card and its update say", () => {
  it("name the kind of rest; only a short rest has rolls, and nothing blocks one", () => {
    const short = shortRest(character(), 1, fixedDice([4]));
    expect(short.summary.kind).toBe("short");
    expect(short.summary.blocked).toEqual([]);
    expect(longRest(character(), true, S0_ONLY).summary.kind).toBe("long-safe");
    expect(longRest(character(), false, S0_ONLY).summary.kind).toBe("long-unsafe");
    expect(bedRest(character(), { s2: false }).summary.kind).toBe("bed-rest");
    expect(longRest(character(), true, S0_ONLY).rolls).toEqual([]);
    expect(bedRest(character(), { s2: false }).rolls).toEqual([]);
  });

  it("leave out a pool that did not move", () => {
    const rested = character({ endurance: { value: 10, max: 10 }, health: { value: 10, max: 10 } });
    expect(longRest(rested, false, S0_ONLY).update.changes).toEqual({});
  });

  it("any night's rest, safe or not, ends what lasts until rest", () => {
    const dazed: CarriedInjury = { id: "dazed", kind: "until-rest" };
    for (const safe of [true, false]) {
      const result = longRest(character({ injuries: [dazed, minor] }), safe, S0_ONLY);
      expect(result.update.deleteInjuryIds).toEqual(["dazed"]);
      expect(result.summary.healedInjuries).toEqual([dazed]);
    }
  });

  it("report a minor injury's count wherever it sits in the list, and only when it moved", () => {
    const limp: CarriedInjury = { id: "limp", kind: "permanent" };
    const counted = longRest(character({ injuries: [limp, minor] }), true, S2);
    expect(counted.update.injuryProgress).toEqual([{ id: "sprain", safeRests: 1 }]);
    const fresh = character({ injuries: [limp, minor] });
    const unsafe = longRest(fresh, false, S2);
    expect(unsafe.update.injuryProgress).toEqual([]);
    expect(applyRestUpdate(fresh, unsafe.update).injuries).toEqual([limp, minor]);
  });

  it("applied, remove only the statuses the rest ended", () => {
    const hero = character({ statuses: ["disoriented", "poisoned"] });
    const after = applyRestUpdate(hero, longRest(hero, true, S0_ONLY).update);
    expect(after.statuses).toEqual(["poisoned"]);
  });
});

describe("a week of bed rest, night by night", () => {
  it("is seven safe nights: health +level each, strain −1 each with S2, S2's temporary injuries heal", () => {
    const hero = character({
      level: 1,
      health: { value: 0, max: 20 },
      strain: { value: 8, max: 10 },
      injuries: [
        { id: "cut", kind: "temporary" },
        { id: "limp", kind: "permanent" },
      ],
    });
    const result = bedRest(hero, { s2: true });
    expect(result.update.changes.health).toBe(7);
    expect(result.update.changes.strain).toBe(1);
    expect(result.update.deleteInjuryIds).toEqual(["cut"]);
    expect(result.summary.blocked).toEqual([]);
  });

  it("with S2 and strain at its max, the first night heals no health, and the card says why", () => {
    const hero = character({ level: 1, health: { value: 0, max: 20 }, strain: { value: 6, max: 6 } });
    const result = bedRest(hero, { s2: true });
    expect(result.update.changes.health).toBe(6);
    expect(result.summary.blocked).toEqual(["max-strain-blocks-healing"]);
  });
});

describe("healing a given amount", () => {
  it("gives health only what is left after endurance is full", () => {
    const pools = restorePools({ value: 7, max: 10 }, { value: 2, max: 10 }, 5);
    expect(pools).toEqual({ endurance: { value: 10, max: 10 }, health: { value: 4, max: 10 } });
  });
});

describe("whatever the rest", () => {
  const pool = (max: number) => fc.integer({ min: 0, max }).map((value) => ({ value, max }));
  const characters = fc.record({
    level: fc.integer({ min: 1, max: 20 }),
    endurance: fc.integer({ min: 1, max: 30 }).chain(pool),
    health: fc.integer({ min: 1, max: 30 }).chain(pool),
    hitDice: fc.integer({ min: 1, max: 20 }).chain(pool),
    strain: fc.integer({ min: 1, max: 12 }).chain(pool),
    exhaustion: fc.integer({ min: 0, max: 6 }),
  });
  const rests = fc.constantFrom("short", "safe", "unsafe", "bed");

  it("exhaustion never drops below 0 and no pool rises above its max", () => {
    fc.assert(
      fc.property(
        characters,
        rests,
        fc.boolean(),
        fc.boolean(),
        fc.integer(),
        (fields, rest, s2, armour, seed) => {
          const hero = character(fields);
          const options = { s2, sleptInArmour: armour };
          const result =
            rest === "short"
              ? shortRest(hero, hero.hitDice.max, seededDice(seed))
              : rest === "bed"
                ? bedRest(hero, options)
                : longRest(hero, rest === "safe", options);
          const after = applyRestUpdate(hero, result.update);
          expect(after.exhaustion).toBeGreaterThanOrEqual(0);
          expect(after.exhaustion).toBeLessThanOrEqual(hero.exhaustion);
          for (const key of ["endurance", "health", "hitDice", "strain"] as const) {
            expect(after[key].value).toBeLessThanOrEqual(after[key].max);
            expect(after[key].value).toBeGreaterThanOrEqual(0);
          }
          expect(after.strain.value).toBeLessThanOrEqual(hero.strain.value);
        },
      ),
    );
  });

  it("healing fills endurance first and never overfills", () => {
    expect(restorePools({ value: 8, max: 10 }, { value: 9, max: 10 }, 5)).toEqual({
      endurance: { value: 10, max: 10 },
      health: { value: 10, max: 10 },
    });
  });
});

describe("rest takes world time", () => {
  it("an hour for a short rest, a night of eight hours for a long one, a week in bed", () => {
    expect(restSeconds("short")).toBe(3600);
    expect(restSeconds("long-safe")).toBe(8 * 3600);
    expect(restSeconds("long-unsafe")).toBe(8 * 3600);
    expect(restSeconds("bed-rest")).toBe(7 * 24 * 3600);
  });
});
