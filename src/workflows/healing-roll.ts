/**
 * Healing rolls (RULES §4, §6): a roll of healing dice posts a card with an *Apply healing*
 * button; whoever clicks it heals the tokens they target (or their own character), following the
 * active death rule. Owners heal directly; anyone else's character goes through the GM.
 */
import { templatePath } from "../constants";
import { BrinkRoll } from "../dice";
import type { HealingKind } from "../rules/dying";
import { lifeAction } from "./life";

export interface HealingRollOptions {
  pool?: "health" | "endurance";
  kind?: HealingKind;
  label?: string;
}

interface HealingFlag {
  amount: number;
  pool: "health" | "endurance";
  kind: HealingKind;
}

/** Rolls a healing formula ("1d8", "2d4+1") and posts its card. */
export async function rollHealing(formula: string, options: HealingRollOptions = {}) {
  const roll = new BrinkRoll(formula);
  await roll.evaluate();
  const healing: HealingFlag = {
    amount: Math.max(0, Number(roll.total)),
    pool: options.pool ?? "health",
    kind: options.kind ?? "natural",
  };
  const content = await foundry.applications.handlebars.renderTemplate(
    templatePath("chat/healing-card.hbs"),
    {
      label: options.label ?? game.i18n.localize("BRINK.Life.HealingRoll.title"),
      formula,
      amount: healing.amount,
      pool: game.i18n.localize(`BRINK.Actor.base.FIELDS.${healing.pool}.label`),
    },
  );
  const data = { content, rolls: [roll], flags: { brink: { healing } } };
  // A plain card; what it heals rides in its flags for the Apply button.
  return ChatMessage.implementation.create(data as never);
}

/** The targeted tokens' actors, or this user's own character when nothing is targeted. */
function recipients(): Actor.Implementation[] {
  const targeted = [...game.user.targets].flatMap((token) => (token.actor ? [token.actor] : []));
  if (targeted.length) return targeted;
  return game.user.character ? [game.user.character] : [];
}

export async function applyHealingCard(message: ChatMessage.Implementation): Promise<void> {
  const healing = message.getFlag("brink", "healing") as HealingFlag | undefined;
  if (!healing) return;
  const actors = recipients();
  if (!actors.length) {
    ui.notifications?.warn(game.i18n.localize("BRINK.Life.HealingRoll.noTarget"));
    return;
  }
  for (const actor of actors) {
    await lifeAction(actor, {
      kind: "heal",
      amount: healing.amount,
      pool: healing.pool,
      healing: healing.kind,
    });
  }
}
