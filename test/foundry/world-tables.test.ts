/**
 * Tables a GM can edit without losing them on update: one click copies Brink's compendium tables
 * into the world and points the `tables` world setting at the copies; an edit to a copy changes
 * what Brink rolls; a chosen table whose results do not fit is refused with a clear message and the
 * compendium's is used instead.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { clearDice, queueDice } from "../fake-foundry/dice";
import { notifications, resetWorld, settings } from "../fake-foundry/install";
import { asUser } from "../fake-foundry/runtime";
import { fakePacks, resetFakePacks, type FakeRollTable } from "../fake-foundry/packs";
import { controlsNamed, setControl } from "../fake-foundry/forms";
import { expectConsoleReport } from "../support/console";
import { bootCombat, DISPOSITIONS, player, setUpFight } from "./combat-fixtures";

await bootCombat();
const { registerRecovery } = await import("../../src/workflows/recovery");
registerRecovery();
const { requestRetreat } = await import("../../src/workflows/retreat");
const { TablesMenu } = await import("../../src/applications/settings");

type Menu = InstanceType<typeof TablesMenu>;
const pending = (menu: object): Promise<unknown> => (menu as { pending: Promise<unknown> }).pending;

async function openMenu(): Promise<Menu> {
  const menu = new TablesMenu({});
  await menu.render(true);
  // Foundry shows a window in the page; a form outside any page cannot be submitted.
  menu.element.ownerDocument.body.append(menu.element);
  return menu;
}

/** The GM picks a table for each key named and saves the menu. */
async function pick(values: Record<string, string>): Promise<Menu> {
  const menu = await openMenu();
  for (const [name, value] of Object.entries(values))
    setControl(controlsNamed(menu.element, name, "The menu"), value);
  menu.element.querySelector<HTMLButtonElement>('button[type="submit"]')?.click();
  await pending(menu);
  return menu;
}

const itemNames = (actor: Actor.Implementation) => actor.items.map((item) => item.name).sort();
const lastCard = () => game.messages.contents.at(-1) as unknown as { content: string };
const warnings = () =>
  notifications.log.filter((entry) => entry.level === "warn").map((entry) => entry.message);
const chosen = () => game.settings.get("brink", "tables") as Record<string, string>;

async function loneRetreat(): Promise<Actor.Implementation> {
  const fight = await setUpFight([
    { name: "Petra", disposition: DISPOSITIONS.friendly, type: "character" },
    { name: "Goblin", disposition: DISPOSITIONS.hostile },
  ]);
  await requestRetreat(fight.combat.id ?? "", [fight.actor("Petra").uuid]);
  return fight.actor("Petra");
}

const packTable = (key: string) =>
  fakePacks.get("brink.tables")?.contents.find((table) => table.getFlag("brink", "table") === key) as
    FakeRollTable | undefined;

beforeEach(() => {
  resetWorld();
  clearDice();
});
afterEach(() => {
  resetFakePacks();
  settings.reset();
});

