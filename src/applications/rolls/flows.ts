/**
 * What happens when a player clicks a die or a weapon on a sheet: checks with a clear, localised
 * warning (and nothing posted) when the roll cannot happen, a dialog with the exact odds, then the
 * actor's roll, which posts one card.
 */
import { combatantOf } from "../../workflows/combat-economy";
import { followForm, formObject, renderDialog, warn } from "../dialog-form";
import { BrinkActor } from "../../documents/actor";
import { attackerFor, type RollingActorData, type TestChoice } from "../../documents/actor-rolls";
import type { AttackChoice } from "../../documents/actor";
import type { AttackWeapon } from "../../rules/attacks";
import { DAMAGE_TYPES } from "../../rules/damage";
import { itemData, WeaponData } from "../../data";
import { ATTRIBUTES, DEFAULT_SKILL_ATTRIBUTE, type Attribute, type Skill } from "../../rules/characters";
import {
  attackConditions,
  guardedDefender,
  manualTarget,
  type ManualDefences,
  type TokenActor,
} from "../../workflows/attack-card";
import { requestAttack, weaponBlocker, wieldedBy } from "../../workflows/attack";
import { edgesText } from "../../data/chat/damage-steps";
import { isRefusal } from "../../requests";
import { ownRollMode, type RollMode } from "../../chat/post";
import {
  attackChances,
  readRollMode,
  readTestChoice,
  rollModeOptions,
  attackEdges,
  testChance,
  testDialogContext,
  testEdges,
} from "./roll-choices";
import { skipsDialog } from "./fast-forward";
import {
  askAttack,
  initialAttackChoice,
  manualDefencesProblem,
  MANUAL_DEFAULTS,
  type AttackAnswer,
  type AttackDialogInput,
} from "./attack-dialog";
import { promptDirectAttack, promptUnarmedAttack } from "./direct-flow";
import { attackTargets } from "../../workflows/attack-targets";
import { optionalRules } from "../../settings";
import { countOf } from "../../helpers/plural";
import { ATTRIBUTE_LABEL, SKILL_LABEL, UNFIT_REFUSAL } from "../../helpers/lang-keys";
import { isDying } from "../../rules/dying";
import { attacksWithBlast } from "../../workflows/detachments/in-combat";

/** [decision] The difficulty a test dialog starts at: the default evasion, an ordinary challenge. */
export const DEFAULT_DIFFICULTY = 6;

/** What a test dialog returns: the choices and who may read the card. */
export interface TestAnswer {
  choice: TestChoice;
  rollMode: RollMode;
}

/** Keeps the test dialog's chance of success in step with its form while the player types. */
export function followTestChance(root: Element, system: RollingActorData, defaults: TestChoice): void {
  // Without the exact odds (a player's Appearance choice) there is no chance to update.
  const output = root.querySelector("[data-chance]");
  const edges = root.querySelector("[data-edges]");
  followForm(root.querySelector("form"), (form) => {
    const choice = readTestChoice(form, defaults);
    if (edges) edges.textContent = testEdges(system, choice);
    if (output) output.textContent = testChance(system, choice);
  });
}

