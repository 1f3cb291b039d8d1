/**
 * Posting cards: one ChatMessage per roll or attack, holding the real Rolls (Dice So Nice animates
 * them) and the card's record in `system` (Brink's chat card models, data/chat). The chat log draws
 * each card from its record for the user looking at it; `content` keeps a copy drawn without
 * buttons, for exports and for a world where Brink is not running. One document write.
 */
import type { Edge } from "../rules/modifiers";
import type { BrinkRoll } from "../dice";
import type { TestResult } from "../rules/tests";
import type { Attribute, Skill } from "../rules/characters";
import type { ActorState, Step } from "../rules/damage-chain";
import {
  attackCardContext,
  lifeCardContext,
  opposedCardView,
  renderCard,
  testCardView,
  testDieNames,
  type AttackCardRecord,
  type AttackRecord,
  type InjuryItemRecord,
  type LifeRecord,
  type OpposedRecord,
} from "../data/chat";
import { itemData, WeaponData } from "../data";
import {
  applyMessageMode,
  MESSAGE_AUDIENCES,
  ownMessageMode,
  type MessageAudience,
} from "../foundry/generation";
import { writes, type Creation } from "../foundry/typed-writes";

export type { AttackRecord, DirectRecord } from "../data/chat";

/** Who may read a roll's card: core's four roll (v13) or message (v14) modes, by Brink's names. */
export const ROLL_MODES = MESSAGE_AUDIENCES;
export type RollMode = MessageAudience;

/** Whom a card the GM's client writes for a player is shown to: that player's roll mode. */
export interface CardAudience {
  rollMode: RollMode;
  /** The player who asked for the roll. */
  userId: string;
}

/** This user's roll (message) mode, as a card written on the GM's client for them takes it. */
export const ownRollMode = (): RollMode => ownMessageMode();

/**
 * Whispers or blinds a card per a roll mode, as Foundry's own rolls do. A card the GM's client
 * writes for a player is whispered as that player's roll would be: to the GMs and the player (gm
 * roll), to the GMs only and blind (blind roll), or to the player alone (self roll).
 */
function applyAudience(data: Record<string, unknown>, audience?: CardAudience): void {
  if (!audience || audience.userId === game.user.id) {
    applyMessageMode(data, audience?.rollMode ?? ownMessageMode());
    return;
  }
  const gms = game.users.filter((user) => user.isGM).map((user) => user.id ?? "");
  if (audience.rollMode === "gmroll") data.whisper = [...new Set([...gms, audience.userId])];
  if (audience.rollMode === "blindroll") Object.assign(data, { whisper: gms, blind: true });
  if (audience.rollMode === "selfroll") data.whisper = [audience.userId];
}

/** The name a card without an actor speaks with: the user it was written for. */
const audienceName = (audience?: CardAudience): string =>
  (audience ? game.users.get(audience.userId)?.name : game.user.name) ?? "";

async function post(
  actor: Actor.Implementation | null,
  type: "test" | "attack" | "life" | "healing" | "opposed",
  system: Creation<ChatMessage.Source>["system"],
  content: string,
  rolls: BrinkRoll[],
  audience?: CardAudience,
) {
  const data = {
    type,
    system,
    content,
    rolls,
    speaker: actor ? ChatMessage.implementation.getSpeaker({ actor }) : { alias: audienceName(audience) },
    sound: CONFIG.sounds?.dice,
  };
  applyAudience(data, audience);
  // Rolls go as Roll instances, which Foundry stores as their JSON; the card's system is typed above.
  return ChatMessage.implementation.create(data as never);
}

/** The attribute and skill a test rolled, so its card names each die ("Strength d6"). */
export interface TestedRatings {
  attribute: Attribute;
  skill: Skill | null;
}

export async function postTestCard(
  actor: Actor.Implementation,
  label: string,
  tested: TestedRatings,
  result: TestResult,
  rolls: BrinkRoll[],
  edges: Edge[] = [],
  audience?: CardAudience,
) {
  const { attribute } = tested;
  const skill = tested.skill ?? "";
  const view = testCardView(result, label, edges, testDieNames(attribute, skill));
  const content = await renderCard("chat/test-card.hbs", view);
  const system = { actorUuid: actor.uuid, label, attribute, skill, result, edges };
  return post(actor, "test", system, content, rolls, audience);
}

/** An opposed test's card, written by the GM's client that rolled both sides, shown per the asker's roll mode. */
export async function postOpposedCard(
  actor: Actor.Implementation,
  record: OpposedRecord,
  rolls: BrinkRoll[],
  audience?: CardAudience,
) {
  const content = await renderCard("chat/opposed-card.hbs", opposedCardView(record));
  return post(actor, "opposed", record, content, rolls, audience);
}

