/**
 * The panel's own prompts (RULES §3, S4): Attack opens the sheet's attack flow for a wielded weapon;
 * Move, Sprint, Guard and Wait spend the action; Step is the free step; a custom action (reload 2…)
 * asks for its name and cost and becomes an extended action when the turn cannot pay it all.
 */
import { itemData, WeaponData } from "../../data";
import { BrinkActor } from "../../documents/actor";
import type { BrinkCombatant } from "../../documents/combatant";
import { CUSTOM_ACTION } from "../../rules/action-availability";
import { MAX_CUSTOM_ACTION_COST, type ActionKey } from "../../rules/turn-economy";
import { askWithForm, renderDialog, warn, wholeNumber } from "../dialog-form";
import { promptAttack } from "../rolls/flows";
import { defineActionPrompt } from "./prompts";

/** Weapons in hand: equipped and not dropped. */
function wieldedWeapons(actor: Actor.Implementation): Item.Implementation[] {
  return [...actor.items].filter((item) => {
    const data = itemData(item, WeaponData);
    return data !== null && data.equipped && !data.dropped;
  });
}

async function attack(_combatant: BrinkCombatant, actor: Actor.Implementation): Promise<void> {
  if (!(actor instanceof BrinkActor)) return;
  const weapons = wieldedWeapons(actor);
  const [only] = weapons;
  if (!only) return warn("BRINK.ActionsPanel.noWeapon", { name: actor.name });
  const weaponId =
    weapons.length === 1
      ? only.id
      : await askWithForm({
          title: game.i18n.localize("BRINK.ActionsPanel.chooseWeapon"),
          content: await renderDialog("dialogs/choose-weapon.hbs", {
            choices: Object.fromEntries(weapons.map((weapon) => [weapon.id ?? "", weapon.name])),
          }),
          label: game.i18n.localize("BRINK.Combat.Action.attack"),
          icon: "fa-solid fa-hand-fist",
          read: (form) => String(form.weaponId ?? ""),
        });
  const weapon = weapons.find((candidate) => candidate.id === weaponId);
  if (weapon) await promptAttack(actor, weapon);
}

const spend = (key: ActionKey) => async (combatant: BrinkCombatant) => {
  await combatant.spendAction(key);
};

async function step(combatant: BrinkCombatant): Promise<void> {
  await combatant.takeFreeAction("step");
}

async function custom(combatant: BrinkCombatant): Promise<void> {
  const answer = await askWithForm({
    title: game.i18n.localize("BRINK.ActionsPanel.Label.custom"),
    content: await renderDialog("dialogs/custom-action.hbs", { max: MAX_CUSTOM_ACTION_COST }),
    label: game.i18n.localize("BRINK.ActionsPanel.take"),
    icon: "fa-solid fa-check",
    read: (form) => ({ key: String(form.name ?? "").trim(), cost: wholeNumber(form.cost, 1) }),
  });
  if (answer) await combatant.spendAction(answer);
}

export function registerPanelPrompts(): void {
  defineActionPrompt("attack", attack);
  for (const key of ["move", "sprint", "guard", "wait"] as const) defineActionPrompt(key, spend(key));
  defineActionPrompt("step", step);
  defineActionPrompt(CUSTOM_ACTION, custom);
}
