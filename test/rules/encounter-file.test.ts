import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  EncounterFileError,
  encounterOf,
  fighterFromStatBlock,
  packStatBlock,
  parseEncounterFile,
} from "../../tools/encounter-file";

const example = readFileSync("tools/encounters/goblin-ambush.yaml", "utf8");

describe("npm run sim's encounter file", () => {
  it("reads the shipped example: two sides from the pack sources, with counts, rules and policy", () => {
    const file = parseEncounterFile(example);
    const encounter = encounterOf(file);
    expect(encounter.fighters.filter((f) => f.side === "party").map((f) => f.name)).toEqual([
      "Roland",
      "Petra",
      "Boudica",
      "Fabian",
    ]);
    expect(encounter.fighters.filter((f) => f.side === "foes")).toHaveLength(6);
    expect(encounter.fighters.map((f) => f.id)).toContain("foes-0-4");
    expect(encounter.rules).toMatchObject({ morale: true, deathRule: "luck" });
    expect(encounter.policy.foes).toBe("break-at-morale");
    expect(encounter.startingSide).toBe("foes");
  });

  it("reads a stat block as the data model does: worn armour adds deflection, the shield blocks, the sword parries", () => {
    const roland = fighterFromStatBlock(packStatBlock("characters/roland"), "r", "party", "roland");
    expect(roland.life.deflection.physical).toBe(5);
    expect(roland.blockItem?.blockValue).toBe(4);
    expect(roland.parryItem?.parryValue).toBe(2);
    expect(roland.weapons.map((w) => w.damageType)).toContain("slashing");
    expect(roland.kind).toBe("pc");
  });

  it("a sweep replaces one entry's count", () => {
    const file = parseEncounterFile(example);
    const goblins = (n: number) =>
      encounterOf(file, { "adversaries/goblin": n }).fighters.filter((f) => f.group === "adversaries/goblin");
    expect(goblins(3)).toHaveLength(3);
    expect(goblins(8)).toHaveLength(8);
  });

  it("takes an inline stat block and refuses what it cannot read, saying where", () => {
    const inline = parseEncounterFile(
      "party:\n  - name: Hero\n    type: character\n    system: { evasion: 8 }\nfoes:\n  - actor: adversaries/goblin\n",
    );
    expect(encounterOf(inline).fighters[0]).toMatchObject({ name: "Hero", evasion: 8, kind: "pc" });
    expect(() => parseEncounterFile("party:\n  - count: 2\n")).toThrow(EncounterFileError);
    expect(() => parseEncounterFile("foes:\n  - actor: adversaries/dragon\n")).toThrow(/no "dragon"/);
    expect(() => parseEncounterFile("rules: { deathRule: maybe }\n")).toThrow(/rules.deathRule/);
    expect(() => parseEncounterFile("foes:\n  - actor: adversaries/goblin\n    count: -1\n")).toThrow(
      /count/,
    );
  });
});
