/**
 * Scene-control tools that follow the optional rules: turning a rule on or off adds or removes its
 * tool at once, as the README promises, though core prepares its controls only when asked to reset.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { resetWorld, settings } from "../fake-foundry/install";
import type { FakeSceneControls } from "../fake-foundry/scene-controls";
import { bootBrink } from "./boot";

await bootBrink();
const { FORM_DETACHMENT_TOOL } = await import("../../src/applications/detachments");
const { EXPLORATION_TOOL } = await import("../../src/applications/exploration/scene-control");

beforeEach(() => resetWorld());

/** The token tools this client's scene controls show now. */
const tokenTools = () =>
  Object.keys((ui.controls as unknown as FakeSceneControls).controls.tokens?.tools ?? {});

describe("the token controls follow the optional rules", () => {
  it("add Form detachment as soon as the GM turns detachments on, and remove it when they are turned off", async () => {
    expect(tokenTools()).toContain(EXPLORATION_TOOL);
    expect(tokenTools()).not.toContain(FORM_DETACHMENT_TOOL);
    await settings.set("brink", "detachments", true);
    expect(tokenTools()).toContain(FORM_DETACHMENT_TOOL);
    await settings.set("brink", "detachments", false);
    expect(tokenTools()).not.toContain(FORM_DETACHMENT_TOOL);
    expect(tokenTools()).toContain(EXPLORATION_TOOL);
  });
});
