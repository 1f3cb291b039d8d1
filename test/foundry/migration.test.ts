/**
 * The world migration a GM's client runs at startup, on a world made with Brink 0.1.0: world actors
 * and their items, world items, an attack card with the old target map, an unlinked token whose
 * delta holds old shapes, and a locked world compendium. What was written is read from the update
 * hooks, which carry exactly what each write sent to the server.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { FakeScene, type FakeToken } from "../fake-foundry/combat";
import { hooks, notifications, resetWorld, settings, writeLog } from "../fake-foundry/install";
import { createWorldPack, resetFakePacks } from "../fake-foundry/packs";
import type { Plain } from "../fake-foundry/utils";
import { bootBrink } from "./boot";

await bootBrink();
const { migrateWorld, SCHEMA_VERSION } = await import("../../src/migrations");

const recorded = () => settings.get("brink", "worldSchemaVersion");
const TARGET = { uuid: "Scene.s1.Token.t1", name: "Ostrog", img: "ostrog.webp" };

/** Every change each update sent, by document name. */
function sentUpdates(): Record<string, Plain[]> {
  const sent: Record<string, Plain[]> = {};
  for (const name of ["Actor", "Item", "ChatMessage", "Token"])
    hooks.on(`update${name}`, (_doc: unknown, changes: unknown) => {
      (sent[name] ??= []).push(changes as Plain);
    });
  return sent;
}

async function worldFrom010() {
  const boudica = await Actor.implementation.create({
    name: "Boudica",
    type: "character",
    // 0.1.0 stored bare die sizes; the model reads them as { die }.
    system: { attributes: { str: 8 } },
    items: [
      { name: "Spear", type: "weapon", system: { damage: 2 } },
      { name: "Tough", type: "talent" },
    ],
  } as never);
  const goblin = await Actor.implementation.create({ name: "Goblin", type: "npc" } as never);
  await Item.implementation.create({ name: "Lantern", type: "gear", system: { quantity: 2 } } as never);
  await ChatMessage.implementation.create({
    type: "attack",
    system: { attacks: [{ result: {}, targets: { Scene: { s1: { Token: { t1: TARGET } } } } }] },
  } as never);
  const scene = await FakeScene.create({
    name: "Ambush",
    tokens: [
      {
        name: "Goblin Scout",
        actorId: goblin?.id,
        actorLink: false,
        delta: {
          system: { attributes: { dex: 10 } },
          items: [{ _id: "scoutbow0000000a", name: "Shortbow", type: "weapon", system: { damage: 1 } }],
        },
      },
    ],
  });
  const pack = createWorldPack({
    name: "loot",
    type: "Item",
    locked: true,
    documents: [{ _id: "lootdagger000000", name: "Old Dagger", type: "weapon", system: {} }],
  });
  return { boudica, goblin, scene: scene as FakeScene, pack };
}

beforeEach(() => {
  resetWorld();
  resetFakePacks();
});