/** Posts an attack card; `weapon` null is an unarmed blow (direct damage), named "Bare hands". */
export async function postAttackCard(
  actor: Actor.Implementation,
  weapon: Item.Implementation | null,
  attacks: AttackRecord[],
  rolls: BrinkRoll[],
  audience?: CardAudience,
) {
  const nonlethal = weapon ? itemData(weapon, WeaponData)?.properties.has("nonlethal") === true : false;
  const record: AttackCardRecord = {
    actorUuid: actor.uuid,
    weaponUuid: weapon?.uuid ?? "",
    weaponName: weapon?.name ?? game.i18n.localize("BRINK.Direct.unarmed"),
    attacks,
    applied: {},
    nonlethal,
  };
  const content = await renderCard("chat/attack-card.hbs", attackCardContext(record, null, actor.name));
  return post(actor, "attack", record, content, rolls, audience);
}

/** Posts the card of damage the GM typed on a sheet: the target's own card, named "Damage by hand". */
export async function postByHandCard(actor: Actor.Implementation, attack: AttackRecord) {
  const record: AttackCardRecord = {
    actorUuid: actor.uuid,
    weaponUuid: "",
    weaponName: game.i18n.localize("BRINK.Damage.ByHand.title"),
    attacks: [attack],
    applied: {},
    nonlethal: false,
  };
  const content = await renderCard("chat/attack-card.hbs", attackCardContext(record, null, actor.name));
  return post(actor, "attack", record, content, []);
}

/** Records what applying, reacting or reverting did on an attack card: one message update. */
export async function updateAttackCard(
  message: ChatMessage.Implementation,
  record: AttackCardRecord,
  applied: AttackCardRecord["applied"],
  rolls: BrinkRoll[],
): Promise<void> {
  const next = { ...record, applied };
  const content = await renderCard(
    "chat/attack-card.hbs",
    attackCardContext(next, null, message.speaker?.alias),
  );
  const update: Record<string, unknown> = { content, system: { applied } };
  if (rolls.length) update.rolls = [...message.rolls, ...rolls];
  await message.update(writes.ChatMessage.update(update));
}

/** A short card for healing, death saves, stabilising and the dying and downed clocks. */
export async function postLifeCard(
  actor: Actor.Implementation,
  titleKey: string,
  steps: Step[],
  rolls: BrinkRoll[],
  changes: { revert: Partial<ActorState>; applied: Partial<ActorState> },
  audience?: CardAudience,
  conDie: LifeRecord["conDie"] = { before: 0, after: 0 },
) {
  const record: LifeRecord = {
    actorUuid: actor.uuid,
    title: titleKey,
    name: actor.name,
    steps,
    ...changes,
    applying: true,
    injuryItems: { created: [], madePermanent: [] },
    conDie,
    reverted: false,
  };
  const content = await renderCard("chat/life-card.hbs", lifeCardContext(record, null));
  return post(actor, "life", record, content, rolls, audience);
}

/** Marks a life card's write as landed, with the injury items it made: one message update. */
export async function settleLifeCard(
  message: ChatMessage.Implementation,
  injuryItems: InjuryItemRecord,
): Promise<void> {
  await message.update(writes.ChatMessage.update({ system: { applying: false, injuryItems } }));
}

/** Strikes the card's steps through after the GM's revert: one message update. */
export async function markLifeCardReverted(
  message: ChatMessage.Implementation,
  record: LifeRecord,
): Promise<void> {
  const content = await renderCard(
    "chat/life-card.hbs",
    lifeCardContext({ ...record, reverted: true }, null),
  );
  await message.update(writes.ChatMessage.update({ content, system: { reverted: true } }));
}

/** A healing roll's card, written by the GM's client with the roll it made. */
export async function postHealingCard(
  healing: { formula: string; amount: number; pool: string; kind: string; label: string },
  roll: BrinkRoll,
  user: User.Implementation,
  audience: CardAudience,
) {
  const record = { ...healing, healed: [] };
  const context = {
    label: healing.label || game.i18n.localize("BRINK.Life.HealingRoll.title"),
    formula: healing.formula,
    amount: healing.amount,
    pool: game.i18n.localize(`BRINK.Actor.base.FIELDS.${healing.pool}.label`),
    mayApply: false,
  };
  const content = await renderCard("chat/healing-card.hbs", context);
  return post(user.character ?? null, "healing", record, content, [roll], audience);
}
