import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clearDice, plannedDiceLeft, queueDice } from "../fake-foundry/dice";
import { hooks } from "../fake-foundry/hooks";
import { notifications, resetWorld, settings, writeLog } from "../fake-foundry/install";
import { asUser } from "../fake-foundry/runtime";
import { fakePacks, resetFakePacks, type FakeRollTable } from "../fake-foundry/packs";
import { answerDialog, shownDialogs } from "../fake-foundry/ui";
import { bootCombat, DISPOSITIONS, player, setUpFight, writesDuring, type Fight } from "./combat-fixtures";

await bootCombat();
const { registerRecovery } = await import("../../src/workflows/recovery");
registerRecovery();
const { emergencyRetreat, confirmRetreatRequest, reuniteParty } =
  await import("../../src/applications/retreat");
const { requestRetreat, requestRetreatRevert, requestDrop, retreatRecordOf, retreatSettled } =
  await import("../../src/workflows/retreat");

const owners = {
  Agnessa: player("agnessa-player"),
  Boudica: player("boudica-player"),
  Clementine: player("clementine-player"),
  Fabian: player("fabian-player"),
};
const stranger = player("stranger");
type Hero = keyof typeof owners;

interface Rating {
  die: number;
  value: number;
  bonus: number;
  disadvantage: number;
}
interface Sheet {
  endurance: { value: number; max: number };
  health: { value: number; max: number };
  hitDice: { value: number; max: number };
  exhaustion: number;
  conditions: Set<string>;
  attributes: Record<"str" | "dex" | "con" | "int" | "wis" | "cha", Rating>;
  skills: Record<"notice" | "investigate", Rating>;
}
const sheet = (actor: Actor.Implementation) => actor.system as unknown as Sheet;
const itemNames = (actor: Actor.Implementation) => actor.items.map((item) => item.name).sort();
const dropped = (actor: Actor.Implementation) =>
  actor.items
    .filter((item) => (item.system as unknown as { dropped?: boolean }).dropped === true)
    .map((item) => item.name)
    .sort();
const cards = () => game.messages.contents as unknown as (ChatMessage.Implementation & { content: string })[];
const lastCard = () => cards().at(-1) as ChatMessage.Implementation & { content: string };
/** The card as the chat log draws it for a user (the GM unless another is named). */
const seen = async (card: ChatMessage.Implementation, user?: Parameters<typeof asUser>[0]) => {
  const draw = () => (card as unknown as { renderHTML(): Promise<HTMLElement> }).renderHTML();
  return (user ? await asUser(user, draw) : await draw()).innerHTML;
};

const worn = (name: string, type: "weapon" | "shield" | "armour") => ({
  name,
  type,
  system: { equipped: true },
});

/** A party of four against two guards, begun, with Agnessa's turn in progress. */
async function partyOfFour(): Promise<Fight> {
  const fight = await setUpFight([
    ...(Object.keys(owners) as Hero[]).map((name) => ({
      name,
      disposition: DISPOSITIONS.friendly,
      owner: owners[name],
      type: "character" as const,
    })),
    { name: "Guard 1", disposition: DISPOSITIONS.hostile },
    { name: "Guard 2", disposition: DISPOSITIONS.hostile },
  ]);
  await fight.actor("Agnessa").update({
    system: {
      level: 2,
      endurance: { value: 6, max: 10 },
      health: { value: 10, max: 10 },
      hitDice: { value: 2, max: 2 },
    },
  });
  await fight
    .actor("Clementine")
    .createEmbeddedDocuments("Item", [
      worn("Spear", "weapon"),
      worn("Round shield", "shield"),
      worn("Leather armour", "armour"),
      { name: "Rope", type: "gear" as const },
    ]);
  await fight.actor("Fabian").update({
    system: {
      attributes: { str: { die: 6 } },
      endurance: { value: 0, max: 10 },
      health: { value: 0, max: 10 },
      conditions: ["unconscious"],
    },
  });
  await fight.combat.begin({ startingTeam: fight.teamId("Party"), attackedTeam: fight.teamId("Foes") });
  await asUser(owners.Agnessa, () => fight.combat.takeTurn(fight.member("Agnessa").id ?? ""));
  return fight;
}

/** Agnessa's player ends her turn; the retreat waiting for it resolves on the GM's client. */
async function agnessaEndsHerTurn(fight: Fight): Promise<void> {
  await asUser(owners.Agnessa, () => fight.combat.endTurn());
  await retreatSettled();
}

const everyone = ["member-0", "member-1", "member-2", "member-3"];
const tickAll = () => answerDialog(Object.fromEntries(everyone.map((name) => [name, true])));

