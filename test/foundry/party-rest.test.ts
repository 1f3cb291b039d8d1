import { beforeEach, describe, expect, it } from "vitest";
import { hooks, notifications, resetWorld, writeLog } from "../fake-foundry/install";
import { asUser } from "../fake-foundry/runtime";
import { answerDialog, clearDialogAnswers, shownDialogs } from "../fake-foundry/ui";
import { userEvent, type FakeCombatTracker } from "../fake-foundry/combat-tracker";
import type { BrinkCombatTracker } from "../../src/applications/combat";
import { bootCombat, DISPOSITIONS, mountTracker, player, setUpFight } from "./combat-fixtures";
import { clickAndFinish, waitUntil } from "../support/wait";

await bootCombat();
const { partyRest, partyRestPromptsSettled, PARTY_REST_TOOL } = await import("../../src/applications/rest");
const { activateCardButtons } = await import("../../src/applications/chat/card-buttons");
const { requestPartyRestConfirm, requestPartyRestStart, requestPartyRestFinish } =
  await import("../../src/workflows/party-rest");

/** RULES §8 for the party (issue 13): the GM starts a rest, each player confirms, the GM finishes it. */

const petraPlayer = player("petra-player");
const rolandPlayer = player("roland-player");
const OWNER = CONST.DOCUMENT_OWNERSHIP_LEVELS.OWNER;
const EIGHT_HOURS = 8 * 60 * 60;

interface Sheet {
  endurance: { value: number; max: number };
  hitDice: { value: number };
}
const sheet = (actor: Actor.Implementation) => actor.system as unknown as Sheet;

interface Member {
  name: string;
  confirmed: boolean;
  hitDice: number;
}
type Card = ChatMessage.Implementation & { content: string; renderHTML(): Promise<HTMLElement> };
const partyCard = () => game.messages.contents.find((message) => message.type === "partyRest") as Card;
const cardState = () => {
  const system = partyCard().system as unknown as { status: string; members: Member[] };
  return {
    status: system.status,
    members: system.members.map((m) => `${m.name}: ${m.confirmed ? "ready" : "waiting"}`),
  };
};

async function character(name: string, owner: { id: string }, system: Record<string, unknown> = {}) {
  const actor = await Actor.implementation.create({
    name,
    type: "character",
    ownership: { default: CONST.DOCUMENT_OWNERSHIP_LEVELS.NONE, [owner.id]: OWNER },
    system: { endurance: { value: 2, max: 10 }, ...system },
  });
  if (!actor) throw new Error(`${name} was not created`);
  return actor;
}

/** Waits for what the tracker's clicks started (the fake's tracker keeps their promises). */
const settled = (tracker: BrinkCombatTracker) => (tracker as unknown as FakeCombatTracker).settled();

/** The GM clicks the tracker's Party rest button, with no combat shown. */
async function gmClicksPartyRest(): Promise<void> {
  const tracker = await mountTracker();
  const button = tracker.element.querySelector("[data-action='partyRest']");
  if (!button) throw new Error("the tracker shows no Party rest button");
  userEvent(button, "click");
  await settled(tracker);
  await partyRestPromptsSettled();
}

/** A user clicks a button on the party rest card, through the card's own listener. */
async function clickOnCard(action: string, user = game.user, card = partyCard()): Promise<void> {
  await asUser(user as never, async () => {
    const html = await card.renderHTML();
    activateCardButtons(card, html);
    const button = html.querySelector<HTMLElement>(`[data-action="${action}"]`);
    if (!button) throw new Error(`no ${action} button on the card for ${game.user.name}`);
    await clickAndFinish(button);
  });
}

const PROMPT = "Party rest";

beforeEach(() => {
  resetWorld();
  clearDialogAnswers();
  shownDialogs.length = 0;
  petraPlayer.active = true;
  rolandPlayer.active = true;
});

type Tools = Record<string, { title?: string; button?: boolean; onChange?: () => void }>;
/** The token controls as v13 hands them to getSceneControlButtons on this user's client. */
function tokenTools(): Tools {
  const controls = { tokens: { tools: { select: {} } as Tools } };
  hooks.callAll("getSceneControlButtons", controls);
  return controls.tokens.tools;
}

describe("the party rest tool among the token controls", () => {
  it("is a GM's button that opens the party rest dialog", async () => {
    await character("Petra", petraPlayer);
    const tool = tokenTools()[PARTY_REST_TOOL];
    expect(tool).toMatchObject({ title: "BRINK.Combat.Tracker.partyRest", button: true });
    answerDialog(null);
    tool?.onChange?.();
    await waitUntil(() => shownDialogs.length > 0, "the party rest dialog");
    expect(shownDialogs.map((d) => [d.title, d.user])).toEqual([[PROMPT, game.user.id]]);
    expect(partyCard()).toBeUndefined();
  });

  it("is not among a player's token controls", async () => {
    const tools = await asUser(petraPlayer, async () => tokenTools());
    expect(Object.keys(tools)).not.toContain(PARTY_REST_TOOL);
    expect(Object.keys(tools)).toContain("select");
  });
});

