import { beforeEach, describe, expect, it } from "vitest";
import { clearDice, plannedDiceLeft, queueDice } from "../fake-foundry/dice";
import { notifications, resetWorld, settings, writeLog } from "../fake-foundry/install";
import { asUser } from "../fake-foundry/runtime";
import { answerDialog, shownDialogs } from "../fake-foundry/ui";
import { player, writesDuring } from "./combat-fixtures";
import { bootBrink } from "./boot";

await bootBrink();
const { registerRecovery } = await import("../../src/workflows/recovery");
registerRecovery();
const { promptRest, partyRest } = await import("../../src/applications/rest");
const { requestRest } = await import("../../src/workflows/rest");
const { activateCardButtons } = await import("../../src/applications/chat/card-buttons");

const petraPlayer = player("petra-player");
const rolandPlayer = player("roland-player");
const OWNER = CONST.DOCUMENT_OWNERSHIP_LEVELS.OWNER;

interface Rating {
  die: number;
  value: number;
  bonus: number;
  disadvantage: number;
}
interface Sheet {
  endurance: { value: number };
  health: { value: number };
  hitDice: { value: number };
  exhaustion: number;
  strain: { value: number; max: number };
  conditions: Set<string>;
  attributes: Record<"str" | "dex" | "con" | "int" | "wis" | "cha", Rating>;
  skills: Record<"notice" | "investigate", Rating>;
}
const sheet = (actor: Actor.Implementation) => actor.system as unknown as Sheet;
const itemNames = (actor: Actor.Implementation) => actor.items.map((item) => item.name).sort();
const lastCard = () => game.messages.contents.at(-1) as unknown as { content: string; rolls: unknown[] };

const ADD = () => CONST.ACTIVE_EFFECT_MODES.ADD;

/** The injuries a retreat leaves, as the retreat builds them: the effect on the item is the injury. */
const minorInjury = () => ({
  name: "Minor Injury (Strength)",
  type: "injury",
  system: { kind: "minor", attribute: "str", penalty: 1, heals: "safeRests", progress: { value: 0, max: 3 } },
  effects: [
    {
      name: "Minor Injury",
      transfer: true,
      changes: [{ key: "system.attributes.str.bonus", mode: ADD(), value: "-1" }],
    },
  ],
});
const seriousInjury = () => ({
  name: "Serious Injury (Dexterity)",
  type: "injury",
  system: { kind: "serious", attribute: "dex", penalty: 1, heals: "bedRest" },
  effects: [
    {
      name: "Serious Injury",
      transfer: true,
      changes: [{ key: "system.attributes.dex.steps", mode: ADD(), value: "1" }],
    },
  ],
});
const disoriented = () => ({
  name: "Disoriented",
  type: "setback",
  system: { kind: "disoriented", endsOn: "safeLongRest" },
  effects: [
    {
      name: "Disoriented",
      transfer: true,
      changes: [
        { key: "system.skills.notice.disadvantage", mode: ADD(), value: "1" },
        { key: "system.skills.investigate.disadvantage", mode: ADD(), value: "1" },
      ],
    },
  ],
});

async function petra(
  system: Record<string, unknown> = {},
  items: object[] = [],
): Promise<Actor.Implementation> {
  const actor = await Actor.implementation.create({
    name: "Petra",
    type: "character",
    ownership: { default: CONST.DOCUMENT_OWNERSHIP_LEVELS.NONE, [petraPlayer.id]: OWNER },
    system: { attributes: { dex: { die: 8 } }, endurance: { value: 4, max: 10 }, ...system },
    items,
  });
  if (!actor) throw new Error("Petra was not created");
  return actor;
}

/** Petra's player rests from her sheet. */
async function rest(actor: Actor.Implementation, answer: Record<string, unknown>) {
  answerDialog(answer);
  return asUser(petraPlayer, () => promptRest(actor));
}
const progressOf = (actor: Actor.Implementation) =>
  (actor.items.contents[0]?.system as unknown as { progress: { value: number } } | undefined)?.progress.value;

beforeEach(() => {
  resetWorld();
  clearDice();
  shownDialogs.length = 0;
});

describe("minor injuries", () => {
  it("heal after three safe long rests in a row; an unsafe rest in between starts the count again", async () => {
    const actor = await petra({}, [minorInjury()]);
    expect(sheet(actor).attributes.str.bonus).toBe(-1);

    await rest(actor, { kind: "long-safe" });
    await rest(actor, { kind: "long-safe" });
    expect(progressOf(actor)).toBe(2);
    expect(lastCard().content).toContain("Minor Injury (Strength): 2 of 3 safe rests in a row");

    await rest(actor, { kind: "long-unsafe" });
    expect(progressOf(actor)).toBe(0);
    expect(itemNames(actor)).toEqual(["Minor Injury (Strength)"]);

    await rest(actor, { kind: "long-safe" });
    await rest(actor, { kind: "long-safe" });
    expect(itemNames(actor)).toEqual(["Minor Injury (Strength)"]);
    await rest(actor, { kind: "long-safe" });
    expect(itemNames(actor)).toEqual([]);
    expect(sheet(actor).attributes.str.bonus).toBe(0);
    expect(lastCard().content).toContain("Healed: Minor Injury (Strength)");
  });
});

