import { execFileSync } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { unzipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "../support/render";

/**
 * What the release workflow attaches: release/system.json (what Foundry reads from the manifest
 * URL) and the zip its download URL names (what Foundry installs). They must tell the same story.
 */
interface Manifest {
  version: string;
  manifest: string;
  download: string;
  esmodules: string[];
  styles: { src: string }[];
  languages: { path: string }[];
  packs: { path: string }[];
}
interface Pkg {
  version: string;
  brink: { releaseBase: string };
}

const RELEASE = join(ROOT, "release");
let pkg: Pkg;
let manifestBytes: Buffer;
let manifest: Manifest;
let zipName: string;
let zip: Record<string, Uint8Array>;

beforeAll(() => {
  execFileSync("node", [join(ROOT, "tools/package.mjs")], { cwd: ROOT, encoding: "utf8" });
  pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as Pkg;
  manifestBytes = readFileSync(join(RELEASE, "system.json"));
  manifest = JSON.parse(manifestBytes.toString("utf8")) as Manifest;
  const zips = readdirSync(RELEASE).filter((f) => f.endsWith(".zip"));
  expect(zips).toHaveLength(1);
  zipName = zips[0] ?? "";
  zip = unzipSync(readFileSync(join(RELEASE, zipName)));
});

describe("npm run package", () => {
  it("writes release/system.json identical to the system.json inside the zip", () => {
    const inside = zip["system.json"];
    expect(inside, "the zip has system.json at its root").toBeDefined();
    expect(Buffer.from(inside ?? []).equals(manifestBytes)).toBe(true);
  });

  it("names the zip it wrote in the manifest's download URL, under this version's release", () => {
    expect(zipName).toBe(`brink-v${pkg.version}.zip`);
    expect(manifest.download).toBe(`${pkg.brink.releaseBase}/download/v${pkg.version}/${zipName}`);
    expect(manifest.manifest).toBe(`${pkg.brink.releaseBase}/latest/download/system.json`);
    expect(manifest.version).toBe(pkg.version);
  });

  it("puts every file the manifest lists inside the zip, and every pack as a LevelDB folder", () => {
    const files = [
      ...manifest.esmodules,
      ...manifest.styles.map((s) => s.src),
      ...manifest.languages.map((l) => l.path),
    ];
    expect(files.length).toBeGreaterThan(2);
    for (const file of files) expect(zip[file], file).toBeDefined();
    expect(manifest.packs.length).toBeGreaterThan(0);
    for (const pack of manifest.packs) expect(zip[`${pack.path}/CURRENT`], pack.path).toBeDefined();
  });

  it("ships the code the manifest loads, not an empty stub", () => {
    const bundle = Buffer.from(zip["brink.mjs"] ?? []).toString("utf8");
    expect(bundle).toContain('Hooks.once("init"');
  });
});
