/**
 * RULES §7.5 at the table: the GM's exploration panel rolls travel turns (through the Tables
 * menu's chosen table), counts them, burns the party's lit torches and lanterns, and rolls to
 * return; each posts a card the GM can revert. Dice are fixed; everything goes through the
 * documents, the panel's buttons and the card's buttons.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { FakeScene } from "../fake-foundry/combat";
import { clearDice, plannedDiceLeft, queueDice } from "../fake-foundry/dice";
import { hooks, notifications, resetWorld, settings } from "../fake-foundry/install";
import { resetFakePacks, type FakeRollTable } from "../fake-foundry/packs";
import { answerDialog, clearDialogAnswers } from "../fake-foundry/ui";
import { bootBrink } from "./boot";
import { clickAndFinish, waitUntil } from "../support/wait";

await bootBrink();
const { registerRecovery } = await import("../../src/workflows/recovery");
registerRecovery();
const { ExplorationPanel, EXPLORATION_TOOL } = await import("../../src/applications/exploration");
const { activateCardButtons } = await import("../../src/applications/chat/card-buttons");
const { requestReturn } = await import("../../src/workflows/exploration");

const FRIENDLY = 1;
const HOSTILE = -1;
type Panel = InstanceType<typeof ExplorationPanel>;
type Card = ChatMessage.Implementation & { content: string; renderHTML(): Promise<HTMLElement> };

const turns = () => settings.get("brink", "travelTurns");
const cards = () => game.messages.contents.filter((message) => message.type === "exploration") as Card[];
const lastCard = () => cards().at(-1);
const warnings = () =>
  notifications.log.filter((entry) => entry.level === "warn").map((entry) => entry.message);
const cardText = async (card: Card | undefined) =>
  (await card?.renderHTML())?.textContent?.replace(/\s+/g, " ");

interface Gear {
  equipped: boolean;
  quantity: number;
  dropped: boolean;
  light: { left: number | null };
}
const gearOf = (actor: Actor.Implementation, name: string) =>
  actor.items.find((item) => item.name === name)?.system as unknown as Gear;
const pool = (actor: Actor.Implementation, key: "endurance" | "health") =>
  (actor.system as unknown as Record<string, { value: number }>)[key]?.value;

const torch = (equipped: boolean, quantity = 3) => ({
  name: "Torch",
  type: "gear",
  system: { equipped, quantity, light: { hours: 1, consumed: true } },
});
const lantern = (equipped: boolean) => ({
  name: "Lantern",
  type: "gear",
  system: { equipped, quantity: 1, light: { hours: 3, consumed: false } },
});

async function character(name: string, items: object[] = [], system: object = {}) {
  const actor = await Actor.implementation.create({ name, type: "character", items, system } as never);
  if (!actor) throw new Error(`${name} was not created`);
  return actor;
}

/** A scene the GM's canvas shows, with a token for each actor: friendly unless named hostile. */
async function sceneWith(actors: Actor.Implementation[], hostile: Actor.Implementation[] = []) {
  const scene = await FakeScene.create({
    name: "Sunken Crypt",
    tokens: [...actors, ...hostile].map((actor, index) => ({
      name: actor.name,
      x: index * 100,
      y: 0,
      actorId: actor.id,
      actorLink: true,
      disposition: hostile.includes(actor) ? HOSTILE : FRIENDLY,
    })),
  });
  Object.assign(canvas as object, { scene });
  return scene;
}

async function openPanel(): Promise<Panel> {
  const panel = new ExplorationPanel({});
  await panel.render(true);
  return panel;
}

async function click(panel: Panel, action: string): Promise<void> {
  const button = panel.element.querySelector<HTMLElement>(`[data-action="${action}"]`);
  if (!button) throw new Error(`The panel shows no ${action} button.`);
  button.click();
  await (panel as unknown as { pending: Promise<unknown> }).pending;
}

