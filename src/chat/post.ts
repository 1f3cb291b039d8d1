/**
 * Posting cards: one ChatMessage per roll or attack, holding the real Rolls (Dice So Nice animates
 * them), the structured result in `system`, and the rendered card as content. One document write.
 */
import { templatePath } from "../constants";
import type { BrinkRoll } from "../dice";
import type { AttackResult } from "../rules/attacks";
import type { TestResult } from "../rules/tests";
import type { Step as LifeStep } from "../rules/damage-chain";
import { describeStep } from "./damage-steps";
import { attackView, testCardView, type AppliedView, type TargetInfo } from "./card-views";

function rollMode(): string {
  return String(game.settings.get("core", "rollMode"));
}

/** Core's four roll modes: who may read a roll's card. */
export const ROLL_MODES = ["publicroll", "gmroll", "blindroll", "selfroll"] as const;
export type RollMode = (typeof ROLL_MODES)[number];

/** Whom a card the GM's client writes for a player is shown to: that player's roll mode. */
export interface CardAudience {
  rollMode: RollMode;
  /** The player who asked for the roll. */
  userId: string;
}

/** This user's roll mode, as a card written on the GM's client for them takes it. */
export function ownRollMode(): RollMode {
  const mode = rollMode();
  return (ROLL_MODES as readonly string[]).includes(mode) ? (mode as RollMode) : "publicroll";
}

/**
 * Whispers or blinds a card per a roll mode, as Foundry's own rolls do. A card the GM's client
 * writes for a player is whispered as that player's roll would be: to the GMs and the player (gm
 * roll), to the GMs only and blind (blind roll), or to the player alone (self roll).
 */
function applyAudience(data: Record<string, unknown>, audience?: CardAudience): void {
  if (!audience || audience.userId === game.user.id) {
    ChatMessage.implementation.applyRollMode(data as never, (audience?.rollMode ?? rollMode()) as never);
    return;
  }
  const gms = game.users.filter((user) => user.isGM).map((user) => user.id ?? "");
  if (audience.rollMode === "gmroll") data.whisper = [...new Set([...gms, audience.userId])];
  if (audience.rollMode === "blindroll") Object.assign(data, { whisper: gms, blind: true });
  if (audience.rollMode === "selfroll") data.whisper = [audience.userId];
}

async function post(
  actor: Actor.Implementation,
  type: "test" | "attack",
  system: object,
  content: string,
  rolls: BrinkRoll[],
  audience?: CardAudience,
) {
  const data = {
    type,
    system,
    content,
    rolls,
    speaker: ChatMessage.implementation.getSpeaker({ actor }),
    sound: CONFIG.sounds?.dice,
  };
  applyAudience(data, audience);
  // The card's system data is validated by Brink's chat models (data/chat); fvtt-types cannot see them here.
  return ChatMessage.implementation.create(data as never);
}

export async function postTestCard(
  actor: Actor.Implementation,
  label: string,
  result: TestResult,
  rolls: BrinkRoll[],
) {
  const content = await foundry.applications.handlebars.renderTemplate(
    templatePath("chat/test-card.hbs"),
    testCardView(result, label),
  );
  return post(actor, "test", { actorUuid: actor.uuid, label, result }, content, rolls);
}

export interface AttackRecord {
  result: AttackResult;
  targets: TargetInfo[];
  /** Present when the attack was a killing strike: whether it landed, and its test. */
  killingStrike?: { killed: boolean; total: number; difficulty: number };
}

/** The attack card's data (data/chat AttackCardData), as the card and the damage workflow use it. */
export interface AttackCardContent {
  weaponName: string;
  attacks: AttackRecord[];
  applied: Record<string, AppliedView>;
}

export async function renderAttackCard(system: AttackCardContent, actorName: string): Promise<string> {
  const view = {
    weaponName: system.weaponName,
    actorName,
    multiple: system.attacks.length > 1,
    attacks: system.attacks.map((attack, index) => ({
      number: index + 1,
      index,
      ...attackView(attack.result, attack.targets, index, system.applied),
      killingStrike: attack.killingStrike
        ? {
            killed: attack.killingStrike.killed,
            text: game.i18n.format(
              `BRINK.Attack.killingStrike.${attack.killingStrike.killed ? "killed" : "failed"}`,
              {
                total: String(attack.killingStrike.total),
                difficulty: String(attack.killingStrike.difficulty),
              },
            ),
          }
        : null,
    })),
  };
  return foundry.applications.handlebars.renderTemplate(templatePath("chat/attack-card.hbs"), view);
}