describe("a world made with Brink 0.1.0", () => {
  it("is migrated in one batched write per collection and parent, and the version recorded", async () => {
    const { boudica, scene, pack } = await worldFrom010();
    writeLog.length = 0;
    const sent = sentUpdates();

    const report = await migrateWorld();

    expect(recorded()).toBe(SCHEMA_VERSION);
    expect(report).toEqual({ version: SCHEMA_VERSION, migrated: 7, failures: [] });
    expect(
      writeLog.map(({ action, documentName, parent, count, pack: inPack }) => ({
        action,
        documentName,
        parent,
        count,
        pack: inPack,
      })),
    ).toEqual([
      { action: "update", documentName: "Actor", parent: null, count: 2, pack: undefined },
      { action: "update", documentName: "Item", parent: boudica?.uuid, count: 1, pack: undefined },
      { action: "update", documentName: "Item", parent: null, count: 1, pack: undefined },
      { action: "update", documentName: "ChatMessage", parent: null, count: 1, pack: undefined },
      { action: "update", documentName: "Token", parent: scene.uuid, count: 1, pack: undefined },
      { action: "update", documentName: "Item", parent: null, count: 1, pack: "world.loot" },
      { action: "create", documentName: "ChatMessage", parent: null, count: 1, pack: undefined },
    ]);
    // The talent is not carried: nothing to write for it, so Boudica's items cost one write for one item.
    const boudicaSent = sent.Actor?.find((changes) => changes._id === boudica?.id);
    expect(boudicaSent).toMatchObject({ system: { attributes: { str: { die: 8 } } } });
    expect(sent.Item).toContainEqual(
      expect.objectContaining({ system: expect.objectContaining({ price: 0, quantity: 1 }) }),
    );
    expect(sent.ChatMessage?.[0]).toMatchObject({ system: { attacks: [{ targets: [TARGET] }] } });
    expect(pack.locked).toBe(true);
  });

  it("writes an unlinked token's delta in today's shape and leaves the world actor alone", async () => {
    const { goblin, scene } = await worldFrom010();
    const before = structuredClone(goblin?._source);

    await migrateWorld();

    const token = scene.tokens.contents[0] as FakeToken;
    const delta = token._source.delta as { system: Plain; items: Plain[] };
    expect(delta.system).toEqual({ attributes: { dex: { die: 10 } } });
    expect(delta.items).toHaveLength(1);
    expect(delta.items[0]).toMatchObject({
      _id: "scoutbow0000000a",
      system: { damage: 1, price: 0, quantity: 1 },
    });
    expect(goblin?._source).toEqual(before);
  });

  it("shows a progress bar that fills, and whispers the summary to the GMs", async () => {
    await worldFrom010();

    await migrateWorld();

    const bar = notifications.log.find((n) => n.progress);
    expect(bar?.message).toBe(`Brink has updated this world's data to schema version ${SCHEMA_VERSION}.`);
    expect(bar?.shown.at(-1)).toBe(1);
    expect([...(bar?.shown ?? [])]).toEqual([...(bar?.shown ?? [])].sort((a, b) => a - b));
    expect(notifications.log.at(-1)?.message).toBe(
      `Brink updated 7 documents to schema version ${SCHEMA_VERSION}.`,
    );
    const card = game.messages.contents.at(-1);
    expect(card?.whisper).toEqual(["gm"]);
    expect(card?.content).toContain("Documents updated: 7.");
    // A migration card: its report is its record, drawn when the chat log shows it.
    expect(card?.type).toBe("migration");
    expect(card?.system).toMatchObject({ version: SCHEMA_VERSION, migrated: 7, failures: [] });
    await card?.update({ content: "<p>stale copy</p>" } as never);
    const drawn = await (card as unknown as { renderHTML(): Promise<HTMLElement> }).renderHTML();
    expect(drawn.innerHTML).not.toContain("stale copy");
    expect(drawn.innerHTML).toContain("Documents updated: 7.");
  });

  it("changes nothing when run a second time", async () => {
    await worldFrom010();
    await migrateWorld();
    const writes = writeLog.length;
    const messages = game.messages.size;

    expect(await migrateWorld()).toBeNull();

    expect(writeLog.length).toBe(writes);
    expect(game.messages.size).toBe(messages);
    expect(recorded()).toBe(SCHEMA_VERSION);
  });

  it("names a document that fails and migrates the rest", async () => {
    await worldFrom010();
    const cursed = {
      version: SCHEMA_VERSION,
      item: (source: { name?: string | null }) => {
        if (source.name === "Lantern") throw new Error("the lantern's data is unreadable");
        return { "system.price": 1 };
      },
    };

    const report = await migrateWorld([cursed]);

    expect(report?.failures).toEqual([{ name: "Lantern", reason: "the lantern's data is unreadable" }]);
    // Boudica's spear and talent, the scout's bow and the compendium's dagger.
    expect(report?.migrated).toBe(4);
    expect(game.actors.getName("Boudica")?.items.getName("Spear")?.system).toMatchObject({ price: 1 });
    expect(game.items.getName("Lantern")?.system).toMatchObject({ price: 0 });
    expect(recorded()).toBe(SCHEMA_VERSION);
    expect(notifications.log.at(-1)).toMatchObject({ level: "warn" });
    expect(game.messages.contents.at(-1)?.content).toContain(
      "<strong>Lantern</strong>: the lantern&#x27;s data is unreadable",
    );
  });
});

describe("a world made before direct damage (schema version 1)", () => {
  it("gives each weapon the damage die its flat damage calls for, keeps a die already set, and touches nothing else", async () => {
    const fighter = await Actor.implementation.create({
      name: "Roland",
      type: "character",
      items: [
        { name: "Greatsword", type: "weapon", system: { damage: 7 } },
        { name: "Dagger", type: "weapon", system: { damage: 2 } },
        { name: "Heirloom axe", type: "weapon", system: { damage: 5, damageDie: 12 } },
        { name: "Tough", type: "talent" },
      ],
    } as never);
    await Item.implementation.create({ name: "Club", type: "weapon", system: { damage: 1 } } as never);
    await settings.set("brink", "worldSchemaVersion", 1);
    writeLog.length = 0;

    const report = await migrateWorld();

    const dieOf = (item: { system: unknown } | undefined) =>
      (item?.system as { damageDie: unknown }).damageDie;
    expect(dieOf(fighter?.items.getName("Greatsword"))).toBe(12);
    expect(dieOf(fighter?.items.getName("Dagger"))).toBe(6);
    expect(dieOf(fighter?.items.getName("Heirloom axe"))).toBe(12);
    expect(dieOf(game.items.getName("Club"))).toBe(4);
    expect(report).toEqual({ version: SCHEMA_VERSION, migrated: 3, failures: [] });
    expect(recorded()).toBe(SCHEMA_VERSION);
  });
});

describe("worlds that need no migration", () => {
  it("a brand-new world only records the version, silently", async () => {
    expect(await migrateWorld()).toBeNull();
    expect(recorded()).toBe(SCHEMA_VERSION);
    expect(writeLog).toEqual([]);
    expect(notifications.log).toEqual([]);
  });

  it("a world from a newer Brink gets a warning and is left alone", async () => {
    await worldFrom010();
    await settings.set("brink", "worldSchemaVersion", SCHEMA_VERSION + 1);
    writeLog.length = 0;

    expect(await migrateWorld()).toBeNull();

    expect(writeLog).toEqual([]);
    expect(recorded()).toBe(SCHEMA_VERSION + 1);
    expect(notifications.log.at(-1)).toMatchObject({
      level: "warn",
      message: `This world's data is from a newer Brink (schema version ${SCHEMA_VERSION + 1}) than the one installed (schema version ${SCHEMA_VERSION}). Brink changed nothing; install the newer Brink before playing.`,
    });
  });
});
