import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { ATTRIBUTES } from "../../src/rules/characters";
import type { Attribute } from "../../src/rules/characters";
import { fixedDice, seededDice } from "../../src/rules/dice";
import type { DiceSource, DieRating } from "../../src/rules/dice";
import {
  DEFAULT_RETREAT_TABLES,
  applyDropChoice,
  applyItemDrops,
  applyRetreatRevert,
  applyRetreatUpdate,
  attributesLeftToReduce,
  pickSeriousInjuryAttribute,
  resolveEmergencyRetreat,
  retreatTablesProblems,
  revertCharacterRetreat,
  rollAttrition,
} from "../../src/rules/retreat";
import type {
  CarriedInjury,
  CharacterRetreat,
  RetreatCharacter,
  RetreatConsequence,
  RetreatTables,
} from "../../src/rules/retreat";

function character(overrides: Partial<RetreatCharacter> = {}): RetreatCharacter {
  return {
    id: "hero",
    level: 1,
    attributes: { str: 6, dex: 6, con: 6, int: 6, wis: 6, cha: 6 },
    endurance: { value: 10, max: 10 },
    health: { value: 10, max: 10 },
    hitDice: { value: 1, max: 1 },
    exhaustion: 0,
    luckBonus: 0,
    deathDifficulty: 10,
    statuses: [],
    injuries: [],
    items: [],
    ...overrides,
  };
}

function retreatOne(
  hero: RetreatCharacter,
  dice: DiceSource,
  tables: RetreatTables = DEFAULT_RETREAT_TABLES,
) {
  const [result] = resolveEmergencyRetreat({ key: "combat-1", characters: [hero] }, tables, dice).characters;
  if (!result) throw new Error("no result for the character");
  return result;
}

/** The given faces first, then seeded dice for whatever the consequence needs. */
function thenSeeded(faces: readonly number[], seed = 7): DiceSource {
  const first = fixedDice(faces);
  const rest = seededDice(seed);
  return { roll: (size) => (first.remaining() > 0 ? first.roll(size) : rest.roll(size)) };
}

const seriousAttributes = (consequences: readonly RetreatConsequence[]): Attribute[] =>
  consequences.flatMap((consequence) =>
    consequence.key === "serious-injury" ? [consequence.attribute] : [],
  );

