/**
 * Issue 12, RULES §7.5: the GM sets the party's light from the exploration panel. Each ticked
 * character's light condition becomes the chosen level in one batched write, a card says what
 * changed, and the GM's revert gives each its earlier light back (refused when it changed since).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { FakeScene } from "../fake-foundry/combat";
import { notifications, resetWorld, settings, writeLog } from "../fake-foundry/install";
import { bootBrink } from "./boot";
import { clickAndFinish } from "../support/wait";

await bootBrink();
const { ExplorationPanel } = await import("../../src/applications/exploration");
const { activateCardButtons } = await import("../../src/applications/chat/card-buttons");
const { requestSetLight } = await import("../../src/workflows/exploration");

type Panel = InstanceType<typeof ExplorationPanel>;
type Card = ChatMessage.Implementation & { renderHTML(): Promise<HTMLElement> };

const lastCard = () =>
  game.messages.contents.filter((m) => m.type === "exploration").at(-1) as Card | undefined;
const cardText = async (card: Card | undefined) =>
  (await card?.renderHTML())?.textContent?.replace(/\s+/g, " ");
const conditions = (actor: Actor.Implementation) => [
  ...(actor.system as unknown as { conditions: Set<string> }).conditions,
];
const warnings = () => notifications.log.filter((e) => e.level === "warn").map((e) => e.message);

async function character(name: string, conditions: string[] = []) {
  const actor = await Actor.implementation.create({
    name,
    type: "character",
    system: { conditions },
  } as never);
  if (!actor) throw new Error(`${name} was not created`);
  return actor;
}

async function sceneWith(actors: Actor.Implementation[]) {
  const scene = await FakeScene.create({
    name: "Sunken Crypt",
    tokens: actors.map((actor, index) => ({
      name: actor.name,
      x: index * 100,
      y: 0,
      actorId: actor.id,
      actorLink: true,
      disposition: 1,
    })),
  });
  Object.assign(canvas as object, { scene });
}

async function openPanel(): Promise<Panel> {
  const panel = new ExplorationPanel({});
  await panel.render(true);
  return panel;
}

async function setLight(panel: Panel, level: string, ticked: Actor.Implementation[]): Promise<void> {
  for (const actor of ticked) {
    const box = panel.element.querySelector<HTMLInputElement>(
      `input[name="returning"][value="${actor.uuid}"]`,
    );
    if (!box) throw new Error(`The panel does not offer ${actor.name}.`);
    box.checked = true;
  }
  const select = panel.element.querySelector<HTMLSelectElement>('select[name="lightLevel"]');
  if (!select) throw new Error("The panel offers no light level.");
  select.value = level;
  panel.element.querySelector<HTMLElement>('[data-action="setLight"]')?.click();
  await (panel as unknown as { pending: Promise<unknown> }).pending;
}

async function revert(card: Card | undefined): Promise<void> {
  if (!card) throw new Error("no card");
  const html = await card.renderHTML();
  activateCardButtons(card, html);
  const button = html.querySelector<HTMLElement>('[data-action="revert-exploration"]');
  if (!button) throw new Error("The card shows no Revert.");
  await clickAndFinish(button);
}

beforeEach(async () => {
  resetWorld();
  notifications.log.length = 0;
  Object.assign(canvas as object, { scene: null });
  await settings.set("brink", "lightLevels", true);
});

describe("the panel's light control", () => {
  it("puts the ticked characters in darkness with one batched write, and the card says what changed", async () => {
    const roland = await character("Roland", ["prone"]);
    const petra = await character("Petra", ["dim-light"]);
    const ivo = await character("Ivo");
    await sceneWith([roland, petra, ivo]);
    const panel = await openPanel();
    writeLog.length = 0;
    await setLight(panel, "darkness", [roland, petra]);
    expect(conditions(roland)).toEqual(["prone", "darkness"]);
    expect(conditions(petra)).toEqual(["darkness"]);
    expect(conditions(ivo)).toEqual([]);
    expect(writeLog.filter((w) => w.documentName === "Actor").map((w) => w.action)).toEqual(["update"]);
    const text = await cardText(lastCard());
    expect(text).toContain("The GM sets the light: Darkness");
    expect(text).toContain("Roland: Well lit → Darkness.");
    expect(text).toContain("Petra: Dim light → Darkness.");
  });

  it("is reverted by the GM: each character's earlier light comes back, other conditions stay", async () => {
    const roland = await character("Roland", ["brilliant-light"]);
    await sceneWith([roland]);
    await setLight(await openPanel(), "well-lit", [roland]);
    expect(conditions(roland)).toEqual([]);
    const card = lastCard();
    expect(await cardText(card)).toContain("Roland: Brilliant light → Well lit.");
    await roland.update({ "system.conditions": ["prone"] } as never);
    await revert(card);
    expect(conditions(roland)).toEqual(["prone", "brilliant-light"]);
    expect(await cardText(card)).toContain("Reverted by the GM.");
  });

  it("refuses a revert, changing nothing, when a character's light has changed since", async () => {
    const roland = await character("Roland");
    await sceneWith([roland]);
    await setLight(await openPanel(), "dim-light", [roland]);
    await roland.update({ "system.conditions": ["darkness"] } as never);
    await revert(lastCard());
    expect(warnings().at(-1)).toBe("Not reverted: Roland's light has changed since. Nothing was changed.");
    expect(conditions(roland)).toEqual(["darkness"]);
  });

  it("refuses when nobody is ticked, and is not offered while light levels are off", async () => {
    const roland = await character("Roland");
    await sceneWith([roland]);
    const panel = await openPanel();
    const writes = writeLog.length;
    await setLight(panel, "darkness", []);
    expect(warnings().at(-1)).toBe("Tick at least one character to set their light.");
    expect(writeLog.length).toBe(writes);
    await settings.set("brink", "lightLevels", false);
    const closed = await openPanel();
    expect(closed.element.querySelector('[data-action="setLight"]')).toBeNull();
    expect(await requestSetLight([roland.uuid], "darkness")).toMatchObject({ ok: false });
    expect(warnings().at(-1)).toBe("Light levels are switched off in this world's settings.");
    expect(conditions(roland)).toEqual([]);
    expect(writeLog.length).toBe(writes);
  });
});
