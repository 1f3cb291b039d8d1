import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { actorModels, itemModels } from "../../src/data";
import { STATUS_IDS } from "../../src/status-effects";
import { bootBrink } from "../foundry/boot";
import { ROOT, templateFiles } from "../support/render";
import { statusConfigs } from "../fake-foundry/hud";

/**
 * The manifest layer: system.json is what Foundry reads to install and load Brink, so every field
 * it relies on is checked here against the built dist/ folder (npm test builds first).
 */
const DIST = join(ROOT, "dist");
const read = (path: string) => JSON.parse(readFileSync(path, "utf8")) as Record<string, unknown>;
interface Manifest {
  id: string;
  version: string;
  compatibility: { minimum: string; verified: string };
  esmodules: string[];
  styles: { src: string; layer: string }[];
  languages: { lang: string; path: string }[];
  packs: { name: string; path: string; type: string; system?: string }[];
  packFolders: { packs: string[]; folders?: { packs: string[] }[] }[];
  documentTypes: Record<string, Record<string, { htmlFields?: string[] }>>;
  grid: { type: number; distance: number; units: string };
  primaryTokenAttribute: string;
  secondaryTokenAttribute: string;
  socket: boolean;
}

let manifest: Manifest;
beforeAll(async () => {
  if (!existsSync(join(DIST, "system.json")))
    throw new Error("dist/ is missing: run `npm run build` (npm test does).");
  manifest = read(join(DIST, "system.json")) as unknown as Manifest;
  await bootBrink();
});

describe("dist/system.json", () => {
  it("identifies Brink for Foundry v13 and v14 with the package version, with no maximum", () => {
    const pkg = read(join(ROOT, "package.json"));
    expect(manifest.id).toBe("brink");
    expect(manifest.version).toBe(pkg.version);
    // Installs on v13 from 13.346 on and on v14 without a compatibility warning (issue 24).
    expect(manifest.compatibility).toEqual({ minimum: "13.346", verified: "14.370" });
    expect(manifest.socket).toBe(true);
    expect(manifest.grid).toMatchObject({ type: 1, distance: 1, units: "m" });
  });

  it("carries the stable manifest URL and this version's download URL, as the source does", () => {
    const pkg = read(join(ROOT, "package.json")) as { version: string; brink: { releaseBase: string } };
    const source = read(join(ROOT, "system.json"));
    const built = manifest as unknown as Record<string, unknown>;
    const base = pkg.brink.releaseBase;
    expect(built.manifest).toBe(`${base}/latest/download/system.json`);
    expect(built.download).toBe(`${base}/download/v${pkg.version}/brink-v${pkg.version}.zip`);
    expect({ manifest: built.manifest, download: built.download }).toEqual({
      manifest: source.manifest,
      download: source.download,
    });
  });

  it("points at files that exist in dist/", () => {
    const paths = [
      ...manifest.esmodules,
      ...manifest.styles.map((s) => s.src),
      ...manifest.languages.map((l) => l.path),
    ];
    for (const path of paths) expect(existsSync(join(DIST, path)), path).toBe(true);
    expect(manifest.styles.every((s) => s.layer)).toBe(true);
  });

  it("ships every pack as a LevelDB folder and files every pack in a folder", () => {
    for (const pack of manifest.packs) {
      const folder = join(DIST, pack.path);
      expect(statSync(folder).isDirectory(), pack.path).toBe(true);
      expect(
        readdirSync(folder).some((f) => f === "CURRENT"),
        `${pack.path} is LevelDB`,
      ).toBe(true);
    }
    const foldered = manifest.packFolders.flatMap((f) => [
      ...f.packs,
      ...(f.folders ?? []).flatMap((g) => g.packs),
    ]);
    expect(foldered.sort()).toEqual(manifest.packs.map((p) => p.name).sort());
  });

  it("declares exactly the document types Brink registers, with HTML fields that are HTML fields", () => {
    expect(Object.keys(manifest.documentTypes.Actor ?? {}).sort()).toEqual(Object.keys(actorModels).sort());
    expect(Object.keys(manifest.documentTypes.Item ?? {}).sort()).toEqual(Object.keys(itemModels).sort());
    const models: Record<
      string,
      Record<string, { schema: { getField(path: string): { constructor: { name: string } } | undefined } }>
    > = {
      Actor: actorModels as never,
      Item: itemModels as never,
    };
    for (const [documentName, types] of Object.entries(manifest.documentTypes)) {
      for (const [type, config] of Object.entries(types)) {
        for (const path of config.htmlFields ?? []) {
          expect(
            models[documentName]?.[type]?.schema.getField(path)?.constructor.name,
            `${type}.${path}`,
          ).toBe("HTMLField");
        }
      }
    }
  });

  it("names token bars that are pools on every actor type", () => {
    for (const Model of Object.values(actorModels)) {
      const data = new Model({}, {}) as unknown as Record<string, { value: number; max: number }>;
      for (const bar of [manifest.primaryTokenAttribute, manifest.secondaryTokenAttribute]) {
        expect(data[bar], bar).toMatchObject({ value: expect.any(Number), max: expect.any(Number) });
      }
    }
  });

  it("ships every template, status icon and language file the code refers to", () => {
    for (const file of templateFiles())
      expect(existsSync(join(DIST, file.replace(`${ROOT}/`, ""))), file).toBe(true);
    for (const id of STATUS_IDS) expect(existsSync(join(DIST, "assets/status", `${id}.svg`)), id).toBe(true);
    const statuses = statusConfigs();
    expect(statuses.map((s) => s.id)).toEqual([...STATUS_IDS]);
    for (const status of statuses)
      expect(existsSync(join(DIST, status.img.replace("systems/brink/", "")))).toBe(true);
  });

  it("loads its module only from files inside dist/", () => {
    const bundle = readFileSync(join(DIST, "brink.mjs"), "utf8");
    const imports = [...bundle.matchAll(/(?:from|import\()\s*["']([^"']+)["']/g)].map(
      ([, path = ""]) => path,
    );
    for (const path of imports) {
      expect(path.startsWith("./"), `${path} must be bundled`).toBe(true);
      expect(existsSync(join(DIST, path)), path).toBe(true);
    }
    expect(bundle).not.toMatch(/fake-foundry|vitest/);
  });
});