describe("retreat table (d10)", () => {
  const expected = [
    [1, "serious-injury"],
    [2, "serious-injury"],
    [3, "minor-injury"],
    [4, "minor-injury"],
    [5, "minor-injury"],
    [6, "setback"],
    [7, "setback"],
    [8, "setback"],
    [9, "attrition"],
    [10, "attrition"],
  ] as const;

  it.each(expected)("a %i gives %s", (face, outcome) => {
    const result = retreatOne(character(), thenSeeded([face]));
    expect(result.outcomes).toEqual([outcome]);
    expect(result.rolls[0]).toMatchObject({ purpose: "retreat-table", die: 10, faces: [face], total: face });
  });

  it("lists each roll of a setback by what it was for, and each consequence it left", () => {
    const tired = retreatOne(character({ exhaustion: 2 }), fixedDice([6, 1]));
    expect(tired.rolls.map((roll) => [roll.purpose, roll.faces])).toEqual([
      ["retreat-table", [6]],
      ["setback-table", [1]],
    ]);
    expect(tired.consequences).toEqual([{ key: "exhaustion", from: 2, to: 3 }]);
    const lost = retreatOne(character(), fixedDice([6, 6]));
    expect(lost.consequences).toEqual([{ key: "separated" }]);
    const dropping = retreatOne(
      character({ items: [{ id: "shield", worn: true, dropped: false }] }),
      fixedDice([6, 4, 2]),
    );
    expect(dropping.rolls.map((roll) => [roll.purpose, roll.die, roll.faces])).toEqual([
      ["retreat-table", 10, [6]],
      ["setback-table", 10, [4]],
      ["dropped-count", 3, [2]],
    ]);
  });

  it("lists the downed character's death luck tests as d20s", () => {
    const fallen = character({
      health: { value: 0, max: 10 },
      endurance: { value: 0, max: 10 },
      statuses: ["unconscious"],
    });
    const rolls = retreatOne(fallen, thenSeeded([15, 12, 20])).rolls;
    expect(
      rolls.filter((roll) => roll.purpose === "death-luck").map((roll) => [roll.die, roll.faces]),
    ).toEqual([
      [20, [15]],
      [20, [12]],
      [20, [20]],
    ]);
  });

  it("gives no condition the character already has, and counts only serious injuries as reducing", () => {
    const lost = retreatOne(character({ statuses: ["separated"] }), fixedDice([6, 6]));
    expect(lost.update.addStatuses).toEqual([]);
    const minorOnDex: CarriedInjury = {
      id: "old",
      kind: "minor",
      attribute: "dex",
      testModifier: -1,
      safeRests: 0,
    };
    const serious = retreatOne(character({ injuries: [minorOnDex] }), fixedDice([1, 2]));
    expect(seriousAttributes(serious.consequences)).toEqual(["dex"]);
  });

  it("reduces no STR or CON at d4, but any other attribute at d4", () => {
    const attributes = { str: 4, dex: 4, con: 4, int: 6, wis: 6, cha: 6 } as const;
    expect(attributesLeftToReduce(attributes, new Set())).toEqual(["dex", "int", "wis", "cha"]);
  });

  it("a revert gives back a setback's exhaustion, and picks up only the items the retreat dropped", () => {
    const hero = character({
      exhaustion: 2,
      items: [
        { id: "shield", worn: true, dropped: false },
        { id: "rope", worn: false, dropped: false },
      ],
    });
    const tired = retreatOne(hero, fixedDice([6, 1]));
    const later = { ...applyRetreatUpdate(hero, tired.update), exhaustion: 4 };
    expect(applyRetreatRevert(later, revertCharacterRetreat(tired, later)).exhaustion).toBe(3);

    const dropping = retreatOne(hero, fixedDice([6, 4, 1]));
    const [choice] = dropping.pendingChoices;
    if (!choice) throw new Error("the retreat asks which item to drop");
    const picked = applyDropChoice(choice, ["shield"]);
    if (!picked.ok) throw new Error("the shield can be dropped");
    const dropped = applyItemDrops(applyRetreatUpdate(hero, dropping.update), picked.drops);
    // Since the retreat the GM dropped the rope by hand: the revert leaves it where it lies.
    const ropeDown = { ...dropped, items: dropped.items.map((item) => ({ ...item, dropped: true })) };
    expect(revertCharacterRetreat(dropping, ropeDown).undropItemIds).toEqual(["shield"]);
  });

  it("lists the minor injury's attribute roll", () => {
    const minor = retreatOne(character(), fixedDice([3, 2]));
    expect(minor.rolls.map((roll) => [roll.purpose, roll.die, roll.faces])).toEqual([
      ["retreat-table", 10, [3]],
      ["minor-attribute", 6, [2]],
    ]);
    const serious = retreatOne(character(), fixedDice([1, 4]));
    expect(serious.rolls.map((roll) => [roll.purpose, roll.die, roll.faces])).toEqual([
      ["retreat-table", 10, [1]],
      ["serious-attribute", 6, [4]],
    ]);
  });

  it("the shipped tables cover every face exactly once", () => {
    expect(retreatTablesProblems(DEFAULT_RETREAT_TABLES)).toEqual([]);
  });

  it("a GM-edited table changes the outcome of the same roll", () => {
    const edited: RetreatTables = {
      ...DEFAULT_RETREAT_TABLES,
      retreat: { die: 10, rows: [{ range: [1, 10], result: "attrition" }] },
    };
    expect(retreatOne(character(), thenSeeded([1])).outcomes).toEqual(["serious-injury"]);
    expect(retreatOne(character(), thenSeeded([1]), edited).outcomes).toEqual(["attrition"]);
  });

  it("a GM-edited table with another die is rolled with that die", () => {
    const d4: RetreatTables = {
      ...DEFAULT_RETREAT_TABLES,
      retreat: {
        die: 4,
        rows: [
          { range: [1, 3], result: "minor-injury" },
          { range: [4, 4], result: "setback" },
        ],
      },
    };
    const result = retreatOne(character(), thenSeeded([4, 8]), d4);
    expect(result.rolls[0]).toMatchObject({ die: 4, faces: [4] });
    expect(result.setbacks).toEqual(["disoriented"]);
  });

  it("refuses a table with a gap instead of guessing", () => {
    const gap: RetreatTables = {
      ...DEFAULT_RETREAT_TABLES,
      retreat: { die: 10, rows: [{ range: [1, 9], result: "setback" }] },
    };
    expect(retreatTablesProblems(gap)).toEqual([{ key: "uncovered", value: 10 }]);
    expect(() => retreatOne(character(), thenSeeded([10]), gap)).toThrow(/invalid/);
  });
});

