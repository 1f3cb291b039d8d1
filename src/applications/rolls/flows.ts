/**
 * What happens when a player clicks a die or a weapon on a sheet: checks with a clear, localised
 * warning (and nothing posted) when the roll cannot happen, a dialog with the exact odds, then the
 * actor's roll, which posts one card.
 */
import { combatantOf } from "../../workflows/combat-economy";
import { formObject, renderDialog, warn } from "../dialog-form";
import {
  groupConditions,
  guardedDefender,
  type AttackChoice,
  type AttackTargetToken,
  type BrinkActor,
  type RollRefusal,
} from "../../documents/actor";
import { attackWeaponFor, type TestChoice, type WeaponSystem } from "../../documents/actor-rolls";
import { ATTRIBUTES, DEFAULT_SKILL_ATTRIBUTE, type Attribute, type Skill } from "../../rules/characters";
import { withinDistance, type Footprint } from "../../rules/geometry";
import {
  attackChances,
  readAttackChoice,
  readTestChoice,
  testChance,
  testDialogContext,
} from "./roll-choices";
import { skipsDialog } from "./fast-forward";
import { askAttack } from "./attack-dialog";

/** [decision] The difficulty a test dialog starts at: the default evasion, an ordinary challenge. */
export const DEFAULT_DIFFICULTY = 6;
/** RULES §2: a stray shot lands on a character within this many metres of the target. */
const STRAY_RADIUS = 1;

function isRefusal(result: unknown): result is RollRefusal {
  return typeof result === "object" && result !== null && (result as { ok?: unknown }).ok === false;
}

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
  if (isRefusal(result)) warn(result.reason);
}

function footprint(token: foundry.canvas.placeables.Token): Footprint {
  const grid = canvas?.grid;
  const scale = grid ? grid.distance / grid.size : 1;
  const { x, y, width, height } = token.document;
  const cell = grid?.distance ?? 1;
  return { id: token.document.uuid, x: x * scale, y: y * scale, width: width * cell, height: height * cell };
}

function tokenInfo(token: foundry.canvas.placeables.Token) {
  return {
    uuid: token.document.uuid,
    name: token.name,
    img: token.document.texture.src ?? "icons/svg/mystery-man.svg",
    // Tokens on a Brink world's canvas carry Brink actors.
    actor: token.actor as unknown as BrinkActor,
  };
}

/** The user's targeted tokens, each with the characters within 1 m of it (for stray shots). */
export function targetedTokens(): AttackTargetToken[] {
  const placed = (canvas?.tokens?.placeables ?? []).filter((t) => t.actor);
  return [...game.user.targets]
    .filter((token) => token.actor)
    .map((token) => {
      const near = new Set(
        withinDistance(footprint(token), placed.map(footprint), STRAY_RADIUS).map((f) => f.id),
      );
      return { ...tokenInfo(token), nearby: placed.filter((t) => near.has(t.document.uuid)).map(tokenInfo) };
    });
}

/** Attacks this actor already made this round, for the multiple-attack penalty (0 outside combat). */
export function attacksThisRound(actor: BrinkActor): number {
  return combatantOf({ actor, token: null })?.attacksThisRound ?? 0;
}

/** RULES §3: an attack costs an action; a killing strike three. Counted for the multiple-attack penalty. */
async function spendAttackActions(actor: BrinkActor, choice: AttackChoice): Promise<void> {
  const combatant = combatantOf({ actor, token: null });
  if (!combatant) return;
  await combatant.spendAction(choice.killingStrike ? { key: "killing-strike", cost: 3 } : "attack");
}

/** Why this weapon cannot attack right now, or null when it can. */
export function attackBlocker(
  actor: BrinkActor,
  weapon: Item.Implementation,
  targets: readonly unknown[],
): string | null {
  if (!actor.isOwner) return "BRINK.Roll.notOwner";
  if (weapon.type !== "weapon") return "BRINK.Attack.Refusal.not-a-weapon";
  const data = attackWeaponFor(weapon.system as unknown as WeaponSystem);
  if (data.broken) return "BRINK.Attack.Refusal.weapon-broken";
  if (!data.attributes.length) return "BRINK.Attack.Refusal.attribute-not-usable";
  if (!targets.length) return "BRINK.Attack.Refusal.no-target";
  return null;
}

/** Opens the attack dialog for a weapon against the targeted tokens (or skips it), then attacks. */
export async function promptAttack(
  actor: BrinkActor,
  weapon: Item.Implementation,
  request: RollRequest = {},
): Promise<void> {
  const targets = targetedTokens();
  const blocker = attackBlocker(actor, weapon, targets);
  if (blocker) return warn(blocker, { weapon: weapon.name });
  const weaponData = attackWeaponFor(weapon.system as unknown as WeaponSystem);
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
  const result = await actor.rollAttack(weapon, targets, choice, previous);
  if (isRefusal(result)) return warn(result.reason, { weapon: weapon.name });
  await spendAttackActions(actor, choice);
}
