import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { ROOT } from "../support/render";

/**
 * The release check guards the one thing a Foundry user installs from: the manifest's version and
 * URLs. It runs on copies of the real package.json and system.json in a scratch folder.
 */
interface Pkg {
  version: string;
  brink: { releaseBase: string };
}
const work = mkdtempSync(join(tmpdir(), "brink-release-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const realPkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as Pkg;
const realSystemText = readFileSync(join(ROOT, "system.json"), "utf8");
const read = (file: string) => readFileSync(join(work, file), "utf8");
const check = (...args: string[]) =>
  spawnSync("node", [join(ROOT, "tools/check-release.mjs"), ...args], { cwd: work, encoding: "utf8" });

function bumpTo(version: string) {
  writeFileSync(join(work, "package.json"), `${JSON.stringify({ ...realPkg, version }, null, 2)}\n`);
}

beforeEach(() => {
  cpSync(join(ROOT, "package.json"), join(work, "package.json"));
  cpSync(join(ROOT, "system.json"), join(work, "system.json"));
});

describe("the source system.json", () => {
  it("carries the stable manifest URL and this version's download URL from package.json", () => {
    const system = JSON.parse(realSystemText) as { version: string; manifest: string; download: string };
    const base = realPkg.brink.releaseBase;
    expect(system.version).toBe(realPkg.version);
    expect(system.manifest).toBe(`${base}/latest/download/system.json`);
    expect(system.download).toBe(`${base}/download/v${realPkg.version}/brink-v${realPkg.version}.zip`);
  });

  it("passes the release check for the tag of package.json's version", () => {
    const result = spawnSync("node", ["tools/check-release.mjs", `v${realPkg.version}`], {
      cwd: ROOT,
      encoding: "utf8",
    });
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
  });
});

describe("npm run release:check", () => {
  it("fails after a version bump that left system.json behind, naming each stale field and the fix", () => {
    bumpTo("9.8.7");
    const result = check();
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      `system.json's version is "${realPkg.version}", but package.json says "9.8.7"`,
    );
    expect(result.stderr).toContain(`/download/v9.8.7/brink-v9.8.7.zip`);
    expect(result.stderr).toContain("npm run release:sync");
    expect(result.stderr).not.toContain("manifest is");
    expect(read("system.json")).toBe(realSystemText);
  });

  it("fails when the pushed tag is not v<package.json's version>, and names both", () => {
    const result = check("v9.9.9");
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`The tag is "v9.9.9", but package.json's version ${realPkg.version}`);
    expect(result.stderr).not.toContain("release:sync");
  });

  it("fails when system.json's download URL was edited by hand", () => {
    writeFileSync(join(work, "system.json"), realSystemText.replace(/brink-v[^"]*\.zip/, "brink.zip"));
    const result = check(`v${realPkg.version}`);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`system.json's download is`);
  });

  it("refuses a package.json version that is no version at all", () => {
    bumpTo("next");
    expect(check("vnext").stderr).toContain(`package.json's version "next" is not a version like 1.2.3`);
  });
});

describe("npm run release:sync", () => {
  it("rewrites only the version, manifest and download lines, after which the check passes", () => {
    bumpTo("1.2.0");
    expect(check("--sync").status).toBe(0);
    const before = realSystemText.split("\n");
    const after = read("system.json").split("\n");
    expect(after).toHaveLength(before.length);
    const changed = after.filter((line, i) => line !== before[i]);
    expect(changed).toEqual([
      `  "version": "1.2.0",`,
      `  "download": "${realPkg.brink.releaseBase}/download/v1.2.0/brink-v1.2.0.zip",`,
    ]);
    expect(check("v1.2.0").status).toBe(0);
  });
});

describe("npm version", () => {
  it("bumps package.json, syncs system.json into the same commit and tags it v<version>", () => {
    const repo = join(work, "repo");
    mkdirSync(join(repo, "tools"), { recursive: true });
    for (const file of [
      "package.json",
      "system.json",
      "tools/check-release.mjs",
      "tools/release-manifest.mjs",
    ])
      cpSync(join(ROOT, file), join(repo, file));
    const git = (...args: string[]) => execFileSync("git", args, { cwd: repo, encoding: "utf8" });
    git("init", "-q");
    git("config", "user.email", "dev@example.invalid");
    git("config", "user.name", "Brink developer");
    git("add", ".");
    git("commit", "-qm", "start");

    execFileSync("npm", ["version", "0.3.0"], { cwd: repo, encoding: "utf8", stdio: "pipe" });

    expect(git("tag", "--points-at", "HEAD").trim()).toBe("v0.3.0");
    expect(git("cat-file", "-t", "v0.3.0").trim(), "annotated, so push --follow-tags sends it").toBe("tag");
    expect(git("status", "--porcelain").trim()).toBe("");
    const committed = JSON.parse(git("show", "HEAD:system.json")) as { version: string; download: string };
    expect(committed.version).toBe("0.3.0");
    expect(committed.download).toBe(`${realPkg.brink.releaseBase}/download/v0.3.0/brink-v0.3.0.zip`);
  });
});