describe("setback table (d10)", () => {
  const expected = [
    [1, "exhaustion"],
    [2, "exhaustion"],
    [3, "exhaustion"],
    [4, "drop-items"],
    [5, "drop-items"],
    [6, "separated"],
    [7, "separated"],
    [8, "disoriented"],
    [9, "disoriented"],
    [10, "disoriented"],
  ] as const;

  it.each(expected)("a %i gives %s", (face, setback) => {
    const result = retreatOne(character(), thenSeeded([6, face]));
    expect(result.setbacks).toEqual([setback]);
  });

  it("exhaustion rises by one but never past 5", () => {
    const at = (exhaustion: number) =>
      retreatOne(character({ exhaustion }), fixedDice([8, 1])).update.changes;
    expect(at(0).exhaustion).toBe(1);
    expect(at(4).exhaustion).toBe(5);
    expect(at(5).exhaustion).toBeUndefined();
    expect(at(6).exhaustion).toBeUndefined();
  });

  it("separated and disoriented become statuses", () => {
    expect(retreatOne(character(), fixedDice([6, 7])).update.addStatuses).toEqual(["separated"]);
    expect(retreatOne(character(), fixedDice([6, 8])).update.addStatuses).toEqual(["disoriented"]);
  });

  it("dropped items are the GM's pick among worn ones, marked dropped and never deleted", () => {
    const items = [
      { id: "helm", worn: true, dropped: false },
      { id: "cloak", worn: true, dropped: false },
      { id: "boots", worn: true, dropped: true },
      { id: "pack", worn: false, dropped: false },
    ];
    const hero = character({ items });
    const result = retreatOne(hero, fixedDice([6, 5, 3]));
    const [choice] = result.pendingChoices;
    // Rolled 3 but only two worn items are still in use.
    expect(choice).toMatchObject({ rolled: 3, count: 2, candidateIds: ["helm", "cloak"] });
    if (!choice) return;
    expect(applyDropChoice(choice, ["helm"])).toEqual({ ok: false, reason: "wrong-count" });
    expect(applyDropChoice(choice, ["helm", "pack"])).toEqual({ ok: false, reason: "not-a-candidate" });
    expect(applyDropChoice(choice, ["helm", "helm"])).toEqual({ ok: false, reason: "duplicate" });
    const picked = applyDropChoice(choice, ["cloak", "helm"]);
    if (!picked.ok) throw new Error(picked.reason);
    const after = applyItemDrops(hero, picked.drops);
    expect(after.items.map((item) => [item.id, item.dropped])).toEqual([
      ["helm", true],
      ["cloak", true],
      ["boots", true],
      ["pack", false],
    ]);
  });

  it("with nothing worn there is nothing for the GM to pick", () => {
    const result = retreatOne(character(), fixedDice([6, 4, 2]));
    expect(result.pendingChoices).toEqual([]);
    expect(result.consequences).toEqual([
      { key: "drop-items", choice: expect.objectContaining({ rolled: 2, count: 0, candidateIds: [] }) },
    ]);
  });
});