/**
 * Agnessa: retreat 10 → attrition, 2d6 = 4 + 5. Boudica: retreat 4 → minor injury, STR.
 * Clementine: retreat 7 → setback 5 → drops 1d3 = 2. Fabian (zero health): death luck 3, 15, 2, 4
 * → one success → serious injury (d6 1: STR) and a setback (9: disoriented).
 */
const FOUR_DICE = [10, 4, 5, 4, 1, 7, 5, 2, 3, 15, 2, 4, 1, 9];

/** Each actor's data and its items' data: everything a retreat may touch. */
function snapshot(fight: Fight) {
  return Object.fromEntries(
    (Object.keys(owners) as Hero[]).map((name) => {
      const actor = fight.actor(name).toObject() as { system: unknown; items: Record<string, unknown>[] };
      const items = actor.items.map(({ _id, name, type, system, effects }) => ({
        _id,
        name,
        type,
        system,
        effects,
      }));
      return [name, structuredClone({ system: actor.system, items })];
    }),
  );
}

beforeEach(() => {
  resetWorld();
  resetFakePacks();
  clearDice();
  shownDialogs.length = 0;
});
afterEach(() => vi.restoreAllMocks());

describe("an Emergency Retreat of a party of four", () => {
  it("ends the fight after the current turn, applies every consequence and lists it on one card", async () => {
    const fight = await partyOfFour();
    const { Agnessa, Boudica, Clementine, Fabian } = Object.fromEntries(
      (Object.keys(owners) as Hero[]).map((name) => [name, fight.actor(name)]),
    ) as Record<Hero, Actor.Implementation>;
    queueDice(...FOUR_DICE);
    tickAll();
    answerDialog({ "item-0": true, "item-2": true }); // the GM drops Clementine's spear and armour
    const result = await emergencyRetreat(fight.combat);
    expect(result).toMatchObject({ ok: true, pending: true });
    expect(game.combats.get(fight.combat.id ?? "")).toBeDefined();
    await agnessaEndsHerTurn(fight);

    expect(plannedDiceLeft()).toBe(0);
    expect(shownDialogs.map((d) => d.title)).toEqual(["Emergency Retreat", "Dropped equipment: Clementine"]);
    expect(shownDialogs[0]?.content).toContain("At zero health: death luck tests");
    expect(game.combats.get(fight.combat.id ?? "")).toBeUndefined();
    const turnEnds = hooks.fired.filter((h) => h.hook === "brink.turnEnd");
    expect((turnEnds.at(-1)?.args[1] as { name?: string } | null)?.name).toBe("Agnessa");

    // Agnessa: 9 attrition damage, endurance first, half of her 2 hit dice gone.
    expect(sheet(Agnessa)).toMatchObject({
      endurance: { value: 0 },
      health: { value: 7 },
      hitDice: { value: 1 },
    });
    expect(itemNames(Agnessa)).toEqual([]);
    // Boudica: −1 to STR tests from her minor injury, which starts counting safe rests.
    expect(itemNames(Boudica)).toEqual(["Minor Injury (Strength)"]);
    expect(sheet(Boudica).attributes.str).toMatchObject({ die: 6, value: 6, bonus: -1 });
    const minor = Boudica.items.contents[0]?.system as unknown as {
      progress: { value: number; max: number };
    };
    expect(minor.progress).toEqual({ value: 0, max: 3 });
    // Clementine: the two items the GM picked are dropped, not deleted.
    expect(dropped(Clementine)).toEqual(["Leather armour", "Spear"]);
    expect(itemNames(Clementine)).toEqual(["Leather armour", "Rope", "Round shield", "Spear"]);
    // Fabian: stable at zero; STR d6 shows as d4 through the injury's effect only; disoriented once.
    expect(sheet(Fabian).health.value).toBe(0);
    expect([...sheet(Fabian).conditions].sort()).toEqual(["disoriented", "stable", "unconscious"]);
    expect(sheet(Fabian).attributes.str).toMatchObject({ die: 6, value: 4 });
    expect(itemNames(Fabian)).toEqual(["Disoriented", "Serious Injury (Strength)"]);
    expect(sheet(Fabian).skills.notice.disadvantage).toBe(1);
    expect(sheet(Fabian).skills.investigate.disadvantage).toBe(1);

    const card = lastCard();
    expect(card.rolls).toHaveLength(FOUR_DICE.length);
    for (const text of [
      "4 retreating",
      "Attrition: 9 damage (endurance −6, health −3); 1 hit die lost",
      "Minor injury: −1 to Strength tests",
      "Dropped: Spear, Leather armour",
      "Death luck tests: 1 succeeded, 3 failed",
      "Serious injury: Strength d6 → d4",
      "Disoriented: disadvantage on Notice and Investigate",
      "Stable at zero health",
    ])
      expect(card.content).toContain(text);
    expect(card.content).not.toContain("Choose 2 items to drop");
    // Revert is drawn for the GM only; the stored copy has no buttons.
    expect(await seen(card)).toContain('data-action="revert-retreat"');
    expect(await seen(card)).toContain("Revert");
    expect(await seen(card, owners.Boudica)).not.toContain("Revert");
    expect(card.content).not.toContain("data-action");
  });

  it("costs one actor batch, one item creation per actor with items, one card (written first, marked applied last) and the combat's end", async () => {
    const fight = await partyOfFour();
    queueDice(...FOUR_DICE);
    tickAll();
    answerDialog(null); // the GM leaves the drop for later
    const writes = await writesDuring(async () => {
      await emergencyRetreat(fight.combat);
      await agnessaEndsHerTurn(fight);
    });
    expect(writes.map((w) => `${w.action} ${w.documentName} ×${w.count}`)).toEqual([
      "update Combat ×1",
      "update Combat ×1",
      // The card first, marked "applying": a retry finishes what is missing (issue 23).
      "create ChatMessage ×1",
      "update Actor ×2",
      "create Item ×1",
      "create Item ×2",
      "update Combat ×1",
      "delete Combat ×1",
      "update ChatMessage ×1",
    ]);
    expect(await seen(lastCard())).toContain("Choose 2 items to drop");
    expect(await seen(lastCard(), owners.Boudica)).not.toContain("Choose 2 items to drop");
  });

  it("reverts to the exact prior state: values, conditions, created items and dropped items", async () => {
    const fight = await partyOfFour();
    const before = snapshot(fight);
    queueDice(...FOUR_DICE);
    tickAll();
    answerDialog({ "item-0": true, "item-1": true });
    await emergencyRetreat(fight.combat);
    await agnessaEndsHerTurn(fight);
    const card = lastCard();

    const refused = await asUser(owners.Boudica, () => requestRetreatRevert(card.id ?? ""));
    expect(refused).toEqual({ ok: false, reason: "BRINK.Request.gmOnly" });
    expect(await requestRetreatRevert(card.id ?? "")).toEqual({ ok: true });

    expect(snapshot(fight)).toEqual(before);
    expect(lastCard().content).toContain("Reverted by the GM.");
    expect(await seen(lastCard())).toContain("Reverted by the GM.");
    expect(await seen(lastCard())).not.toContain('data-action="revert-retreat"');
    const writes = writeLog.length;
    expect(await requestRetreatRevert(card.id ?? "")).toEqual({
      ok: false,
      reason: "BRINK.Retreat.Refusal.reverted",
    });
    expect(writeLog.length).toBe(writes);
  });
});

