/**
 * Direct damage (RULES §7.3) rolls a weapon's damage die: every weapon Brink ships, in the equipment
 * pack and in the hands of its adversaries and pregenerated characters, has one, and it is the die a
 * migrated world would give the same weapon.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { DIE_SIZES } from "../../src/rules/dice";
import { dieForDamage } from "../../src/rules/direct-damage";
import { ROOT } from "../support/render";

interface Source {
  name: string;
  type: string;
  system: { damage?: number; damageDie?: unknown };
  items?: Source[];
}

const weapons = (["equipment", "adversaries", "characters"] as const).flatMap((pack) =>
  readdirSync(join(ROOT, "packs/_source", pack))
    .filter((file) => file.endsWith(".yml"))
    .flatMap((file) => {
      const source = parse(readFileSync(join(ROOT, "packs/_source", pack, file), "utf8")) as Source;
      return [source, ...(source.items ?? [])]
        .filter((doc) => doc.type === "weapon")
        .map((doc): [string, Source] => [`${pack}/${source.name}/${doc.name}`, doc]);
    }),
);

describe("shipped weapons under direct damage", () => {
  it("are all found", () => {
    expect(weapons.length).toBeGreaterThanOrEqual(27);
  });

  it.each(weapons)("%s has the damage die its damage calls for", (_name, weapon) => {
    expect(DIE_SIZES).toContain(weapon.system.damageDie);
    expect(weapon.system.damageDie).toBe(dieForDamage(weapon.system.damage ?? 1));
  });
});