describe("world copies of Brink's tables", () => {
  it("the GM's Import tables button copies every compendium table into the world and chooses the copies", async () => {
    const menu = await openMenu();
    const button = menu.element.querySelector<HTMLElement>('[data-action="importTables"]');
    expect(button?.textContent).toContain("Import Brink's tables into the world");
    button?.click();
    await new Promise((resolve) => setTimeout(resolve, 0));
    const shipped = fakePacks.get("brink.tables")?.contents.length ?? 0;
    const keys = Object.keys(chosen()).sort();
    expect(keys).toContain("retreat");
    expect(keys).toContain("injury-s1");
    expect(keys).toHaveLength(shipped);
    const copy = (await fromUuid(chosen().retreat ?? "")) as unknown as FakeRollTable | null;
    expect(copy?.uuid).toMatch(/^RollTable\./);
    expect(copy?.results.size).toBe(packTable("retreat")?.results.size);
    expect(notifications.log.at(-1)?.message).toContain(`${shipped} tables`);
  });

  it("an edit to the world copy changes what a retreat rolls; the compendium is untouched", async () => {
    queueDice(1, 3);
    expect(itemNames(await loneRetreat())).toEqual(["Serious Injury (Constitution)"]);
    resetWorld();
    await game.brink.importTables();
    const copy = (await fromUuid(chosen().retreat ?? "")) as unknown as FakeRollTable;
    const serious = copy.results.find((result) => result.range[0] === 1);
    await copy.updateEmbeddedDocuments("TableResult", [
      { _id: serious?.id, flags: { brink: { outcome: "attrition" } }, documentUuid: null },
    ] as never);
    queueDice(1, 3);
    const actor = await loneRetreat();
    expect(itemNames(actor)).toEqual([]);
    expect(lastCard().content).toContain("Attrition: 3 damage");
    const shipped = packTable("retreat")?.results.find((result) => result.range[0] === 1);
    expect(shipped?.documentUuid).not.toBeNull();
  });

  it("a chosen copy later edited into another die is refused when drawn, with a message; the compendium's serves", async () => {
    await game.brink.importTables();
    const copy = (await fromUuid(chosen().retreat ?? "")) as unknown as FakeRollTable;
    await copy.update({ formula: "1d4" } as never);
    queueDice(1, 3);
    const actor = await expectConsoleReport("warn", /it rolls 1d4, Brink's rolls 1d10\./, loneRetreat);
    expect(itemNames(actor)).toEqual(["Serious Injury (Constitution)"]);
    expect(warnings().join("\n")).toContain("it rolls 1d4, Brink's rolls 1d10.");
  });

  it("refuses a chosen table whose results do not fit, says so, and rolls the compendium's", async () => {
    const wrong = (await RollTable.implementation.create({
      name: "My retreat table",
      formula: "1d4",
      results: [
        { type: "text", name: "Anything", range: [1, 4], flags: { brink: { outcome: "attrition" } } },
      ],
    } as never)) as unknown as FakeRollTable;
    expect(await game.brink.useTable("retreat", wrong.uuid)).toBe(false);
    expect(chosen()).toEqual({});
    queueDice(1, 3);
    const actor = await loneRetreat();
    expect(itemNames(actor)).toEqual(["Serious Injury (Constitution)"]);
    expect(warnings().join("\n")).toContain(
      'The table "My retreat table" chosen for Brink\'s retreat table does not fit',
    );
  });

  it("the Tables menu lists each of Brink's tables with the compendium's chosen, and a fitting world table can be picked", async () => {
    const mine = (await RollTable.implementation.create({
      ...packTable("retreat")?.toObject(),
      _id: undefined,
      name: "Our retreat table",
    } as never)) as unknown as FakeRollTable;
    const menu = await openMenu();
    const select = menu.element.querySelector<HTMLSelectElement>('select[name="retreat"]');
    expect(menu.element.querySelector('label[for="brink-table-retreat"]')?.textContent).toContain(
      packTable("retreat")?.name ?? "?",
    );
    expect(select?.value).toBe("");
    expect([...(select?.options ?? [])].map((option) => option.textContent?.trim())).toEqual([
      "Compendium",
      "Our retreat table",
    ]);
    await pick({ retreat: mine.uuid });
    expect(chosen()).toEqual({ retreat: mine.uuid });

    await pick({ retreat: "" });
    expect(chosen()).toEqual({});
  });

  it("the Tables menu refuses a world table that does not fit, with the reason, and keeps the choice", async () => {
    const wrong = (await RollTable.implementation.create({
      name: "A d4 table",
      formula: "1d4",
      results: [{ type: "text", name: "Anything", range: [1, 4] }],
    } as never)) as unknown as FakeRollTable;
    await pick({ setback: wrong.uuid });
    expect(chosen()).toEqual({});
    expect(warnings().at(-1)).toContain("it rolls 1d4, Brink's rolls 1d10.");
  });

  it("lets only the GM import or choose tables", async () => {
    const roland = player("roland-player");
    await asUser(roland, () => game.brink.importTables());
    expect(chosen()).toEqual({});
    expect(warnings().at(-1)).toContain("Only the GM");
  });
});