describe("applying a retreat once", () => {
  it("changes nothing the second time", async () => {
    const fight = await partyOfFour();
    const uuids = (Object.keys(owners) as Hero[]).map((name) => fight.actor(name).uuid);
    queueDice(...FOUR_DICE);
    expect(await requestRetreat(fight.combat.id ?? "", uuids)).toMatchObject({ ok: true });
    const after = snapshot(fight);
    const writes = writeLog.length;
    expect(await requestRetreat(fight.combat.id ?? "", uuids)).toEqual({
      ok: false,
      reason: "BRINK.Retreat.Refusal.alreadyRetreated",
    });
    expect(await emergencyRetreat(fight.combat)).toBeNull();
    expect(notifications.log.at(-1)?.message).toBe("The party has already retreated from this combat.");
    expect(writeLog.length).toBe(writes);
    expect(snapshot(fight)).toEqual(after);
  });

  it("applies two requests arriving together once", async () => {
    const fight = await partyOfFour();
    const uuids = (Object.keys(owners) as Hero[]).map((name) => fight.actor(name).uuid);
    queueDice(...FOUR_DICE);
    const results = await Promise.all([
      requestRetreat(fight.combat.id ?? "", uuids),
      requestRetreat(fight.combat.id ?? "", uuids),
    ]);
    expect(results.map((r) => r.ok)).toEqual([true, false]);
    expect(cards().filter((message) => retreatRecordOf(message))).toHaveLength(1);
    expect(itemNames(fight.actor("Fabian"))).toEqual(["Disoriented", "Serious Injury (Strength)"]);
  });
});

