/**
 * What happens when a player clicks a die or a weapon on a sheet: checks with a clear, localised
 * warning (and nothing posted) when the roll cannot happen, a dialog with the exact odds, then the
 * actor's roll, which posts one card.
 */
import { combatantOf } from "../../workflows/combat-economy";
import { formObject, renderDialog, warn } from "../dialog-form";
import { BrinkActor } from "../../documents/actor";
import type { TestChoice } from "../../documents/actor-rolls";
import { itemData, WeaponData } from "../../data";
import { ATTRIBUTES, DEFAULT_SKILL_ATTRIBUTE, type Attribute, type Skill } from "../../rules/characters";
import { groupConditions, guardedDefender, type TokenActor } from "../../workflows/attack-card";
import { requestAttack, weaponBlocker } from "../../workflows/attack";
import { isRefusal } from "../../requests";
import { ownRollMode } from "../../chat/post";
import {
  attackChances,
  readAttackChoice,
  readTestChoice,
  testChance,
  testDialogContext,
} from "./roll-choices";
import { skipsDialog } from "./fast-forward";
import { askAttack } from "./attack-dialog";
import { promptDirectAttack } from "./direct-flow";
import { optionalRules } from "../../settings";

/** [decision] The difficulty a test dialog starts at: the default evasion, an ordinary challenge. */
export const DEFAULT_DIFFICULTY = 6;

/** The test dialog: the player's choices, or null when closed. */
async function askTest(actor: BrinkActor, defaults: TestChoice): Promise<unknown> {
  const system = actor.rolling;
  const content = await renderDialog("dialogs/test-roll.hbs", testDialogContext(system, defaults));
  return foundry.applications.api.DialogV2.wait({
    window: { title: game.i18n.format("BRINK.Roll.title", { name: actor.name }) },
    content,
    buttons: [
      {
        action: "roll",
        label: "BRINK.Roll.roll",
        icon: "fa-solid fa-dice-d20",
        default: true,
        callback: (_event, button) => readTestChoice(formObject(button.form), defaults),
      },
    ],
    render: (_event, dialog) => {
      const form = dialog.element.querySelector("form");
      // Without the exact odds (a player's Appearance choice) there is no chance to update.
      const output = dialog.element.querySelector("[data-chance]");
      form?.addEventListener("change", () => {
        if (output) output.textContent = testChance(system, readTestChoice(formObject(form), defaults));
      });
    },
    rejectClose: false,
  });
}

/** How a roll was asked for: the click's event tells whether the Skip dialog key was held. */
export interface RollRequest {
  event?: Event;
}

/** Opens the test dialog for an attribute or a skill (or skips it), then rolls. */
export async function promptTest(
  actor: BrinkActor,
  preset: { attribute?: Attribute; skill?: Skill },
  request: RollRequest = {},
): Promise<void> {
  if (!actor.isOwner) return warn("BRINK.Roll.notOwner");
  const skill = preset.skill ?? null;
  const defaults: TestChoice = {
    attribute: preset.attribute ?? (skill ? DEFAULT_SKILL_ATTRIBUTE[skill] : "str"),
    skill,
    proficient: false,
    modifier: 0,
    advantage: 0,
    difficulty: DEFAULT_DIFFICULTY,
  };
  const choice = skipsDialog(request.event) ? defaults : await askTest(actor, defaults);
  if (!choice || typeof choice !== "object") return;
  const picked = choice as TestChoice;
  const label = picked.skill
    ? `${game.i18n.localize(`BRINK.Skill.${picked.skill}`)} (${game.i18n.localize(`BRINK.Attribute.${picked.attribute}.abbr`)})`
    : game.i18n.localize(`BRINK.Attribute.${picked.attribute}.label`);
  const result = await actor.rollTest(picked, label);
  if (result && isRefusal(result)) warn(result.reason);
}

/** The user's targeted tokens with Brink actors (for the dialog's odds; the GM's client reads them again). */
export function targetedTokens(): TokenActor[] {
  return [...game.user.targets].flatMap((token) =>
    token.actor instanceof BrinkActor
      ? [
          {
            uuid: token.document.uuid,
            name: token.name,
            img: token.document.texture.src ?? "icons/svg/mystery-man.svg",
            actor: token.actor,
          },
        ]
      : [],
  );
}

/** Attacks this actor already made this round, for the multiple-attack penalty (0 outside combat). */
export function attacksThisRound(actor: BrinkActor): number {
  return combatantOf({ actor, token: null })?.attacksThisRound ?? 0;
}

/** Why this weapon cannot attack right now, or null when it can. */
export function attackBlocker(
  actor: BrinkActor,
  weapon: Item.Implementation,
  targets: readonly unknown[],
): string | null {
  if (!actor.isOwner) return "BRINK.Roll.notOwner";
  const blocker = weaponBlocker(weapon);
  if (blocker) return blocker;
  if (!targets.length) return "BRINK.Attack.Refusal.no-target";
  return null;
}

/**
 * Opens the attack dialog for a weapon against the targeted tokens (or skips it), then asks the
 * GM's client to make the attack: it rolls, spends the actions and writes the card.
 */
export async function promptAttack(
  actor: BrinkActor,
  weapon: Item.Implementation,
  request: RollRequest = {},
): Promise<void> {
  const targets = targetedTokens();
  const blocker = attackBlocker(actor, weapon, targets);
  if (blocker) return warn(blocker, { weapon: weapon.name });
  // RULES §7.3: under direct damage the weapon's die is rolled, with no attack test.
  if (optionalRules().damageRule === "direct")
    return promptDirectAttack(actor, weapon, targets, request.event);
  const weaponData = itemData(weapon, WeaponData)?.attackWeapon();
  if (!weaponData) return warn("BRINK.Attack.Refusal.not-a-weapon", { weapon: weapon.name });
  const usable = weaponData.attributes.filter((a) => ATTRIBUTES.includes(a));
  const previous = attacksThisRound(actor);
  const summaries = targets.map((t) => ({ ...guardedDefender(t.uuid, t.actor), name: t.name }));
  const conditions = groupConditions(weaponData.delivery, targets);
  const initial = readAttackChoice({}, usable);
  const choice = skipsDialog(request.event)
    ? initial
    : await askAttack({
        weaponName: weapon.name,
        usable,
        attacksThisRound: previous,
        chancesFor: (picked) =>
          attackChances(actor.rolling, weaponData, summaries, picked, previous, conditions),
        canKillingStrike:
          targets.length === 1 &&
          targets.every((t) => t.actor.statuses.has("unconscious") && !t.actor.statuses.has("dead")),
      });
  if (!choice) return;
  await requestAttack({
    actorUuid: actor.uuid,
    weaponId: weapon.id ?? "",
    targets: targets.map((t) => t.uuid),
    choice: { ...choice, killingStrike: choice.killingStrike === true },
    rollMode: ownRollMode(),
  });
}