describe("characters at zero health", () => {
  const downed = (overrides: Partial<RetreatCharacter> = {}) =>
    character({
      health: { value: 0, max: 10 },
      endurance: { value: 0, max: 10 },
      statuses: ["unconscious"],
      ...overrides,
    });

  it.each([
    [3, [12, 15, 10], ["minor-injury"]],
    [2, [12, 1, 15, 2, 3], ["serious-injury"]],
    [1, [1, 2, 19, 3], ["serious-injury", "setback"]],
    [0, [9, 1, 2], ["serious-injury", "serious-injury"]],
  ] as const)("%i successes give %j", (successes, luckFaces, outcomes) => {
    const result = retreatOne(downed(), thenSeeded(luckFaces));
    expect(result.downed).toBe(true);
    expect(result.deathLuck).toEqual({ successes, failures: luckFaces.length - successes });
    expect(result.outcomes).toEqual(outcomes);
    expect(result.rolls.filter((roll) => roll.purpose === "retreat-table")).toEqual([]);
  });

  it("adds the luck bonus, never kills and never raises the death difficulty", () => {
    const result = retreatOne(
      downed({ luckBonus: 3, deathDifficulty: 20 }),
      fixedDice([17, 16, 20, 1, 20, 2]),
    );
    expect(result.rolls.slice(0, 5).map((roll) => [roll.total, roll.success])).toEqual([
      [20, true],
      [19, false],
      [23, true],
      [4, false],
      [23, true],
    ]);
    expect(result.outcomes).toEqual(["minor-injury"]);
    expect(result.update.addStatuses).toEqual(["stable"]);
    expect(result.update.addStatuses).not.toContain("dead");
    expect(result.update.changes.health).toBeUndefined();
    expect(Object.keys(result.update.changes)).not.toContain("deathDifficulty");
  });

  it("a GM-edited downed table changes what the successes give", () => {
    const tables: RetreatTables = {
      ...DEFAULT_RETREAT_TABLES,
      downed: [
        { range: [0, 2], result: ["attrition"] },
        { range: [3, 3], result: [] },
      ],
    };
    expect(retreatOne(downed(), fixedDice([10, 10, 10]), tables).consequences).toEqual([
      { key: "stable-at-zero" },
    ]);
  });
});

