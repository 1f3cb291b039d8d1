import { spawnSync } from "node:child_process";
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readlinkSync, rmSync } from "node:fs";
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
