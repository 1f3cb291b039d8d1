import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readlinkSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT } from "../support/render";

const work = mkdtempSync(join(tmpdir(), "brink-tools-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const link = (target: string) =>
  spawnSync("node", [join(ROOT, "tools/link.mjs"), target], { encoding: "utf8" });

describe("npm run link", () => {
  it("refuses a folder that is not Foundry's data folder, saying why, and creates nothing", () => {
    const stranger = join(work, "photos");
    mkdirSync(stranger);
    const result = link(stranger);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("is not a Foundry data folder");
    expect(existsSync(join(stranger, "systems"))).toBe(false);
  });

  it("links dist/ as Data/systems/brink, and leaves a real install alone", () => {
    const data = join(work, "FoundryVTT", "Data");
    mkdirSync(join(data, "systems"), { recursive: true });
    mkdirSync(join(data, "worlds"));
    expect(link(join(work, "FoundryVTT")).status).toBe(0);
    const linked = join(data, "systems", "brink");
    expect(lstatSync(linked).isSymbolicLink()).toBe(true);
    expect(readlinkSync(linked)).toBe(join(ROOT, "dist"));

    rmSync(linked);
    mkdirSync(linked);
    const refused = link(data);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain("is a real folder");
    expect(lstatSync(linked).isDirectory()).toBe(true);
  });
});

describe("npm run package", () => {
  it("writes a release zip and a manifest whose URLs follow package.json's release pattern", () => {
    execFileSync("node", [join(ROOT, "tools/package.mjs")], { cwd: ROOT, encoding: "utf8" });
    const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
      version: string;
      brink: { releaseBase: string };
    };
    const manifest = JSON.parse(readFileSync(join(ROOT, "release/system.json"), "utf8")) as {
      manifest: string;
      download: string;
      version: string;
    };
    expect(manifest.version).toBe(pkg.version);
    expect(manifest.manifest).toBe(`${pkg.brink.releaseBase}/latest/download/system.json`);
    expect(manifest.download).toBe(
      `${pkg.brink.releaseBase}/download/v${pkg.version}/brink-v${pkg.version}.zip`,
    );
    const zip = readFileSync(join(ROOT, `release/brink-v${pkg.version}.zip`));
    expect(zip.subarray(0, 2).toString()).toBe("PK");
    expect(zip.includes(Buffer.from("brink.mjs"))).toBe(true);
  });
});