describe("serious injuries", () => {
  const ratings: readonly DieRating[] = [0, 4, 6, 8, 10, 12];
  const attributeSets = fc.record({
    str: fc.constantFrom(...ratings),
    dex: fc.constantFrom(...ratings),
    con: fc.constantFrom(...ratings),
    int: fc.constantFrom(...ratings),
    wis: fc.constantFrom(...ratings),
    cha: fc.constantFrom(...ratings),
  });
  const twoSerious = [1, 1, 1]; // three failed death luck tests

  it("two at once never reduce the same attribute, nor one already seriously injured", () => {
    fc.assert(
      fc.property(
        attributeSets,
        fc.subarray([...ATTRIBUTES]),
        fc.integer(),
        (attributes, alreadyInjured, seed) => {
          const injuries: CarriedInjury[] = alreadyInjured.map((attribute, index) => ({
            id: `old-${index}`,
            kind: "serious",
            attribute,
            from: 8,
            to: 6,
          }));
          const hero = character({ attributes, injuries, health: { value: 0, max: 10 } });
          const result = retreatOne(hero, thenSeeded(twoSerious, seed));
          const reduced = seriousAttributes(result.consequences);
          const left = attributesLeftToReduce(attributes, new Set(alreadyInjured));
          expect(new Set(reduced).size).toBe(reduced.length);
          expect(reduced.every((attribute) => left.includes(attribute))).toBe(true);
          expect(reduced).toHaveLength(Math.min(2, left.length));
          const unplaced = result.consequences.filter(
            (consequence) => consequence.key === "no-attribute-left",
          );
          expect(unplaced).toHaveLength(2 - reduced.length);
          const after = applyRetreatUpdate(hero, result.update);
          for (const attribute of ATTRIBUTES) {
            const expected = reduced.includes(attribute)
              ? stepOnce(attributes[attribute])
              : attributes[attribute];
            expect(after.attributes[attribute]).toBe(expected);
          }
          // Nobody dies from a retreat: STR and CON never reach 0 through it.
          if (attributes.str > 0) expect(after.attributes.str).toBeGreaterThan(0);
          if (attributes.con > 0) expect(after.attributes.con).toBeGreaterThan(0);
        },
      ),
    );
  });

  it("when only one attribute is left, the second injury says so", () => {
    const injuries: CarriedInjury[] = (["str", "dex", "con", "int", "cha"] as const).map((attribute) => ({
      id: `old-${attribute}`,
      kind: "serious",
      attribute,
      from: 8,
      to: 6,
    }));
    const hero = character({ injuries, health: { value: 0, max: 10 } });
    // The d6 lands on STR (already injured): WIS is the only one left, so no re-pick die is needed.
    const dice = fixedDice([...twoSerious, 1]);
    const result = retreatOne(hero, dice);
    expect(result.consequences).toEqual([
      { key: "serious-injury", attribute: "wis", from: 6, to: 4, injuryId: expect.any(String) },
      { key: "no-attribute-left" },
      { key: "stable-at-zero" },
    ]);
    expect(dice.remaining()).toBe(0);
  });

  it("when none is left, no dice are rolled and nothing is reduced", () => {
    const attributes = { str: 4, dex: 0, con: 4, int: 0, wis: 0, cha: 0 } as const;
    const dice = fixedDice(twoSerious);
    const result = retreatOne(character({ attributes, health: { value: 0, max: 10 } }), dice);
    expect(seriousAttributes(result.consequences)).toEqual([]);
    expect(result.update.changes.attributes).toBeUndefined();
    expect(result.update.createInjuries).toEqual([]);
    expect(dice.remaining()).toBe(0);
  });

  it("ends even with dice that always land on an injured attribute", () => {
    const alwaysOne: DiceSource = { roll: () => 1 };
    const injuries: CarriedInjury[] = [{ id: "old", kind: "serious", attribute: "str", from: 8, to: 6 }];
    const result = retreatOne(character({ injuries, health: { value: 0, max: 10 } }), alwaysOne);
    expect(seriousAttributes(result.consequences)).toEqual(["dex", "con"]);
  });

  it("creates an injury item that steps the attribute down one size", () => {
    const result = retreatOne(
      character({ attributes: { ...character().attributes, con: 10 } }),
      fixedDice([2, 3]),
    );
    expect(result.update.changes.attributes).toEqual({ con: 8 });
    expect(result.update.createInjuries).toEqual([
      { id: `${result.id}:injury-1`, kind: "serious", attribute: "con", from: 10, to: 8, origin: result.id },
    ]);
  });
});

