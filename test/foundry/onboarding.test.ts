/**
 * The welcome a GM gets in a new world: at startup the active GM's client opens the rules journal at
 * the "Getting Started (GM)" page, once; players never get it. Its links reach the rules, the
 * pregenerated characters and the example fight, which uses the shipped adversaries.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { resetWorld, settings, users, writeLog } from "../fake-foundry/install";
import { openedJournals, resetFakePacks, type FakeJournalEntryPage } from "../fake-foundry/packs";
import { asUser, makeUser } from "../fake-foundry/runtime";
import { bootBrink } from "./boot";

await bootBrink();
const { startup } = await import("../../src/startup");
const { WELCOME_PAGE_UUID } = await import("../../src/onboarding");
const { SCHEMA_VERSION } = await import("../../src/migrations");

const player = users.add(makeUser({ id: "welcome-player", name: "Player", isGM: false }));
const page = (uuid: string) => fromUuidSync(uuid) as unknown as FakeJournalEntryPage;
const links = (html: string) =>
  [...html.matchAll(/@UUID\[([^\]]+)\]\{([^}]+)\}/g)].map(([, uuid = "", label = ""]) => ({ uuid, label }));

beforeEach(() => {
  resetWorld();
  resetFakePacks();
  openedJournals.length = 0;
});

describe("the welcome page", () => {
  it("opens for the GM at startup in a new world, at the Getting Started page, and records the version", async () => {
    await startup();

    const welcome = page(WELCOME_PAGE_UUID);
    expect(welcome.name).toBe("Getting Started (GM)");
    expect(openedJournals).toEqual([{ uuid: welcome.parent?.uuid, pageId: welcome.id, userId: "gm" }]);
    expect(settings.get("brink", "welcomeShown")).toBe(true);
    expect(settings.get("brink", "worldSchemaVersion")).toBe(SCHEMA_VERSION);
  });

  it("does not open again once shown", async () => {
    await startup();
    await startup();

    expect(openedJournals).toHaveLength(1);
  });

  it("never opens for a player, nor marks itself shown", async () => {
    await asUser(player, () => startup());
    const { showWelcome } = await import("../../src/onboarding");
    await asUser(player, () => showWelcome());

    expect(openedJournals).toEqual([]);
    expect(settings.get("brink", "welcomeShown")).toBe(false);
    expect(writeLog).toEqual([]);
  });

  it("links to the rules journal, every pregenerated character and the example fight, all of which exist", async () => {
    const found = links(page(WELCOME_PAGE_UUID).text.content);

    for (const { uuid, label } of found)
      expect((fromUuidSync(uuid) as { name: string } | null)?.name, uuid).toBe(label);
    const uuids = found.map((l) => l.uuid);
    expect(uuids).toContain("Compendium.brink.rules.JournalEntry.9rbVUvVd64BZZ1di");
    expect(
      found
        .filter((l) => l.uuid.startsWith("Compendium.brink.characters."))
        .map((l) => l.label)
        .sort(),
    ).toEqual(["Agnessa", "Boudica", "Clementine", "Fabian", "Petra", "Roland"]);
    expect(found.map((l) => l.label)).toContain("Example Fight: Ambush at the Ford");
  });

  it("the example fight names shipped adversaries, linked", async () => {
    const fight = links(page(WELCOME_PAGE_UUID).text.content).find((l) =>
      l.label.startsWith("Example Fight"),
    );
    const adversaries = links(page(fight?.uuid ?? "").text.content).filter((l) =>
      l.uuid.startsWith("Compendium.brink.adversaries."),
    );

    expect(adversaries.map((l) => l.label)).toEqual(["Goblin", "Goblin Archer"]);
    for (const { uuid, label } of adversaries)
      expect((fromUuidSync(uuid) as { name: string } | null)?.name).toBe(label);
  });
});