const restCard = () => game.messages.contents.find((message) => message.type === "rest") as Card;

describe("a party rest", () => {
  it("starts from the tracker's button, asks each player on their own screen, and shows the GM who is ready", async () => {
    const petra = await character("Petra", petraPlayer);
    await character("Roland", rolandPlayer);
    await Actor.implementation.create({ name: "Goblin", type: "npc" });
    answerDialog({ kind: "long-safe", "member-0": true, "member-1": true });
    answerDialog({});
    answerDialog(null);
    await gmClicksPartyRest();
    expect(shownDialogs.filter((d) => d.title === PROMPT).map((d) => d.user)).toEqual([
      game.user.id,
      petraPlayer.id,
      rolandPlayer.id,
    ]);
    // A long rest spends no hit dice: the players' prompts ask only to confirm.
    const petrasPrompt = shownDialogs.find((d) => d.title === PROMPT && d.user === petraPlayer.id);
    expect(petrasPrompt?.content).toContain("Petra");
    expect(petrasPrompt?.content).not.toContain("Roland");
    expect(petrasPrompt?.content).not.toContain('name="hitDice-0"');
    expect(petrasPrompt?.content).not.toContain('name="kind"');
    // Roland's player closed the prompt: the card waits for him, and nobody has rested yet.
    expect(cardState()).toEqual({ status: "gathering", members: ["Petra: ready", "Roland: waiting"] });
    expect(sheet(petra).endurance.value).toBe(2);
    const content = partyCard().content;
    expect(content).toContain("1 of 2 ready");
    expect(content).toContain("8 hours");
    expect(content).not.toContain("Goblin");
  });

  it("rests the confirmed characters when the GM finishes it, and moves world time on by the rest's length", async () => {
    const petra = await character("Petra", petraPlayer);
    const roland = await character("Roland", rolandPlayer);
    answerDialog({ kind: "long-safe", "member-0": true, "member-1": true });
    answerDialog({});
    answerDialog(null);
    await gmClicksPartyRest();
    const before = game.time.worldTime;
    await clickOnCard("party-rest-finish");
    expect(cardState()).toEqual({ status: "rested", members: ["Petra: ready", "Roland: waiting"] });
    expect(sheet(petra).endurance.value).toBe(10);
    expect(sheet(roland).endurance.value).toBe(2);
    expect(game.time.worldTime - before).toBe(EIGHT_HOURS);
    const restCard = game.messages.contents.find((message) => message.type === "rest") as Card | undefined;
    expect(restCard?.content).toContain("Petra");
    expect(restCard?.content).not.toContain("Roland");
    expect(partyCard().content).toContain("Did not rest");
    // A second Finish finds the rest over and changes nothing.
    const writes = writeLog.length;
    expect(await requestPartyRestFinish(partyCard().id ?? "")).toMatchObject({
      ok: false,
      reason: "BRINK.PartyRest.Refusal.over",
    });
    expect(writeLog.length).toBe(writes);
  });

  it("lets a player choose the hit dice to spend on a short rest, and the GM choose for an absent player", async () => {
    const petra = await character("Petra", petraPlayer, { hitDice: { value: 3, max: 3, die: 8 } });
    const roland = await character("Roland", rolandPlayer, { hitDice: { value: 2, max: 2, die: 8 } });
    rolandPlayer.active = false;
    answerDialog({ kind: "short", "member-0": true, "member-1": true });
    answerDialog({ "hitDice-0": 2 });
    await gmClicksPartyRest();
    expect(cardState().members).toEqual(["Petra: ready", "Roland: waiting"]);
    answerDialog({ "hitDice-0": 0 });
    await clickOnCard("party-rest-choose");
    expect(cardState().members).toEqual(["Petra: ready", "Roland: ready"]);
    const before = game.time.worldTime;
    await clickOnCard("party-rest-finish");
    expect(sheet(petra).hitDice.value).toBe(1);
    expect(sheet(roland).hitDice.value).toBe(2);
    expect(game.time.worldTime - before).toBe(60 * 60);
  });

  it("refuses a player choosing for another's character, twice for their own, or more hit dice than they have", async () => {
    const petra = await character("Petra", petraPlayer, { hitDice: { value: 1, max: 3, die: 8 } });
    const roland = await character("Roland", rolandPlayer);
    answerDialog({ kind: "short", "member-0": true, "member-1": true });
    // Both players close their prompts, then ask by hand.
    answerDialog(null);
    answerDialog(null);
    await gmClicksPartyRest();
    const id = partyCard().id ?? "";
    const writes = writeLog.length;
    const entry = (actor: Actor.Implementation, hitDice = 0) => ({
      actorUuid: actor.uuid,
      hitDice,
      sleptInArmour: false,
    });
    expect(await asUser(rolandPlayer, () => requestPartyRestConfirm(id, [entry(petra)]))).toMatchObject({
      reason: "BRINK.Rest.Refusal.notOwner",
    });
    expect(await asUser(petraPlayer, () => requestPartyRestConfirm(id, [entry(petra, 3)]))).toMatchObject({
      reason: "BRINK.PartyRest.Refusal.hitDice",
    });
    expect(notifications.log.at(-1)?.message).toBe("Petra has only 1 hit dice to spend.");
    expect(writeLog.length).toBe(writes);
    expect(await asUser(rolandPlayer, () => requestPartyRestConfirm(id, [entry(roland)]))).toEqual({
      ok: true,
    });
    expect(await asUser(rolandPlayer, () => requestPartyRestConfirm(id, [entry(roland)]))).toMatchObject({
      reason: "BRINK.PartyRest.Refusal.confirmed",
    });
    expect(cardState().members).toEqual(["Petra: waiting", "Roland: ready"]);
  });

  it("is called off by the GM: nobody rests and time stands still", async () => {
    const petra = await character("Petra", petraPlayer);
    answerDialog({ kind: "long-safe", "member-0": true });
    answerDialog({});
    await gmClicksPartyRest();
    const before = game.time.worldTime;
    await clickOnCard("party-rest-cancel");
    expect(cardState().status).toBe("cancelled");
    expect(sheet(petra).endurance.value).toBe(2);
    expect(game.time.worldTime).toBe(before);
    expect(partyCard().content).toContain("Nobody rested");
  });

  it("is refused while a combat runs, or when no player owns a character, with a message and no write", async () => {
    const writes = writeLog.length;
    expect(await partyRest()).toBeNull();
    expect(notifications.log.at(-1)?.message).toBe("No player owns a character yet.");
    const fight = await setUpFight([
      { name: "Petra", disposition: DISPOSITIONS.friendly, owner: petraPlayer, type: "character" },
      { name: "Guard", disposition: DISPOSITIONS.hostile },
    ]);
    await fight.combat.begin({ startingTeam: fight.teamId("Party") });
    const started = writeLog.length;
    expect(await partyRest()).toBeNull();
    expect(notifications.log.at(-1)?.message).toBe("A combat is running: end it before the party rests.");
    // The GM's client checks again, whatever a client sends.
    expect(await requestPartyRestStart("long-safe", [fight.actor("Petra").uuid])).toMatchObject({
      reason: "BRINK.PartyRest.Refusal.combat",
    });
    expect(writeLog.length).toBe(started);
    expect(started).toBeGreaterThan(writes);
    expect(game.messages.contents.some((message) => message.type === "partyRest")).toBe(false);
  });

  it("is reverted by the GM from its rest card: pools move back by what the rest gave, and world time moves back", async () => {
    const petra = await character("Petra", petraPlayer, { exhaustion: 2 });
    answerDialog({ kind: "long-safe", "member-0": true });
    answerDialog({});
    await gmClicksPartyRest();
    const before = game.time.worldTime;
    await clickOnCard("party-rest-finish");
    expect(sheet(petra).endurance.value).toBe(10);
    expect((petra.system as unknown as { exhaustion: number }).exhaustion).toBe(1);
    // A blow lands after the rest: the revert keeps it and takes back only what the rest gave.
    await petra.update({ system: { endurance: { value: 7 } } } as never);
    const playersCopy = await asUser(petraPlayer, () => restCard().renderHTML());
    expect(playersCopy.innerHTML).not.toContain("revert-rest");
    await clickOnCard("revert-rest", game.user, restCard());
    expect(sheet(petra).endurance.value).toBe(0);
    expect((petra.system as unknown as { exhaustion: number }).exhaustion).toBe(2);
    expect(game.time.worldTime).toBe(before);
    expect(restCard().content).toContain("The GM reverted this rest.");
    const writes = writeLog.length;
    const { requestRestRevert } = await import("../../src/workflows/rest-revert");
    expect(await requestRestRevert(restCard().id ?? "")).toMatchObject({
      reason: "BRINK.Rest.Refusal.reverted",
    });
    expect(writeLog.length).toBe(writes);
  });
});
