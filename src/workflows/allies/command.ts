/**
 * RULES §3 Command on the table: the commander picks an ally (same team, same combat, able to act,
 * not the commander); the GM's client checks that before anything is spent, then gives the ally
 * one action to take during the commander's turn (the combatant's `grantedBy`, which lapses on its
 * own when that turn ends) and posts a card saying who commanded whom.
 */
import { renderCard } from "../../data/chat";
import { defineActionRule, type ActionContext, type BrinkCombatant } from "../../documents/combatant";
import { refuse, type Refusal } from "../../requests";
import { grantAction } from "../../rules/turn-economy";

/** Who may be commanded: a member of the commander's team in its combat who can act. */
export function commandRefusal(
  commander: BrinkCombatant,
  ally: BrinkCombatant | undefined,
): Refusal | undefined {
  if (!ally) return refuse("BRINK.Allies.Refusal.noTarget");
  const name = { name: ally.name ?? "" };
  if (ally.id === commander.id) return refuse("BRINK.Allies.Refusal.self", name);
  if (commander.teamId === null || ally.teamId !== commander.teamId)
    return refuse("BRINK.Allies.Refusal.notAlly", name);
  if (!ally.ableToAct) return refuse("BRINK.Allies.Refusal.cannotAct", name);
  return undefined;
}

const allyOf = ({ combatant, target }: ActionContext): BrinkCombatant | undefined =>
  target === undefined ? undefined : combatant.combat?.combatants.get(target);

/** A card with a title and a line, spoken by the actor (Command's; Resuscitate's taker going prone). */
export async function postAllyCard(actor: Actor.Implementation, title: string, text: string): Promise<void> {
  const content = await renderCard("chat/ally-card.hbs", { title, text });
  await ChatMessage.implementation.create({
    content,
    speaker: ChatMessage.implementation.getSpeaker({ actor }),
  });
}

async function giveAction(context: ActionContext): Promise<void> {
  const { combatant, actor } = context;
  const ally = allyOf(context);
  const combat = combatant.combat;
  if (!ally || !combat) return;
  const { round, turn } = combat.clock;
  const economy = grantAction(ally.economy, combatant.id ?? "");
  await ally.update({ system: { ...economy, stamp: { round, turn } } });
  const names = { commander: combatant.name ?? "", ally: ally.name ?? "" };
  await postAllyCard(
    actor,
    game.i18n.localize("BRINK.Allies.Command.title"),
    game.i18n.format("BRINK.Allies.Command.card", names),
  );
}

export function registerCommand(): void {
  defineActionRule("command", {
    refusal: (context) => commandRefusal(context.combatant, allyOf(context)),
    effect: giveAction,
  });
}