describe("the rest card", () => {
  it("is a rest card whose record the chat log draws it from", async () => {
    const actor = await petra({}, [minorInjury()]);
    await rest(actor, { kind: "long-safe" });
    const card = game.messages.contents.at(-1) as unknown as ChatMessage.Implementation & {
      content: string;
      renderHTML(): Promise<HTMLElement>;
    };
    expect(card.type).toBe("rest");
    expect(card.system).toMatchObject({ kind: "long-safe", s2: false });
    const drawn = (await card.renderHTML()).innerHTML;
    expect(drawn).toContain("Minor Injury (Strength): 1 of 3 safe rests in a row");
    // The record, not the stored copy, is what the log shows.
    await card.update({ content: "<p>stale copy</p>" } as never);
    expect((await card.renderHTML()).innerHTML).not.toContain("stale copy");
    expect((await card.renderHTML()).innerHTML).toContain("Long rest, somewhere safe");
  });
});

describe("serious injuries", () => {
  it("outlast a safe long rest and heal with a week of bed rest, which gives the die back", async () => {
    const actor = await petra({}, [seriousInjury()]);
    expect(sheet(actor).attributes.dex).toMatchObject({ die: 8, value: 6 });
    await rest(actor, { kind: "long-safe" });
    expect(itemNames(actor)).toEqual(["Serious Injury (Dexterity)"]);

    await rest(actor, { kind: "bed-rest" });
    expect(itemNames(actor)).toEqual([]);
    expect(sheet(actor).attributes.dex).toMatchObject({ die: 8, value: 8 });
    expect(lastCard().content).toContain("A week of bed rest");
    expect(lastCard().content).toContain("Healed: Serious Injury (Dexterity)");
  });
});

describe("sleeping in armour under the dying rule", () => {
  it("blocks strain recovery; sleeping without it takes a point of strain off", async () => {
    await settings.set("brink", "deathRule", "dying");
    const actor = await petra({ strain: { value: 2 } }, [
      { name: "Plate", type: "armour", system: { equipped: true, heavy: true } },
    ]);
    answerDialog({ kind: "long-safe", "armour-0": true });
    await asUser(petraPlayer, () => promptRest(actor));
    expect(shownDialogs.at(-1)?.content).toMatch(/name="armour-0" checked/);
    expect(sheet(actor).strain.value).toBe(2);
    expect(lastCard().content).toContain("Slept in armour: no strain recovered.");

    await rest(actor, { kind: "long-safe", "armour-0": false });
    expect(sheet(actor).strain.value).toBe(1);
    expect(lastCard().content).toContain("System strain");
  });

  it("is not offered under the other death rules", async () => {
    const actor = await petra();
    await rest(actor, { kind: "long-safe" });
    expect(shownDialogs.at(-1)?.content).not.toContain("armour-0");
  });
});

describe("S2 wounds on a night's rest (RULES §6, §8)", () => {
  const wound = (name: string, permanent: boolean) => ({
    name,
    type: "injury",
    system: { kind: "wound", penalty: 2, heals: "nightRest", permanent },
  });

  it("a permanent wound stays through every rest; a temporary one heals only on a safe rest out of armour", async () => {
    await settings.set("brink", "deathRule", "dying");
    const actor = await petra({}, [
      wound("Mangled Leg", true),
      wound("Deep Wound", false),
      { name: "Plate", type: "armour", system: { equipped: true, heavy: true } },
    ]);
    await rest(actor, { kind: "long-unsafe" });
    expect(itemNames(actor)).toEqual(["Deep Wound", "Mangled Leg", "Plate"]);
    await rest(actor, { kind: "long-safe", "armour-0": true });
    expect(itemNames(actor)).toEqual(["Deep Wound", "Mangled Leg", "Plate"]);
    await rest(actor, { kind: "long-safe", "armour-0": false });
    expect(itemNames(actor)).toEqual(["Mangled Leg", "Plate"]);
    expect(lastCard().content).toContain("Healed: Deep Wound");
  });
});

