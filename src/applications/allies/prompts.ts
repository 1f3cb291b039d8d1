/**
 * The actions panel's prompts for the actions with allies (RULES §3): Command asks which ally,
 * Resuscitate which unconscious character, Resist and Fortify the difficulty the GM names. Each asks the GM's
 * client, which checks everything again before anything is spent; a refusal is shown to this user.
 */
import type { BrinkCombatant } from "../../documents/combatant";
import { MAX_RESIST_DIFFICULTY } from "../../rules/allies";
import { commandRefusal, requestFortify, requestResist } from "../../workflows/allies";
import { defineActionPrompt } from "../actions/prompts";
import { askWithForm, renderDialog, warn, wholeNumber } from "../dialog-form";

const others = (combatant: BrinkCombatant): BrinkCombatant[] =>
  [...(combatant.combat?.combatants ?? [])].filter((other) => other.id !== combatant.id);

/** One combatant picked from a list, by id; null when the list is empty (warned) or the dialog is closed. */
async function pickCombatant(
  key: "Command" | "Resuscitate",
  choices: BrinkCombatant[],
): Promise<string | null> {
  if (!choices.length) {
    warn(`BRINK.Allies.${key}.none`);
    return null;
  }
  const options = Object.fromEntries(choices.map((c) => [c.id ?? "", c.name ?? ""]));
  const content = await renderDialog("dialogs/choose-combatant.hbs", {
    hint: game.i18n.localize(`BRINK.Allies.${key}.hint`),
    label: game.i18n.localize(`BRINK.Allies.${key}.pick`),
    choices: options,
  });
  const picked = await askWithForm({
    title: game.i18n.localize(`BRINK.Combat.Action.${key === "Command" ? "command" : "resuscitate"}`),
    content,
    label: game.i18n.localize(`BRINK.Allies.${key}.confirm`),
    icon: key === "Command" ? "fa-solid fa-bullhorn" : "fa-solid fa-hand-holding-medical",
    read: (form) => (typeof form.target === "string" ? form.target : ""),
  });
  return picked || null;
}

async function promptCommand(combatant: BrinkCombatant): Promise<void> {
  const allies = others(combatant).filter((ally) => commandRefusal(combatant, ally) === undefined);
  const target = await pickCombatant("Command", allies);
  if (target) await combatant.spendAction("command", target);
}

async function promptResuscitate(combatant: BrinkCombatant): Promise<void> {
  const patients = others(combatant).filter((other) => {
    const statuses = other.actor?.statuses;
    return statuses?.has("unconscious") === true && !statuses.has("dead");
  });
  const target = await pickCombatant("Resuscitate", patients);
  if (target) await combatant.spendAction("resuscitate", target);
}

/** Resist or Fortify: the difficulty the GM names, then the GM's client spends, rolls and posts. */
function reactionTestPrompt(key: "Resist" | "Fortify", icon: string) {
  return async (combatant: BrinkCombatant): Promise<void> => {
    const content = await renderDialog("dialogs/resist.hbs", {
      max: MAX_RESIST_DIFFICULTY,
      hint: game.i18n.localize(`BRINK.Allies.${key}.hint`),
    });
    const difficulty = await askWithForm({
      title: game.i18n.localize(`BRINK.Allies.${key}.label`),
      content,
      label: game.i18n.localize(`BRINK.Allies.${key}.confirm`),
      icon,
      read: (form) => wholeNumber(form.difficulty, 10),
    });
    if (difficulty === null) return;
    const ask = key === "Resist" ? requestResist : requestFortify;
    await ask({
      combatId: combatant.combat?.id ?? "",
      combatantId: combatant.id ?? "",
      difficulty: Math.max(1, Math.min(MAX_RESIST_DIFFICULTY, difficulty)),
    });
  };
}

/** Registers the prompts; called once from brink.ts's init hook. */
export function registerAllyPrompts(): void {
  defineActionPrompt("command", promptCommand);
  defineActionPrompt("resuscitate", promptResuscitate);
  defineActionPrompt("resist", reactionTestPrompt("Resist", "fa-solid fa-brain"));
  defineActionPrompt("fortify", reactionTestPrompt("Fortify", "fa-solid fa-shield-heart"));
}