/** The test dialog: the player's choices, or null when closed. */
async function askTest(actor: BrinkActor, defaults: TestChoice): Promise<TestAnswer | null> {
  const system = actor.rolling;
  const start = ownRollMode();
  const content = await renderDialog("dialogs/test-roll.hbs", {
    ...testDialogContext(system, defaults),
    rollModes: rollModeOptions(start),
  });
  const read = (form: Record<string, unknown>): TestAnswer => ({
    choice: readTestChoice(form, defaults),
    rollMode: readRollMode(form, start),
  });
  const answer: unknown = await foundry.applications.api.DialogV2.wait({
    window: { title: game.i18n.format("BRINK.Roll.title", { name: actor.name }) },
    content,
    buttons: [
      {
        action: "roll",
        label: "BRINK.Roll.roll",
        icon: "fa-solid fa-dice-d20",
        default: true,
        callback: (_event, button) => read(formObject(button.form)),
      },
    ],
    render: (_event, dialog) => followTestChance(dialog.element, system, defaults),
    rejectClose: false,
  });
  // The button's callback returns a TestAnswer; a closed dialog gives null.
  return answer && typeof answer === "object" ? (answer as TestAnswer) : null;
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
  const answer = skipsDialog(request.event)
    ? { choice: defaults, rollMode: ownRollMode() }
    : await askTest(actor, defaults);
  if (!answer) return;
  const picked = answer.choice;
  const label = picked.skill
    ? `${game.i18n.localize(`BRINK.Skill.${picked.skill}`)} (${game.i18n.localize(`BRINK.Attribute.${picked.attribute}.abbr`)})`
    : game.i18n.localize(`BRINK.Attribute.${picked.attribute}.label`);
  const result = await actor.rollTest(picked, label, answer.rollMode);
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

/** Why this weapon cannot attack right now, or null when it can (no target means typed defences). */
export function attackBlocker(actor: BrinkActor, weapon: Item.Implementation): string | null {
  if (!actor.isOwner) return "BRINK.Roll.notOwner";
  // RULES §6: the dying speak and crawl; the GM's client refuses the attack for the same reason.
  if (isDying(actor.statuses)) return UNFIT_REFUSAL.dying;
  return weaponBlocker(weapon);
}

/** The attack dialog's odds: each targeted token, or the target whose defences are typed in. */
function oddsFor(actor: BrinkActor, weapon: AttackWeapon, targets: TokenActor[]) {
  const previous = attacksThisRound(actor);
  const summaries = targets.map((t) => ({ ...guardedDefender(t.uuid, t.actor), name: t.name }));
  const conditions = attackConditions(actor, weapon, targets);
  const size = attackerFor(actor.rolling, previous).size;
  const manualName = game.i18n.localize("BRINK.Attack.manualTarget");
  return (picked: AttackChoice, manual: ManualDefences | null) =>
    manual
      ? attackChances(
          actor.rolling,
          weapon,
          [{ ...manualTarget(manual, size), name: manualName }],
          picked,
          previous,
        )
      : attackChances(actor.rolling, weapon, summaries, picked, previous, conditions);
}

/**
 * "Longsword: attack total + 5 slashing damage; a luck of 18+ is a critical (cannot miss, + 8
 * instead)": what the weapon puts on a hit (RULES §4), as the dialog shows it beside the penalty.
 */
function weaponRolls(name: string, weapon: AttackWeapon): string {
  return game.i18n.format("BRINK.Attack.weaponRolls", {
    weapon: name,
    damage: String(weapon.damage),
    type: game.i18n.localize(`BRINK.DamageType.${weapon.damageType}`),
    threshold: String(weapon.criticalThreshold),
    critical: String(weapon.criticalDamage),
  });
}

/** "Strength d6 + Combat d8": the dice an attack with this attribute rolls (RULES §4). */
function attackDice(actor: BrinkActor, attribute: Attribute): string {
  const attacker = attackerFor(actor.rolling, 0);
  const rating = attacker.attributes[attribute];
  const dice = [
    rating ? `${game.i18n.localize(ATTRIBUTE_LABEL[attribute])} d${rating}` : "",
    attacker.combat ? `${game.i18n.localize(SKILL_LABEL.combat)} d${attacker.combat}` : "",
  ];
  return dice.filter(Boolean).join(" + ");
}

/** What the attack dialog offers for this weapon against these targets (none: typed defences). */
export function attackDialogInput(
  actor: BrinkActor,
  weapon: Item.Implementation,
  weaponData: AttackWeapon,
  targets: TokenActor[],
): AttackDialogInput {
  const wielded = wieldedBy(actor, weaponData);
  const usable = weaponData.attributes.filter((a) => ATTRIBUTES.includes(a));
  return {
    weaponName: weapon.name,
    weaponRolls: weaponRolls(weapon.name, wielded),
    usable,
    dice: Object.fromEntries(usable.map((a) => [a, attackDice(actor, a)])),
    attacksThisRound: attacksThisRound(actor),
    chancesFor: oddsFor(actor, wielded, targets),
    edgesFor: (choice) => attackEdges(actor.rolling, wielded, choice),
    targetEdges: edgesText(attackConditions(actor, wielded, targets).edges),
    flankingOnMap: flankingOnMap(targets),
    mayOverrideFlanking: game.user.isGM,
    canKillingStrike:
      targets.length === 1 &&
      targets.every((t) => t.actor.statuses.has("unconscious") && !t.actor.statuses.has("dead")),
    manual: targets.length ? null : { category: DAMAGE_TYPES[weaponData.damageType] },
    rollMode: ownRollMode(),
  };
}

/** RULES §3: whether the map shows every targeted token flanked; null with none targeted or unreadable. */
function flankingOnMap(targets: readonly TokenActor[]): boolean | null {
  if (!targets.length) return null;
  const read = attackTargets(
    targets.map((t) => t.uuid),
    game.user,
  );
  return typeof read === "string" ? null : read.every((target) => target.flanked);
}

/** The dialog's answer, or its defaults when the Skip dialog key (or preference) skips it. */
async function attackAnswer(
  input: AttackDialogInput,
  event: Event | undefined,
): Promise<AttackAnswer | null> {
  if (!skipsDialog(event)) return askAttack(input);
  const manual = input.manual ? MANUAL_DEFAULTS : null;
  return { choice: initialAttackChoice(input), rollMode: input.rollMode, manual };
}

/**
 * Opens the attack dialog for a weapon against the targeted tokens, or against defences typed in
 * when none is targeted (or skips it), then asks the GM's client to make the attack: it rolls,
 * spends the actions and writes the card.
 */
export async function promptAttack(
  actor: BrinkActor,
  weapon: Item.Implementation,
  request: RollRequest = {},
): Promise<void> {
  const blocker = attackBlocker(actor, weapon);
  if (blocker) return warn(blocker, { weapon: weapon.name, name: actor.name });
  const targets = targetedTokens();
  // RULES §3/§4, under both damage rules: a weapon that is not blast attacks one target per action.
  if (
    targets.length > 1 &&
    !attacksWithBlast(actor, itemData(weapon, WeaponData)?.attackWeapon().blast === true)
  )
    return warn("BRINK.Attack.Refusal.single-target-weapon", { weapon: weapon.name });
  // RULES §7.3: under direct damage the weapon's die is rolled, with no attack test.
  if (optionalRules().damageRule === "direct")
    return promptDirectAttack(actor, weapon, targets, request.event);
  const weaponData = itemData(weapon, WeaponData)?.attackWeapon();
  if (!weaponData) return warn("BRINK.Attack.Refusal.not-a-weapon", { weapon: weapon.name });
  const answer = await attackAnswer(attackDialogInput(actor, weapon, weaponData, targets), request.event);
  if (!answer) return;
  const problem = answer.manual && manualDefencesProblem(answer.manual);
  if (problem) return warn(problem.key, problem.data);
  const result = await requestAttack({
    actorUuid: actor.uuid,
    weaponId: weapon.id ?? "",
    targets: targets.map((t) => t.uuid),
    choice: { ...answer.choice, killingStrike: answer.choice.killingStrike === true },
    rollMode: answer.rollMode,
    ...(answer.manual ? { manual: answer.manual } : {}),
  });
  const pending = result.ok ? result.pending : undefined;
  if (pending)
    ui.notifications?.info(
      game.i18n.format("BRINK.Attack.killingStrike.pending", {
        name: pending.name,
        target: pending.target,
        owed: countOf("action", pending.owed),
      }),
    );
}

/**
 * The sheet's Unarmed attack: under direct damage (RULES §7.3, S3) bare hands roll a d4. Core's
 * attack rule (RULES §4) defines no unarmed attack, so it is refused there.
 */
export async function promptUnarmed(actor: BrinkActor, request: RollRequest = {}): Promise<void> {
  if (!actor.isOwner) return warn("BRINK.Roll.notOwner");
  if (optionalRules().damageRule !== "direct") return warn("BRINK.Direct.Refusal.unarmedCore");
  const targets = targetedTokens();
  if (targets.length > 1 && !attacksWithBlast(actor, false))
    return warn("BRINK.Attack.Refusal.single-target-weapon", {
      weapon: game.i18n.localize("BRINK.Direct.unarmed"),
    });
  return promptUnarmedAttack(actor, targets, request.event);
}