describe("who may call it", () => {
  it("turns a player's call into a card the GM confirms; nothing happens before", async () => {
    const fight = await partyOfFour();
    tickAll();
    const writes = await writesDuring(() => asUser(owners.Boudica, () => emergencyRetreat(fight.combat)));
    expect(writes.map((w) => w.documentName)).toEqual(["ChatMessage"]);
    const request = lastCard();
    expect(request.content).toContain("boudica-player calls an Emergency Retreat for Agnessa, Boudica");
    expect((request as unknown as { _source: { whisper: string[] } })._source.whisper).toEqual(["gm"]);
    expect(notifications.log.at(-1)?.message).toBe(
      "Your GM has been asked to confirm the Emergency Retreat.",
    );

    queueDice(...FOUR_DICE);
    tickAll();
    answerDialog(null);
    expect(await confirmRetreatRequest(request)).toMatchObject({ ok: true, pending: true });
    await agnessaEndsHerTurn(fight);
    expect(sheet(fight.actor("Agnessa")).health.value).toBe(7);
  });

  it("refuses a player with nobody in the party, and a player picking items to drop", async () => {
    const fight = await partyOfFour();
    const uuids = [fight.actor("Agnessa").uuid];
    tickAll();
    const writes = writeLog.length;
    await asUser(stranger, () => emergencyRetreat(fight.combat));
    expect(notifications.log.at(-1)?.message).toBe(
      "Only a player with a character in the party can call the retreat.",
    );
    expect(writeLog.length).toBe(writes);
    const direct = await asUser(owners.Agnessa, () => requestRetreat(fight.combat.id ?? "", uuids));
    expect(direct).toEqual({ ok: false, reason: "BRINK.Request.gmOnly" });
    queueDice(...FOUR_DICE);
    await requestRetreat(
      fight.combat.id ?? "",
      (Object.keys(owners) as Hero[]).map((n) => fight.actor(n).uuid),
    );
    const record = retreatRecordOf(lastCard());
    const choice = record?.characters.find((c) => c.name === "Clementine")?.drops[0]?.choice;
    const ids = choice?.candidateIds.slice(0, 2) ?? [];
    const asPlayer = await asUser(owners.Clementine, () =>
      requestDrop(lastCard().id ?? "", choice?.id ?? "", ids),
    );
    expect(asPlayer.ok).toBe(false);
    const wrongCount = await requestDrop(lastCard().id ?? "", choice?.id ?? "", ids.slice(0, 1));
    expect(wrongCount).toEqual({
      ok: false,
      reason: "BRINK.Retreat.Refusal.drop.wrong-count",
      data: { items: "2 items" },
    });
    expect(notifications.log.at(-1)?.message).toBe("Pick exactly 2 items.");
    expect(dropped(fight.actor("Clementine"))).toEqual([]);
  });
});

describe("the tables are the compendium's", () => {
  async function loneRetreat(): Promise<Actor.Implementation> {
    const fight = await setUpFight([
      { name: "Petra", disposition: DISPOSITIONS.friendly, type: "character" },
      { name: "Goblin", disposition: DISPOSITIONS.hostile },
    ]);
    await requestRetreat(fight.combat.id ?? "", [fight.actor("Petra").uuid]);
    return fight.actor("Petra");
  }

  const retreatTable = () =>
    fakePacks
      .get("brink.tables")
      ?.contents.find((table) => table.getFlag("brink", "table") === "retreat") as FakeRollTable;
  // Brink's packs ship locked: a GM unlocks the tables before editing them.
  beforeEach(() => fakePacks.get("brink.tables")?.configure({ locked: false }));

  it("a GM who re-points the 1–2 result to attrition changes what a 1 does", async () => {
    queueDice(1, 3);
    const shipped = await loneRetreat();
    expect(itemNames(shipped)).toEqual(["Serious Injury (Constitution)"]);

    resetWorld();
    const table = retreatTable();
    const serious = table.results.find((result) => result.range[0] === 1);
    await table.updateEmbeddedDocuments("TableResult", [
      { _id: serious?.id, flags: { brink: { outcome: "attrition" } }, documentUuid: null },
    ]);
    queueDice(1, 3);
    const edited = await loneRetreat();
    expect(itemNames(edited)).toEqual([]);
    expect(sheet(edited).endurance.value).toBe(7);
    expect(lastCard().content).toContain("Attrition: 3 damage");
  });

  it("falls back to the default table, with a warning, when the compendium's cannot be used", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    await retreatTable().update({ flags: { brink: { table: "renamed" } } });
    queueDice(1, 3);
    const actor = await loneRetreat();
    expect(itemNames(actor)).toEqual(["Serious Injury (Constitution)"]);
    expect(String(warn.mock.calls[0]?.[0])).toContain('no table flagged "retreat"');
    expect(lastCard().content).toContain("the default table stood in for it");
  });
});

