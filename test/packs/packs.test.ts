import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { compilePack, extractPack } from "@foundryvtt/foundryvtt-cli";
import { parse } from "yaml";
import { afterAll, describe, expect, it } from "vitest";
import { DEFAULT_RETREAT_TABLES } from "../../src/rules/retreat";
import {
  readPackSources,
  validatePackSources,
  type PackDefinition,
  type SourceDocument,
} from "../../tools/pack-validation";
import { ROOT } from "../support/render";
import { compilePacks } from "../../tools/packs.mjs";

const manifest = JSON.parse(readFileSync(join(ROOT, "system.json"), "utf8")) as {
  packs: PackDefinition[];
  compatibility: { verified: string };
};
const SOURCE = join(ROOT, "packs/_source");
const documents = readPackSources(SOURCE, manifest.packs);
const byName = (pack: string, name: string) => documents.find((d) => d.pack === pack && d.data.name === name);
/** Code finds tables by their stable flag, never by name. */
const table = (key: string) =>
  documents.find((d) => (d.data.flags as { brink?: { table?: string } } | undefined)?.brink?.table === key);

describe("pack sources", () => {
  it("exist for every pack in system.json and all validate against Brink's models", () => {
    for (const pack of manifest.packs)
      expect(
        documents.some((d) => d.pack === pack.name),
        pack.name,
      ).toBe(true);
    expect(validatePackSources(documents, manifest.packs)).toEqual([]);
  });

  const broken = (
    pack: string,
    name: string,
    change: (data: Record<string, unknown>) => void,
  ): SourceDocument[] =>
    documents.map((d) => {
      if (d.pack !== pack || d.data.name !== name) return d;
      const data = structuredClone(d.data);
      change(data);
      return { ...d, data };
    });

  it.each([
    ["a missing _id", (d: Record<string, unknown>) => delete d._id, /_id must be 16 letters/],
    [
      "a field the model rejects",
      (d: Record<string, unknown>) => ((d.system as Record<string, unknown>).damageType = "fiery"),
      /system\.damageType.*not a valid choice/,
    ],
    [
      "a field the model does not have",
      (d: Record<string, unknown>) => ((d.system as Record<string, unknown>).sharpness = 3),
      /system\.sharpness is not a field of weapon/,
    ],
    ["a wrong _key", (d: Record<string, unknown>) => (d._key = "!actors!nope"), /_key must be/],
  ])("reject %s, naming the file", (_, change, reason) => {
    const problems = validatePackSources(broken("equipment", "Spear", change), manifest.packs);
    expect(problems.length).toBeGreaterThan(0);
    expect(problems[0]?.file).toMatch(/packs\/_source\/equipment\/spear_/);
    expect(problems.map((p) => p.reason).join("\n")).toMatch(reason);
  });

  it("reject a duplicate id and a link to a missing document", () => {
    const spear = byName("equipment", "Spear");
    const copy = {
      ...spear!,
      file: "packs/_source/equipment/copy.yml",
      data: { ...spear!.data, name: "Spear copy" },
    };
    const dupes = validatePackSources([...documents, copy], manifest.packs);
    expect(dupes.map((p) => p.reason).join("\n")).toMatch(
      /already used in packs\/_source\/equipment\/spear_/,
    );

    const dangling = broken("tables", String(table("retreat")?.data.name), (d) => {
      const results = d.results as Record<string, unknown>[];
      results[0]!.documentUuid = "Compendium.brink.consequences.Item.AAAAAAAAAAAAAAAA";
    });
    expect(
      validatePackSources(dangling, manifest.packs)
        .map((p) => p.reason)
        .join("\n"),
    ).toMatch(/links to consequences\/AAAAAAAAAAAAAAAA, which does not exist/);
  });

  it("carry the retreat and setback tables exactly as the rules engine's defaults, face by face", () => {
    const faces = (source: SourceDocument | undefined) =>
      (
        (source?.data.results ?? []) as { range: [number, number]; flags: { brink: { outcome: string } } }[]
      ).flatMap((r) =>
        Array.from({ length: r.range[1] - r.range[0] + 1 }, (_, i) => [
          r.range[0] + i,
          r.flags.brink.outcome,
        ]),
      );
    const expected = (rows: readonly { range: readonly [number, number]; result: string }[]) =>
      rows.flatMap((r) =>
        Array.from({ length: r.range[1] - r.range[0] + 1 }, (_, i) => [r.range[0] + i, r.result]),
      );
    expect(faces(table("retreat")).sort()).toEqual(expected(DEFAULT_RETREAT_TABLES.retreat.rows).sort());
    expect(faces(table("setback")).sort()).toEqual(expected(DEFAULT_RETREAT_TABLES.setback.rows).sort());
  });

  it("ship the Goblin Warband as a detachment of six goblins with their pools summed and a weapon", () => {
    interface Npc {
      system: {
        detachment: { enabled: boolean; members: number };
        endurance: { max: number };
        health: { max: number };
      };
      items: { type: string }[];
    }
    const band = byName("adversaries", "Goblin Warband")?.data as unknown as Npc;
    const goblin = byName("adversaries", "Goblin")?.data as unknown as Npc;
    expect(band.system.detachment).toEqual({ enabled: true, members: 6 });
    expect(band.system.endurance.max).toBe(6 * goblin.system.endurance.max);
    expect(band.system.health.max).toBe(6 * goblin.system.health.max);
    expect(band.items.some((item) => item.type === "weapon")).toBe(true);
  });
});