function choose(panel: Panel, name: string, value: string): void {
  for (const input of panel.element.querySelectorAll<HTMLInputElement>(`input[name="${name}"]`))
    input.checked = input.value === value;
  const select = panel.element.querySelector<HTMLSelectElement>(`select[name="${name}"]`);
  if (select) select.value = value;
}

function tick(panel: Panel, actor: Actor.Implementation): void {
  const box = panel.element.querySelector<HTMLInputElement>(`input[name="returning"][value="${actor.uuid}"]`);
  if (!box) throw new Error(`The panel does not offer ${actor.name}.`);
  box.checked = true;
}

/** The GM clicks a button on a card, through the card's own listener. */
async function clickCard(card: Card | undefined, selector: string): Promise<void> {
  if (!card) throw new Error("no card");
  const html = await card.renderHTML();
  activateCardButtons(card, html);
  const button = html.querySelector<HTMLElement>(selector);
  if (!button) throw new Error(`The card shows nothing matching ${selector}.`);
  await clickAndFinish(button);
}

beforeEach(async () => {
  resetWorld();
  resetFakePacks();
  clearDice();
  clearDialogAnswers();
  Object.assign(canvas as object, { scene: null });
  await settings.set("brink", "travelTurns", 0);
});

describe("the exploration tool among the token controls", () => {
  it("is a GM's button that opens the panel and closes it again", async () => {
    const controls: Record<string, { tools: Record<string, { onChange?: () => void; button?: boolean }> }> = {
      tokens: { tools: { select: {} } },
    };
    hooks.callAll("getSceneControlButtons", controls);
    const tool = controls.tokens?.tools[EXPLORATION_TOOL];
    expect(tool?.button).toBe(true);
    const panel = () => foundry.applications.instances.get("brink-exploration");
    tool?.onChange?.();
    await waitUntil(() => panel() !== undefined, "the exploration panel to open");
    tool?.onChange?.();
    await waitUntil(() => panel() === undefined, "the exploration panel to close");
  });
});