export async function postAttackCard(
  actor: Actor.Implementation,
  weapon: Item.Implementation,
  attacks: AttackRecord[],
  rolls: BrinkRoll[],
  audience?: CardAudience,
) {
  const nonlethal =
    (weapon.system as unknown as { properties?: Set<string> }).properties?.has("nonlethal") === true;
  const system = {
    actorUuid: actor.uuid,
    weaponUuid: weapon.uuid,
    weaponName: weapon.name,
    attacks,
    applied: {},
    nonlethal,
  };
  const content = await renderAttackCard(system, actor.name);
  return post(actor, "attack", system, content, rolls, audience);
}

/** Re-renders an attack card after damage was applied, reacted to or reverted: one message update. */
export async function rerenderAttackCard(
  message: ChatMessage.Implementation,
  system: AttackCardContent,
  rolls: BrinkRoll[],
): Promise<void> {
  const content = await renderAttackCard(system, message.speaker?.alias ?? "");
  const update: Record<string, unknown> = { content, system: { applied: system.applied } };
  if (rolls.length) update.rolls = [...message.rolls, ...rolls];
  // The card's system data is Brink's attack card model; fvtt-types cannot see its shape here.
  await message.update(update as never);
}

/** Marks a life card's write as landed, with the injury items it made: one message update. */
export async function settleLifeCard(
  message: ChatMessage.Implementation,
  injuryItems: { created: string[]; madePermanent: string[] },
): Promise<void> {
  await message.update({ flags: { brink: { life: { applying: false, injuryItems } } } } as never);
}

/** A short card for healing, death saves, stabilising and the dying and downed clocks. */
export async function postLifeCard(
  actor: Actor.Implementation,
  titleKey: string,
  steps: readonly LifeStep[],
  rolls: BrinkRoll[],
  changes: { revert: object; applied: object },
) {
  const injuryItems = { created: [], madePermanent: [] };
  const record = { actorUuid: actor.uuid, ...changes, applying: true, injuryItems, reverted: false };
  const content = await renderLifeCard(game.i18n.format(titleKey, { name: actor.name }), steps, false);
  const data = {
    content,
    rolls,
    speaker: ChatMessage.implementation.getSpeaker({ actor }),
    flags: { brink: { life: record, title: titleKey } },
  };
  ChatMessage.implementation.applyRollMode(data as never, rollMode() as never);
  // A plain card (no system type): its steps are already in words; the revert record rides in flags.
  return ChatMessage.implementation.create(data as never);
}

function renderLifeCard(title: string, steps: readonly LifeStep[], reverted: boolean) {
  const view = { title, steps: steps.map(describeStep), reverted, canRevert: !reverted };
  return foundry.applications.handlebars.renderTemplate(templatePath("chat/life-card.hbs"), view);
}

/** Strikes the card's steps through after the GM's revert: one message update. */
export async function markLifeCardReverted(
  message: ChatMessage.Implementation,
  record: object,
): Promise<void> {
  const content = message.content
    .replace('class="damage-steps"', 'class="damage-steps reverted"')
    .replace(/<div class="card-buttons">[\s\S]*?<\/div>/, "");
  await message.update({ content, flags: { brink: { life: { ...record, reverted: true } } } } as never);
}

/** The initiative order the DEX modes rolled (RULES §3), with its rolls. */
export async function postInitiativeCard(
  title: string,
  places: { place: number; names: string }[],
  rolls: BrinkRoll[],
) {
  const content = await foundry.applications.handlebars.renderTemplate(
    templatePath("chat/initiative-card.hbs"),
    {
      title,
      places,
    },
  );
  const data = { content, rolls, speaker: { alias: game.i18n.localize("BRINK.Combat.Initiative.speaker") } };
  // A plain card: the order is already in words.
  return ChatMessage.implementation.create(data as never);
}