describe("compiled packs", () => {
  const work = mkdtempSync(join(tmpdir(), "brink-packs-"));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it.each(manifest.packs.map((p) => [p.name]))(
    "%s compiles to LevelDB and reads back to the same documents",
    async (name) => {
      const db = join(work, "db", name);
      const out = join(work, "out", name);
      await compilePack(join(SOURCE, name), db, { yaml: true, recursive: true, log: false });
      await extractPack(db, out, { yaml: true, log: false });
      // _key is the database address the CLI writes and reads; the documents themselves must match.
      const withoutKeys = (value: unknown): unknown =>
        Array.isArray(value)
          ? value.map(withoutKeys)
          : value && typeof value === "object"
            ? Object.fromEntries(
                Object.entries(value)
                  .filter(([k]) => k !== "_key")
                  .map(([k, v]) => [k, withoutKeys(v)]),
              )
            : value;
      const read = (dir: string) =>
        readdirSync(dir)
          .filter((f) => f.endsWith(".yml"))
          .map((f) => withoutKeys(parse(readFileSync(join(dir, f), "utf8"))) as Record<string, unknown>)
          .sort((a, b) => String(a._id).localeCompare(String(b._id)));
      expect(read(out)).toEqual(read(join(SOURCE, name)));
    },
  );
});

describe("the build's packs", () => {
  const work = mkdtempSync(join(tmpdir(), "brink-stats-"));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it("stamp every document, embedded ones too, with the core and system versions", async () => {
    await compilePacks(join(work, "db"));
    await extractPack(join(work, "db", "characters"), join(work, "out"), { yaml: true, log: false });
    const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string };
    const stats = {
      coreVersion: manifest.compatibility.verified,
      systemId: "brink",
      systemVersion: pkg.version,
    };
    const documents = readdirSync(join(work, "out")).map(
      (file) =>
        parse(readFileSync(join(work, "out", file), "utf8")) as {
          _stats: object;
          items: { _stats: object }[];
        },
    );
    expect(documents.length).toBeGreaterThan(0);
    for (const document of documents) {
      expect(document._stats).toMatchObject(stats);
      expect(document.items.length).toBeGreaterThan(0);
      for (const item of document.items) expect(item._stats).toMatchObject(stats);
    }
  });
});