describe("a travel turn", () => {
  it("is refused with a message, and nothing changes, when no scene is shown", async () => {
    const panel = await openPanel();
    expect(panel.element.textContent).toContain("No scene is shown");
    await click(panel, "rollTravel");
    expect(warnings()).toContain("No scene is shown: open the scene the party explores first.");
    expect(turns()).toBe(0);
    expect(cards()).toHaveLength(0);
  });

  it("is refused when no character has a friendly token on the scene", async () => {
    const ghoul = await Actor.implementation.create({ name: "Ghoul", type: "npc" } as never);
    await sceneWith([], [ghoul as Actor.Implementation]);
    const panel = await openPanel();
    await click(panel, "rollTravel");
    expect(warnings()).toContain("No character has a friendly token on Sunken Crypt: nothing to roll for.");
    expect(turns()).toBe(0);
    expect(cards()).toHaveLength(0);
  });

  it("rolls with advantage when cautious, counts the turn and burns each lit torch and lantern an hour", async () => {
    const roland = await character("Roland", [torch(true), { ...torch(false, 2), name: "Spare torches" }]);
    const petra = await character("Petra", [lantern(true)]);
    await sceneWith([roland, petra]);
    const panel = await openPanel();
    choose(panel, "approach", "cautious");
    queueDice(4, 15);
    await click(panel, "rollTravel");
    expect(plannedDiceLeft()).toBe(0);
    expect(turns()).toBe(1);
    expect(gearOf(roland, "Torch")).toMatchObject({ quantity: 2, equipped: false, light: { left: null } });
    expect(gearOf(roland, "Spare torches")).toMatchObject({ quantity: 2, equipped: false });
    expect(gearOf(petra, "Lantern")).toMatchObject({ quantity: 1, equipped: true, light: { left: 2 } });
    const text = await cardText(lastCard());
    expect(text).toContain("Cautious: rolled 4, 15, the higher (15) counts.");
    expect(text).toContain("Rising Threat");
    expect(text).toContain("Travel turns: 0 → 1.");
    expect(text).toContain("Roland's Torch burns out and is used up (2 left, none lit).");
    expect(text).toContain("Petra's Lantern burns on: 2 hours left.");
    expect(text).not.toContain("No light is left burning");
    expect(panel.element.textContent).toContain("Travel turns so far: 1");
  });

  it("keeps the lower d20 when hasty, and warns when the last light goes out", async () => {
    const roland = await character("Roland", [torch(true, 1)]);
    await sceneWith([roland]);
    const panel = await openPanel();
    choose(panel, "approach", "hasty");
    queueDice(20, 1);
    await click(panel, "rollTravel");
    const text = await cardText(lastCard());
    expect(text).toContain("Hasty: rolled 20, 1, the lower (1) counts.");
    expect(text).toContain("Disaster");
    expect(text).toContain("(0 left, none lit)");
    expect(text).toContain("No light is left burning in the party.");
    expect(gearOf(roland, "Torch").quantity).toBe(0);
  });

  it("reads the world table the GM chose in the Tables menu", async () => {
    await game.brink.importTables();
    const chosen = settings.get("brink", "tables") as Record<string, string>;
    const copy = (await fromUuid(chosen["travel-turn"] ?? "")) as unknown as FakeRollTable;
    const respite = copy.results.find((result) => result.range[0] === 20);
    await copy.updateEmbeddedDocuments("TableResult", [
      { _id: respite?.id, name: "A merchant's lost cart", description: "Spilled supplies by the road." },
    ] as never);
    await sceneWith([await character("Roland")]);
    queueDice(20);
    await click(await openPanel(), "rollTravel");
    const text = await cardText(lastCard());
    expect(text).toContain("A merchant's lost cart");
    expect(text).toContain("Spilled supplies by the road.");
    expect(text).toContain("Nobody in the party holds a lit torch or lantern.");
  });

  it("can be reset by the GM", async () => {
    await settings.set("brink", "travelTurns", 6);
    const panel = await openPanel();
    await click(panel, "resetTurns");
    expect(turns()).toBe(0);
    expect(panel.element.textContent).toContain("Travel turns so far: 0");
  });

  it("is reverted by the GM on top of later turns: one fewer counted, the light given back, once", async () => {
    const roland = await character("Roland", [torch(true)]);
    const petra = await character("Petra", [lantern(true)]);
    await sceneWith([roland, petra]);
    queueDice(12);
    await click(await openPanel(), "rollTravel");
    const card = lastCard();
    await settings.set("brink", "travelTurns", 5);
    await clickCard(card, '[data-action="revert-exploration"]');
    expect(turns()).toBe(4);
    expect(gearOf(roland, "Torch")).toMatchObject({ quantity: 3, equipped: true });
    expect(gearOf(petra, "Lantern")).toMatchObject({ equipped: true, light: { left: null } });
    expect(await cardText(card)).toContain("Reverted by the GM.");
    const html = await card?.renderHTML();
    expect(html?.querySelector('[data-action="revert-exploration"]')).toBeNull();
  });

  it("refuses a revert, changing nothing, when a light source it burnt has changed since", async () => {
    const roland = await character("Roland", [torch(true)]);
    await sceneWith([roland]);
    queueDice(12);
    await click(await openPanel(), "rollTravel");
    const item = roland.items.find((entry) => entry.name === "Torch");
    await item?.update({ system: { quantity: 7 } } as never);
    await clickCard(lastCard(), '[data-action="revert-exploration"]');
    expect(warnings().at(-1)).toBe(
      "Not reverted: these light sources have changed since (Torch). Nothing was changed.",
    );
    expect(turns()).toBe(1);
    expect(gearOf(roland, "Torch").quantity).toBe(7);
  });
});