describe("the other rests", () => {
  it("a short rest spends hit dice, each restoring its face + CON, endurance first", async () => {
    const actor = await petra({ hitDice: { value: 2, max: 3, die: 8 }, health: { value: 8, max: 10 } });
    queueDice(3, 1);
    await rest(actor, { kind: "short", "hitDice-0": 2 });
    expect(plannedDiceLeft()).toBe(0);
    // 3 + 6 fills endurance 4 → 10 (3 spill over to health), then 1 + 6 more: health 8 → 10.
    expect(sheet(actor)).toMatchObject({
      endurance: { value: 10 },
      health: { value: 10 },
      hitDice: { value: 0 },
    });
    expect(lastCard().rolls).toHaveLength(2);
    expect(lastCard().content).toContain("Hit die");
  });

  it("a safe long rest ends disorientation: its item and its condition", async () => {
    const actor = await petra({ conditions: ["disoriented"] }, [disoriented()]);
    expect(sheet(actor).skills.notice.disadvantage).toBe(1);
    await rest(actor, { kind: "long-safe" });
    expect(itemNames(actor)).toEqual([]);
    expect(sheet(actor).conditions.has("disoriented")).toBe(false);
    expect(sheet(actor).skills.notice.disadvantage).toBe(0);
    expect(lastCard().content).toContain("Ends: Disoriented");
  });
});

describe("the GM's revert of a rest card", () => {
  /** The GM clicks Revert on the last card, through the card's own button. */
  async function gmReverts(): Promise<void> {
    const card = lastCard() as unknown as ChatMessage.Implementation & { renderHTML(): Promise<HTMLElement> };
    const html = await card.renderHTML();
    activateCardButtons(card, html);
    const button = html.querySelector<HTMLButtonElement>('[data-action="revert-rest"]');
    if (!button) throw new Error("the GM sees no Revert on the rest card");
    button.click();
    for (let i = 0; i < 200 && button.disabled; i += 1)
      await new Promise((resolve) => setTimeout(resolve, 5));
  }

  it("gives back the setback and the condition a safe rest ended, and the healing count it added", async () => {
    const actor = await petra({ conditions: ["disoriented"] }, [disoriented(), minorInjury()]);
    await rest(actor, { kind: "long-safe" });
    expect(itemNames(actor)).toEqual(["Minor Injury (Strength)"]);
    const injury = () => actor.items.find((item) => item.name === "Minor Injury (Strength)");
    expect((injury()?.system as unknown as { progress: { value: number } }).progress.value).toBe(1);
    await gmReverts();
    expect(itemNames(actor)).toEqual(["Disoriented", "Minor Injury (Strength)"]);
    expect(sheet(actor).conditions.has("disoriented")).toBe(true);
    expect(sheet(actor).skills.notice.disadvantage).toBe(1);
    expect((injury()?.system as unknown as { progress: { value: number } }).progress.value).toBe(0);
    expect(sheet(actor).endurance.value).toBe(4);
    expect(lastCard().content).toContain("The GM reverted this rest.");
  });
});

describe("who rests", () => {
  it("the GM's party rest only posts its card: the players confirm before anyone rests (test/foundry/party-rest)", async () => {
    const one = await petra({ endurance: { value: 1, max: 10 } });
    await Actor.implementation.create({
      name: "Roland",
      type: "character",
      ownership: { default: CONST.DOCUMENT_OWNERSHIP_LEVELS.NONE, [rolandPlayer.id]: OWNER },
      system: { endurance: { value: 3, max: 10 } },
    });
    await Actor.implementation.create({ name: "Goblin", type: "npc" });
    answerDialog({ kind: "long-unsafe", "member-0": true, "member-1": true });
    const writes = await writesDuring(() => partyRest());
    expect(writes.map((w) => `${w.action} ${w.documentName} ×${w.count}`)).toEqual(["create ChatMessage ×1"]);
    expect(sheet(one).endurance.value).toBe(1);
    expect(lastCard().content).toContain("Petra");
    expect(lastCard().content).toContain("Roland");
    expect(lastCard().content).not.toContain("Goblin");
  });

  it("refuses a player resting someone else's character, and a player's party rest", async () => {
    const actor = await petra();
    const writes = writeLog.length;
    const refused = await asUser(rolandPlayer, () =>
      requestRest("long-safe", [{ actorUuid: actor.uuid, hitDice: 0, sleptInArmour: false }]),
    );
    expect(refused).toEqual({ ok: false, reason: "BRINK.Rest.Refusal.notOwner", data: { name: "Petra" } });
    expect(notifications.log.at(-1)?.message).toBe("You do not own Petra.");
    expect(await asUser(rolandPlayer, () => partyRest())).toBeNull();
    expect(notifications.log.at(-1)?.message).toBe("Only the GM can rest the whole party.");
    expect(writeLog.length).toBe(writes);
  });
});
