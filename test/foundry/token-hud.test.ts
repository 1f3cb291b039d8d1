/** The token HUD's status palette, clicked as a GM or a player would. */
import { beforeEach, describe, expect, it } from "vitest";
import { resetWorld, writeLog } from "../fake-foundry/install";
import { clearCanvas, placeToken } from "../fake-foundry/ui";
import type { FakeTokenHUD } from "../fake-foundry/hud";
import { bootBrink } from "./boot";

await bootBrink();

type Hud = FakeTokenHUD;
const hudClass = () => (CONFIG.Token as unknown as { hudClass: new () => Hud }).hudClass;

async function hudFor(name: string) {
  const actor = await Actor.implementation.create({ name, type: "character" });
  if (!actor) throw new Error("no actor");
  const hud = new (hudClass())().bind(placeToken(actor, 1, 1));
  return { actor, hud };
}

beforeEach(() => {
  resetWorld();
  clearCanvas();
});

describe("the token HUD", () => {
  it("shows a Brink condition as active and removes it on the next click", async () => {
    const { actor, hud } = await hudFor("Rhea");
    await hud.clickStatus("prone");
    expect(actor.statuses.has("prone")).toBe(true);
    expect(hud._getStatusEffectChoices().prone?.isActive).toBe(true);
    expect(hud._getStatusEffectChoices().prone?.cssClass).toBe("active");

    await hud.clickStatus("prone");
    expect(actor.statuses.has("prone")).toBe(false);
    expect(hud._getStatusEffectChoices().prone?.isActive).toBe(false);
  });

  it("toggles a condition with one actor write and never offers the derived ones", async () => {
    const { hud } = await hudFor("Rhea");
    writeLog.length = 0;
    await hud.clickStatus("in-cover");
    expect(writeLog.map((w) => `${w.action} ${w.documentName}`)).toEqual(["update Actor"]);
    const offered = Object.keys(hud._getStatusEffectChoices());
    expect(offered).not.toContain("harmed");
    expect(offered).not.toContain("bloodied");
    // Exhaustion is a level (RULES §1) set on the sheet and by rests: a bare HUD mark would change nothing.
    expect(offered).not.toContain("exhausted");
    expect(offered).toContain("surprised");
  });

  it("gives each condition it offers its effect: Disoriented is disadvantage on Notice and Investigate", async () => {
    const { actor, hud } = await hudFor("Rhea");
    const skills = () =>
      (actor.system as unknown as { skills: Record<string, { disadvantage: number }> }).skills;
    expect(skills().notice?.disadvantage).toBe(0);
    await hud.clickStatus("disoriented");
    expect(skills().notice?.disadvantage).toBe(1);
    expect(skills().investigate?.disadvantage).toBe(1);
    expect(skills().athletics?.disadvantage).toBe(0);
  });
});