describe("the attribute a serious injury strikes, and the dice its card lists", () => {
  const all = (rating: DieRating): Record<Attribute, DieRating> =>
    Object.fromEntries(ATTRIBUTES.map((a) => [a, rating])) as Record<Attribute, DieRating>;

  it("with no attribute left to step down, no die is rolled and none is listed", () => {
    const dice = fixedDice([]);
    expect(pickSeriousInjuryAttribute(all(6), new Set(ATTRIBUTES), dice)).toEqual({
      attribute: null,
      rolls: [],
    });
    expect(dice.remaining()).toBe(0);
  });

  it("with one attribute left, a d6 that lands elsewhere gives that one, with no second die", () => {
    const dice = fixedDice([1]);
    const reduced = new Set<Attribute>(ATTRIBUTES.filter((a) => a !== "wis"));
    const pick = pickSeriousInjuryAttribute(all(6), reduced, dice);
    expect(pick).toEqual({
      attribute: "wis",
      rolls: [{ purpose: "serious-attribute", die: 6, faces: [1], modifier: 0, total: 1 }],
    });
  });

  it("a d6 that lands on an attribute left to step down takes it, and the card lists that one die", () => {
    const pick = pickSeriousInjuryAttribute(all(6), new Set<Attribute>(["str"]), fixedDice([2]));
    expect(pick).toEqual({
      attribute: ATTRIBUTES[1],
      rolls: [{ purpose: "serious-attribute", die: 6, faces: [2], modifier: 0, total: 2 }],
    });
  });

  it("a d6 that lands on an attribute already reduced is rolled again over those left", () => {
    const dice = fixedDice([1, 2]);
    const pick = pickSeriousInjuryAttribute(all(6), new Set<Attribute>(["str"]), dice);
    const left = ATTRIBUTES.filter((a) => a !== "str");
    expect(pick.attribute).toBe(left[1]);
    expect(pick.rolls).toHaveLength(2);
    expect(dice.remaining()).toBe(0);
  });
});

describe("minor injuries", () => {
  it("give −1 on tests with a random attribute and start counting safe rests at 0", () => {
    const result = retreatOne(character(), fixedDice([5, 6]));
    expect(result.consequences).toEqual([
      { key: "minor-injury", attribute: "cha", injuryId: expect.any(String) },
    ]);
    expect(result.update.createInjuries).toEqual([
      expect.objectContaining({ kind: "minor", attribute: "cha", testModifier: -1, safeRests: 0 }),
    ]);
    expect(result.update.changes).toEqual({});
  });
});

describe("attrition", () => {
  it("rolls 1d6 per level, endurance first, then loses half the current hit dice", () => {
    const hero = character({ level: 3, endurance: { value: 6, max: 10 }, hitDice: { value: 5, max: 5 } });
    const dice = fixedDice([9, 4, 2, 3]);
    const result = retreatOne(hero, dice);
    expect(dice.remaining()).toBe(0);
    expect(result.rolls[1]).toMatchObject({
      purpose: "attrition-damage",
      die: 6,
      faces: [4, 2, 3],
      total: 9,
    });
    expect(result.consequences).toEqual([
      { key: "attrition", damage: 9, enduranceLost: 6, healthLost: 3, hitDiceLost: 2, stable: false },
    ]);
    expect(result.update.changes).toEqual({ endurance: 0, health: 7, hitDice: 3 });
  });

  it("leaves a character brought to zero health stable, not dead", () => {
    const hero = character({ level: 4, endurance: { value: 2, max: 10 }, health: { value: 3, max: 10 } });
    const result = retreatOne(hero, fixedDice([10, 6, 6, 6, 6]));
    expect(result.update.changes).toMatchObject({ endurance: 0, health: 0 });
    expect(result.update.addStatuses).toEqual(["unconscious", "stable"]);
  });

  it("for any level and pools: level dice, never below zero, half the current hit dice rounded down", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 0, max: 20 }),
        fc.integer(),
        (level, endurance, health, hitDice, seed) => {
          const result = rollAttrition(
            level,
            { value: endurance, max: 30 },
            { value: health, max: 30 },
            { value: hitDice, max: 20 },
            seededDice(seed),
          );
          expect(result.roll.faces).toHaveLength(level);
          expect(result.endurance.value).toBe(Math.max(0, endurance - result.roll.total));
          expect(result.health.value).toBeGreaterThanOrEqual(0);
          expect(result.hitDice.value).toBe(Math.ceil(hitDice / 2));
          expect(result.consequence.stable).toBe(result.health.value === 0);
        },
      ),
    );
  });
});

