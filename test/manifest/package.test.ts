import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { unzipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { linkTargets } from "../../tools/markdown-links.mjs";
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
  packs: { name: string; label: string; path: string }[];
  bugs?: string;
  url: string;
  media?: { type: string; url: string }[];
  relationships?: { recommends?: { id: string; type: string; reason?: string }[] };
  flags?: Record<string, unknown>;
}
interface Pkg {
  version: string;
  brink: { releaseBase: string; repository: string };
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

  it("ships no development flag: hot reload is for a linked dist/ only", () => {
    expect(manifest.flags?.hotReload).toBeUndefined();
    const built = JSON.parse(readFileSync(join(ROOT, "dist/system.json"), "utf8")) as Manifest;
    expect(built.flags?.hotReload).toBeDefined();
  });

  it("shows a cover image, says where to report bugs and recommends Dice So Nice", () => {
    const base = "https://raw.githubusercontent.com/brink-vtt/brink/main/";
    const cover = manifest.media?.find((media) => media.type === "cover");
    expect(cover?.url.startsWith(base)).toBe(true);
    for (const media of manifest.media ?? [])
      expect(existsSync(join(ROOT, media.url.slice(base.length))), media.url).toBe(true);
    expect(manifest.bugs).toBe(`${manifest.url}/issues`);
    expect(manifest.relationships?.recommends).toEqual([
      { id: "dice-so-nice", type: "module", reason: expect.stringContaining("luck die") },
    ]);
  });

  it("labels every pack with a lang key the zip's English strings hold", () => {
    const english = JSON.parse(Buffer.from(zip["lang/en.json"] ?? []).toString("utf8")) as {
      BRINK: { Pack: Record<string, string> };
    };
    for (const pack of manifest.packs) {
      expect(pack.label).toBe(`BRINK.Pack.${pack.name}`);
      expect(english.BRINK.Pack[pack.name], pack.name).toMatch(/\S/);
    }
  });
  it.each(["README.md", "CHANGELOG.md"])(
    "ships %s with every link working outside the repository: each points at this release's files",
    (file) => {
      const shipped = Buffer.from(zip[file] ?? []).toString("utf8");
      expect(shipped, `${file} is in the zip`).not.toBe("");
      const atThisTag = new RegExp(`^${pkg.brink.repository}/(?:blob|raw)/v${pkg.version}/([^#]+)`);
      const problems: string[] = [];
      for (const target of linkTargets(shipped)) {
        if (target.startsWith("#") || !target.startsWith(pkg.brink.repository)) continue;
        const path = atThisTag.exec(target)?.[1];
        if (path === undefined) problems.push(`${target}: not at tag v${pkg.version}`);
        else if (!existsSync(join(ROOT, decodeURI(path)))) problems.push(`${target}: no file ${path}`);
      }
      const relative = linkTargets(shipped).filter(
        (target) => !target.startsWith("#") && !/^[a-z][a-z0-9+.-]*:/i.test(target),
      );
      expect(relative, "links into files the zip does not hold").toEqual([]);
      expect(problems).toEqual([]);
    },
  );

  it("points the shipped README at the guides under docs/ in the repository", () => {
    const readme = Buffer.from(zip["README.md"] ?? []).toString("utf8");
    expect(linkTargets(readme)).toContain(
      `${pkg.brink.repository}/blob/v${pkg.version}/docs/players-and-gms.md#install-into-foundry`,
    );
  });
});
