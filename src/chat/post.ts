/**
 * Posting cards: one ChatMessage per roll or attack, holding the real Rolls (Dice So Nice animates
 * them), the structured result in `system`, and the rendered card as content. One document write.
 */
import { templatePath } from "../constants";
import type { BrinkRoll } from "../dice";
import type { AttackResult } from "../rules/attacks";
import type { TestResult } from "../rules/tests";
import { attackView, testCardView, type TargetInfo } from "./card-views";

function rollMode(): string {
  return String(game.settings.get("core", "rollMode"));
}

async function post(
  actor: Actor.Implementation,
  type: "test" | "attack",
  system: object,
  content: string,
  rolls: BrinkRoll[],
) {
  const data = {
    type,
    system,
    content,
    rolls,
    speaker: ChatMessage.implementation.getSpeaker({ actor }),
    sound: CONFIG.sounds?.dice,
  };
  // Whisper or blind per the user's roll mode, as Foundry's own rolls do.
  ChatMessage.implementation.applyRollMode(data as never, rollMode() as never);
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
  targets: Record<string, TargetInfo>;
}

export async function postAttackCard(
  actor: Actor.Implementation,
  weapon: Item.Implementation,
  attacks: AttackRecord[],
  rolls: BrinkRoll[],
) {
  const view = {
    weaponName: weapon.name,
    actorName: actor.name,
    multiple: attacks.length > 1,
    attacks: attacks.map((attack, index) => ({
      number: index + 1,
      ...attackView(attack.result, attack.targets),
    })),
  };
  const content = await foundry.applications.handlebars.renderTemplate(
    templatePath("chat/attack-card.hbs"),
    view,
  );
  const system = {
    actorUuid: actor.uuid,
    weaponUuid: weapon.uuid,
    weaponName: weapon.name,
    attacks,
    applied: {},
  };
  return post(actor, "attack", system, content, rolls);
}