describe("a party of four retreats", () => {
  const worn = [
    { id: "shield", worn: true, dropped: false },
    { id: "lantern", worn: true, dropped: false },
    { id: "cloak", worn: true, dropped: false },
  ];
  const party: RetreatCharacter[] = [
    character({ id: "ayla", level: 3, attributes: { str: 6, dex: 8, con: 6, int: 6, wis: 6, cha: 6 } }),
    character({
      id: "bram",
      level: 2,
      endurance: { value: 8, max: 10 },
      hitDice: { value: 2, max: 2 },
      statuses: ["harmed"],
    }),
    character({ id: "cora", level: 2, items: worn }),
    character({
      id: "dain",
      level: 4,
      luckBonus: 1,
      deathDifficulty: 15,
      endurance: { value: 0, max: 10 },
      health: { value: 0, max: 10 },
      statuses: ["unconscious"],
      injuries: [{ id: "old-str", kind: "serious", attribute: "str", from: 8, to: 6 }],
    }),
  ];
  const faces = [
    ...[1, 2], // ayla: serious injury, d6 → DEX
    ...[9, 5, 6], // bram: attrition, 2d6 = 11
    ...[7, 4, 2], // cora: setback, drops items, d3 → 2
    ...[14, 3, 20, 5, 2], // dain: death luck 15, 4, 21, 6, 3 vs 15 → two successes
    ...[1, 3], // dain: serious injury on STR again → re-pick d5 over DEX CON INT WIS CHA → INT
  ];

  function retreat() {
    const dice = fixedDice(faces);
    const resolution = resolveEmergencyRetreat(
      { key: "combat-7", characters: party },
      DEFAULT_RETREAT_TABLES,
      dice,
    );
    return { resolution, dice };
  }

  function byActor(characters: readonly CharacterRetreat[], id: string): CharacterRetreat {
    const found = characters.find((entry) => entry.actorId === id);
    if (!found) throw new Error(`no result for ${id}`);
    return found;
  }

  it("gives each character its roll and consequence and uses exactly the dice rolled", () => {
    const { resolution, dice } = retreat();
    expect(dice.remaining()).toBe(0);
    const [ayla, bram, cora, dain] = ["ayla", "bram", "cora", "dain"].map((id) =>
      byActor(resolution.characters, id),
    );
    expect(ayla?.outcomes).toEqual(["serious-injury"]);
    expect(ayla?.consequences).toEqual([
      { key: "serious-injury", attribute: "dex", from: 8, to: 6, injuryId: `${ayla?.id}:injury-1` },
    ]);
    expect(bram?.consequences).toEqual([
      { key: "attrition", damage: 11, enduranceLost: 8, healthLost: 3, hitDiceLost: 1, stable: false },
    ]);
    expect(cora?.setbacks).toEqual(["drop-items"]);
    expect(cora?.pendingChoices).toEqual([
      {
        id: `${cora?.id}:drop-1`,
        actorId: "cora",
        rolled: 2,
        count: 2,
        candidateIds: ["shield", "lantern", "cloak"],
      },
    ]);
    expect(dain?.deathLuck).toEqual({ successes: 2, failures: 3 });
    expect(dain?.rolls.filter((roll) => roll.purpose === "serious-repick")).toEqual([
      { purpose: "serious-repick", die: 5, faces: [3], modifier: 0, total: 3 },
    ]);
    expect(dain?.consequences.map((consequence) => consequence.key)).toEqual([
      "serious-injury",
      "stable-at-zero",
    ]);
  });

  it("leaves every character in the state the summary describes", () => {
    const { resolution } = retreat();
    const after = party.map((hero) =>
      applyRetreatUpdate(hero, byActor(resolution.characters, hero.id).update),
    );
    const [ayla, bram, cora, dain] = after;
    expect(ayla).toEqual({
      ...party[0],
      attributes: { str: 6, dex: 6, con: 6, int: 6, wis: 6, cha: 6 },
      injuries: [expect.objectContaining({ kind: "serious", attribute: "dex", from: 8, to: 6 })],
    });
    expect(bram).toEqual({
      ...party[1],
      endurance: { value: 0, max: 10 },
      health: { value: 7, max: 10 },
      hitDice: { value: 1, max: 2 },
    });
    // The drop waits for the GM: nothing about Cora changes until then.
    expect(cora).toEqual(party[2]);
    expect(dain).toEqual({
      ...party[3],
      attributes: { str: 6, dex: 6, con: 6, int: 4, wis: 6, cha: 6 },
      statuses: ["unconscious", "stable"],
      injuries: [
        { id: "old-str", kind: "serious", attribute: "str", from: 8, to: 6 },
        expect.objectContaining({ kind: "serious", attribute: "int", from: 6, to: 4 }),
      ],
    });
  });

  it("the revert restores the exact prior state, the GM's dropped items included", () => {
    const { resolution } = retreat();
    for (const hero of party) {
      const result = byActor(resolution.characters, hero.id);
      let after = applyRetreatUpdate(hero, result.update);
      for (const choice of result.pendingChoices) {
        const picked = applyDropChoice(choice, choice.candidateIds.slice(0, choice.count));
        if (picked.ok) after = applyItemDrops(after, picked.drops);
      }
      expect(after).not.toEqual(hero);
      const reverted = applyRetreatRevert(after, revertCharacterRetreat(result, after));
      expect(reverted).toEqual(hero);
      expect(result.snapshot).toEqual(hero);
    }
  });

  it("the revert gives back what the retreat changed, keeping what changed since", () => {
    const { resolution } = retreat();
    const [ayla, bram] = [party[0], party[1]];
    if (!ayla || !bram) throw new Error("the party has Ayla and Bram");
    // Since the retreat: Bram took 2 damage, raised CHA and gained exhaustion; Ayla raised STR.
    const bramResult = byActor(resolution.characters, "bram");
    const bramAfter = applyRetreatUpdate(bram, bramResult.update);
    const bramLater = {
      ...bramAfter,
      health: { ...bramAfter.health, value: bramAfter.health.value - 2 },
      attributes: { ...bramAfter.attributes, cha: 8 as const },
      exhaustion: 1,
    };
    expect(applyRetreatRevert(bramLater, revertCharacterRetreat(bramResult, bramLater))).toEqual({
      ...bram,
      health: { value: 8, max: 10 },
      attributes: { ...bram.attributes, cha: 8 },
      exhaustion: 1,
    });
    const aylaResult = byActor(resolution.characters, "ayla");
    const aylaAfter = applyRetreatUpdate(ayla, aylaResult.update);
    const aylaLater = { ...aylaAfter, attributes: { ...aylaAfter.attributes, str: 8 as const } };
    const reverted = applyRetreatRevert(aylaLater, revertCharacterRetreat(aylaResult, aylaLater));
    expect(reverted.attributes).toEqual({ ...ayla.attributes, str: 8 });
    expect(reverted.injuries).toEqual([]);
  });

  it("the same retreat of the same party gets the same id; another combat another one", () => {
    const first = retreat().resolution;
    const again = retreat().resolution;
    const elsewhere = resolveEmergencyRetreat(
      { key: "combat-8", characters: party },
      DEFAULT_RETREAT_TABLES,
      fixedDice(faces),
    );
    expect(again.id).toBe(first.id);
    const hurtParty = party.map((hero, index) => (index === 0 ? { ...hero, exhaustion: 1 } : hero));
    const changed = resolveEmergencyRetreat(
      { key: "combat-7", characters: hurtParty },
      DEFAULT_RETREAT_TABLES,
      fixedDice(faces),
    );
    expect(changed.id).not.toBe(first.id);
    expect(elsewhere.id).not.toBe(first.id);
    expect(first.characters.map((entry) => entry.id)).toEqual(
      ["ayla", "bram", "cora", "dain"].map((actor) => `${first.id}:${actor}`),
    );
  });
});

function stepOnce(rating: DieRating): DieRating {
  const index = ([0, 4, 6, 8, 10, 12] as const).indexOf(rating);
  return ([0, 0, 4, 6, 8, 10] as const)[index] ?? 0;
}
