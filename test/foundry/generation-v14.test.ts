/**
 * Issue 24: what only Foundry v14 has. The `unit` project plays v14; `foundry-v13` leaves this file
 * out (vitest.config.ts), so nothing here is skipped: v14's in-character mode, and the fake's
 * recorder of v14 deprecations that fails a test file when Brink's own code makes one.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { resetWorld } from "../fake-foundry/install";
import { settings } from "../fake-foundry/runtime";
import { calledByBrink, deprecationCalls, generation } from "../fake-foundry/generation";
import { bootBrink } from "./boot";

await bootBrink();
const boundary = await import("../../src/foundry/generation");

beforeEach(() => resetWorld());

const ROOT = new URL("../..", import.meta.url).pathname;

describe("Brink on Foundry v14 only", () => {
  it("runs under the v14 fake", () => {
    expect(generation).toBe(14);
  });

  it("reads v14's in-character mode as public, since a roll card is not speech", async () => {
    await settings.set("core", "messageMode", "ic");
    expect(boundary.ownMessageMode()).toBe("publicroll");
  });
});

describe("the v14 deprecation recorder", () => {
  it("records a deprecated call a test makes, without blaming Brink", () => {
    const before = deprecationCalls.length;
    expect(CONST.ACTIVE_EFFECT_MODES.ADD).toBe(2);
    expect(deprecationCalls.slice(before)).toEqual([
      { api: "CONST.ACTIVE_EFFECT_MODES (use CONST.ACTIVE_EFFECT_CHANGE_TYPES)", byBrink: false },
    ]);
  });

  it("blames Brink when the caller nearest the fake is a file under src/", () => {
    const frame = (path: string) => `    at caller (${ROOT}${path}:1:1)`;
    const stack = (...paths: string[]) => ["Error", ...paths.map(frame)].join("\n");
    expect(calledByBrink(stack("test/fake-foundry/documents.ts", "src/workflows/rest.ts"))).toBe(true);
    expect(calledByBrink(stack("test/fake-foundry/documents.ts", "test/foundry/rest.test.ts"))).toBe(false);
    expect(calledByBrink(stack("test/foundry/rest.test.ts", "src/workflows/rest.ts"))).toBe(false);
  });

  it('records an update with a "-=" key, which v14 replaced by ForcedDeletion', async () => {
    const actor = await Actor.implementation.create({
      name: "Petra",
      type: "character",
      flags: { brink: { a: 1 } },
    } as never);
    const before = deprecationCalls.length;
    await actor?.update({ "flags.brink.-=a": null } as never);
    expect(deprecationCalls.slice(before).map((c) => c.api)).toEqual([
      'update keys "-=" and "==" (use foundry.data.operators.ForcedDeletion / ForcedReplacement)',
    ]);
  });
});