describe("rolling to return", () => {
  /** Roland: STR d12 (+3) and a proficiency (+1); Petra: DEX d10 (+2). Four turns out: DC 14. */
  async function party() {
    const roland = await character("Roland", [], {
      attributes: { str: { die: 12 } },
      proficiencies: ["martial"],
    });
    const petra = await character(
      "Petra",
      [
        { name: "Purse of coins", type: "gear", system: {} },
        { name: "Crystal skull", type: "gear", system: {} },
        { name: "Spear", type: "weapon", system: {} },
        { name: "Chain shirt", type: "armour", system: { equipped: true, deflection: { physical: 3 } } },
      ],
      { attributes: { dex: { die: 10 } } },
    );
    await sceneWith([roland, petra]);
    await settings.set("brink", "travelTurns", 4);
    return { roland, petra };
  }

  it("refuses a roll for nobody", async () => {
    await party();
    const panel = await openPanel();
    await click(panel, "rollReturn");
    expect(warnings()).toContain("Tick at least one character to roll to return.");
    const refused = await requestReturn([], "arduous");
    expect(refused).toMatchObject({ ok: false, reason: "BRINK.Exploration.Refusal.nobody" });
    expect(cards()).toHaveLength(0);
  });

  it("on an arduous path drops one load per point short, chosen by the GM and marked, not deleted; revert picks them up", async () => {
    const { roland, petra } = await party();
    const panel = await openPanel();
    expect(panel.element.textContent).toContain("against 14");
    tick(panel, roland);
    tick(panel, petra);
    choose(panel, "path", "arduous");
    queueDice(13, 10);
    await click(panel, "rollReturn");
    const card = lastCard();
    let text = await cardText(card);
    expect(text).toContain("Arduous path, DC 14 (4 travel turns)");
    expect(text).toContain("Roland: d20 13 +4 = 17 against 14.");
    expect(text).toContain("Roland makes it back safely.");
    expect(text).toContain("Petra: d20 10 +2 = 12 against 14.");
    expect(text).toContain("Petra falls 2 short.");
    expect(text).toContain("Petra loses 2 loads of equipment on the way: the GM picks which.");
    answerDialog({ "item-0": true, "item-1": true });
    await clickCard(card, '[data-action="exploration-drop"]');
    expect(gearOf(petra, "Purse of coins").dropped).toBe(true);
    expect(gearOf(petra, "Crystal skull").dropped).toBe(true);
    expect(gearOf(petra, "Spear").dropped).toBe(false);
    expect(petra.items.size).toBe(4);
    text = await cardText(card);
    expect(text).toContain("Petra dropped: Purse of coins, Crystal skull.");
    const html = await card?.renderHTML();
    expect(html?.querySelector('[data-action="exploration-drop"]')).toBeNull();
    await clickCard(card, '[data-action="revert-exploration"]');
    expect(gearOf(petra, "Purse of coins").dropped).toBe(false);
    expect(gearOf(petra, "Crystal skull").dropped).toBe(false);
  });

  it("refuses a drop of the wrong number of items and drops nothing", async () => {
    const { petra } = await party();
    const panel = await openPanel();
    tick(panel, petra);
    choose(panel, "path", "arduous");
    queueDice(10);
    await click(panel, "rollReturn");
    answerDialog({ "item-0": true });
    await clickCard(lastCard(), '[data-action="exploration-drop"]');
    expect(warnings().at(-1)).toBe("Pick exactly 2 items for Petra to drop.");
    expect(gearOf(petra, "Purse of coins").dropped).toBe(false);
  });

  it("on a dangerous path deals a d6 per point short through the damage chain, ignoring armour; revert gives it back", async () => {
    const { petra } = await party();
    const panel = await openPanel();
    tick(panel, petra);
    choose(panel, "path", "dangerous");
    queueDice(10, 3, 4);
    await click(panel, "rollReturn");
    expect(plannedDiceLeft()).toBe(0);
    expect(pool(petra, "endurance")).toBe(3);
    const card = lastCard();
    const text = await cardText(card);
    expect(text).toContain("Dangerous path, DC 14 (4 travel turns)");
    expect(text).toContain("Damage on the way: 3, 4 = 7, ignoring deflection.");
    await petra.update({ "system.health.value": 8 } as never);
    await clickCard(card, '[data-action="revert-exploration"]');
    expect(pool(petra, "endurance")).toBe(10);
    expect(pool(petra, "health")).toBe(8);
    expect(await cardText(card)).toContain("Reverted by the GM.");
  });
});