describe("nobody dies from a retreat", () => {
  it("a character down past its ten rounds is settled, stable, before the fight's end could kill it", async () => {
    await settings.set("brink", "deathRule", "stabilise");
    const fight = await setUpFight([
      { name: "Roland", disposition: DISPOSITIONS.friendly, type: "character" },
      { name: "Goblin", disposition: DISPOSITIONS.hostile },
    ]);
    const roland = fight.actor("Roland");
    await roland.update({
      system: {
        health: { value: 0, max: 10 },
        conditions: ["unconscious"],
        death: { downed: { roundsElapsed: 10, fightOver: false } },
      },
    });
    const before = structuredClone(roland.toObject().system);
    queueDice(20, 20, 20, 2);
    await requestRetreat(fight.combat.id ?? "", [roland.uuid]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect([...sheet(roland).conditions].sort()).toEqual(["stable", "unconscious"]);
    expect((roland.system as unknown as { death: { downed: unknown } }).death.downed).toBeNull();
    expect(cards().map((card) => (retreatRecordOf(card) ? "retreat" : card.content))).toEqual(["retreat"]);

    await requestRetreatRevert(lastCard().id ?? "");
    expect(roland.toObject().system).toEqual(before);
  });
});

describe("writes per retreat", () => {
  /** A downed character whose death luck tests give `successes`, followed by what the outcome rolls. */
  async function downedRetreat(deathLuck: number[], then: number[]) {
    const fight = await setUpFight([
      { name: "Roland", disposition: DISPOSITIONS.friendly, type: "character" },
      { name: "Goblin", disposition: DISPOSITIONS.hostile },
    ]);
    await fight.actor("Roland").update({ system: { health: { value: 0, max: 10 } } });
    queueDice(...deathLuck, ...then);
    const writes = await writesDuring(() =>
      requestRetreat(fight.combat.id ?? "", [fight.actor("Roland").uuid]),
    );
    return { writes: writes.length, items: itemNames(fight.actor("Roland")) };
  }

  it("do not grow with the consequences an actor takes", async () => {
    const one = await downedRetreat([20, 20, 20], [2]); // three successes: a minor injury
    resetWorld();
    const two = await downedRetreat([1, 1, 1], [2, 3]); // none: two serious injuries
    resetWorld();
    const three = await downedRetreat([20, 1, 1, 1], [5, 6]); // one: serious injury and separated
    expect(one.items).toEqual(["Minor Injury (Dexterity)"]);
    expect(two.items).toEqual(["Serious Injury (Constitution)", "Serious Injury (Dexterity)"]);
    expect(three.items).toEqual(["Separated", "Serious Injury (Wisdom)"]);
    expect(two.writes).toBe(one.writes);
    expect(three.writes).toBe(one.writes);
  });

  it("draws a downed character's death luck tests with the luck die, as every card draws it", async () => {
    await downedRetreat([20, 1, 1, 1], [5, 6]);
    const html = await seen(lastCard());
    const luckDice = [...html.matchAll(/<span class="card-die d20 luck-die[^"]*"[^>]*>(\d+)<\/span>/g)];
    expect(luckDice.map((die) => die[1])).toEqual(["20", "1", "1", "1"]);
  });
});

describe("separated until reunited", () => {
  it("the GM's reunion ends the condition and the setback item", async () => {
    const fight = await setUpFight([
      { name: "Odette", disposition: DISPOSITIONS.friendly, type: "character" },
      { name: "Goblin", disposition: DISPOSITIONS.hostile },
    ]);
    queueDice(6, 6);
    await requestRetreat(fight.combat.id ?? "", [fight.actor("Odette").uuid]);
    const odette = fight.actor("Odette");
    expect(sheet(odette).conditions.has("separated")).toBe(true);
    expect(itemNames(odette)).toEqual(["Separated"]);
    expect(await seen(lastCard())).toContain("Reunite the party");
    expect(await seen(lastCard(), owners.Agnessa)).not.toContain("Reunite the party");

    expect(await asUser(owners.Agnessa, () => reuniteParty())).toBeNull();
    expect(sheet(odette).conditions.has("separated")).toBe(true);
    expect(await reuniteParty()).toEqual({ ok: true });
    expect(sheet(odette).conditions.has("separated")).toBe(false);
    expect(itemNames(odette)).toEqual([]);
    expect(lastCard().content).toContain("Back with the party: Odette.");
    expect(await reuniteParty()).toEqual({ ok: false, reason: "BRINK.Retreat.Refusal.nobodySeparated" });
  });
});
