/**
 * A change re-renders only the sheet parts it touches. Core re-renders an open sheet after its
 * actor changes with `renderContext: "updateActor"` and the changed data as `renderData`
 * (API v13 DocumentSheetRenderOptions); the tests make that call as core would.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { resetWorld } from "../fake-foundry/install";
import { openSheet } from "../support/sheets";
import { bootBrink } from "./boot";

await bootBrink();
const { CharacterSheet, NpcSheet } = await import("../../src/applications");

beforeEach(() => resetWorld());

async function boudica() {
  return (await Actor.implementation.create({
    name: "Boudica",
    type: "character",
    system: { endurance: { value: 8, max: 10 }, health: { value: 10, max: 10 } },
  })) as Actor.Implementation;
}

/** Updates the actor and re-renders its sheet as core does after the update. */
async function changeAndRender(
  sheet: Awaited<ReturnType<typeof openSheet>>,
  actor: Actor.Implementation,
  changes: Record<string, unknown>,
) {
  await actor.update(changes);
  await sheet.render({ renderContext: "updateActor", renderData: { _id: actor.id, ...changes } } as never);
}

const part = (sheet: { element: HTMLElement }, id: string) =>
  sheet.element.querySelector(`[data-application-part="${id}"]`);

describe("re-rendering an actor sheet after a change", () => {
  it("redraws only the header and actions when only a pool changed, with the new value shown", async () => {
    const actor = await boudica();
    const sheet = await openSheet(CharacterSheet, actor);
    const [header, character, tabs] = [part(sheet, "header"), part(sheet, "character"), part(sheet, "tabs")];

    await changeAndRender(sheet, actor, { system: { health: { value: 4 } } });

    expect(part(sheet, "header")).not.toBe(header);
    expect(part(sheet, "character")).toBe(character);
    expect(part(sheet, "tabs")).toBe(tabs);
    expect(part(sheet, "header")?.querySelector(".pool-health input")?.getAttribute("value")).toBe("4");
    expect(part(sheet, "header")?.querySelector(".state.bloodied")).not.toBeNull();
  });

  it("redraws every part when anything else changed", async () => {
    const actor = await boudica();
    const sheet = await openSheet(CharacterSheet, actor);
    const character = part(sheet, "character");

    await changeAndRender(sheet, actor, { system: { luck: { bonus: 2 } } });

    expect(part(sheet, "character")).not.toBe(character);
    expect(part(sheet, "character")?.querySelector(".stat-luck\\.bonus dd")?.textContent?.trim()).toBe("+2");
  });

  it("redraws every part when a pool's maximum changed with its value", async () => {
    const actor = await boudica();
    const sheet = await openSheet(NpcSheet, actor);
    const body = part(sheet, "npc");

    await changeAndRender(sheet, actor, { system: { endurance: { value: 3, max: 12 } } });

    expect(part(sheet, "npc")).not.toBe(body);
  });
});