describe("resilience and corruption", () => {
  /** Roland: CON d8 (+1). Petra: CON d10 (+2). */
  async function pair() {
    const roland = await character("Roland", [], { attributes: { con: { die: 8 } } });
    const petra = await character("Petra", [], { attributes: { con: { die: 10 } } });
    await sceneWith([roland, petra]);
    return { roland, petra };
  }
  const exhaustion = (actor: Actor.Implementation) =>
    (actor.system as unknown as { exhaustion: number }).exhaustion;
  const conDie = (actor: Actor.Implementation) =>
    (actor.system as unknown as { attributes: { con: { value: number } } }).attributes.con.value;

  it("checks only those past their CON in hours; a failure exhausts, and the GM's revert takes it off", async () => {
    const { roland, petra } = await pair();
    await settings.set("brink", "travelTurns", 9);
    const panel = await openPanel();
    tick(panel, roland);
    tick(panel, petra);
    queueDice(9);
    await click(panel, "checkResilience");
    expect(plannedDiceLeft()).toBe(0);
    expect(exhaustion(roland)).toBe(1);
    expect(exhaustion(petra)).toBe(0);
    const card = lastCard();
    const text = await cardText(card);
    expect(text).toContain("Roland: d20 9 +1 = 10 against 11.");
    expect(text).toContain("Roland is worn out: exhaustion 1.");
    expect(text).toContain("Petra can go 10 hours (CON) and has been out 9: no check needed.");
    await roland.update({ "system.exhaustion": 3 } as never);
    await clickCard(card, '[data-action="revert-exploration"]');
    expect(exhaustion(roland)).toBe(2);
  });

  it("counts one hour out and one travel turn in the singular on its cards", async () => {
    const { roland } = await pair();
    await settings.set("brink", "travelTurns", 1);
    const panel = await openPanel();
    tick(panel, roland);
    await click(panel, "checkResilience");
    expect(await cardText(lastCard())).toContain("1 hour out");
    tick(panel, roland);
    choose(panel, "path", "dangerous");
    queueDice(20);
    await click(panel, "rollReturn");
    expect(await cardText(lastCard())).toContain("(1 travel turn)");
  });

  it("infects on a failed first check, and a failed stage takes a d6 off the chosen attribute's die", async () => {
    const { petra } = await pair();
    const panel = await openPanel();
    tick(panel, petra);
    queueDice(5);
    await click(panel, "checkCorruption");
    expect(await cardText(lastCard())).toContain("Petra is infected.");
    expect(conDie(petra)).toBe(10);
    choose(panel, "corruptionAttribute", "con");
    queueDice(3, 4);
    await click(panel, "checkCorruption");
    const card = lastCard();
    expect(await cardText(card)).toContain("Petra takes 4 damage to CON: d10 → d6.");
    expect(conDie(petra)).toBe(6);
    await clickCard(card, '[data-action="revert-exploration"]');
    expect(conDie(petra)).toBe(10);
  });

  it("a stage that takes CON to 0 kills (an injury item steps it down), and the revert removes that item", async () => {
    const { petra } = await pair();
    await petra.update({ "system.attributes.con.die": 6 } as never);
    const panel = await openPanel();
    tick(panel, petra);
    choose(panel, "corruptionAttribute", "con");
    queueDice(2, 6);
    await click(panel, "checkCorruption");
    expect(conDie(petra)).toBe(0);
    const dead = () => (petra.system as unknown as { conditions: Set<string> }).conditions.has("dead");
    await waitUntil(dead, "the active GM's client to record CON 0 as death");
    expect(petra.items.map((item) => item.name)).toEqual(["Corruption (Constitution)"]);
    expect(await cardText(lastCard())).toContain("Petra takes 6 damage to CON: d6 → 0.");
    await clickCard(lastCard(), '[data-action="revert-exploration"]');
    expect(conDie(petra)).toBe(6);
    expect(petra.items.size).toBe(0);
  });
});
