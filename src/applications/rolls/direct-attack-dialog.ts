/**
 * The attack dialog under direct damage (RULES §7.3): the position (impaired, enhanced), a second
 * weapon, and for the GM other attackers grouped on the target. It lists the dice that will be
 * rolled and why each has its size, and (unless the player hides exact odds) each target's exact
 * chance to take damage and the average damage, updated as the choices change.
 */
import { percent } from "../../helpers/numbers";
import type { RollMode } from "../../chat/post";
import { adjustDefences, type Defender } from "../../rules/attacks";
import { deflectionFor, type DamageType } from "../../rules/damage";
import type { DieSize } from "../../rules/dice";
import {
  chanceOfAtLeastByDie,
  directDice,
  meanDamageByDie,
  POSITIONS,
  type DirectDie,
  type Position,
} from "../../rules/direct-damage";
import { fractionValue } from "../../rules/death";
import { preference } from "../../settings";
import type { GroupedAttacker } from "../../workflows/direct-attack";
import { MAX_MANUAL_DEFLECTION } from "../../workflows/attack";
import { manualTarget } from "../../workflows/attack-card";
import { followForm, formObject, isTicked, renderDialog, wholeNumber } from "../dialog-form";
import { readRollMode, rollModeOptions } from "./roll-choices";

/** A weapon that may strike: its id ("unarmed" for bare hands), its die (null: bare hands). */
export interface StrikeOption {
  id: string;
  label: string;
  die: DieSize | null;
  /** What its blow deflects as: a die's deflection hangs on it. */
  damageType: DamageType;
  /** RULES §7.4 on these targets: +1 a detachment strikes individuals, −1 an individual a detachment. */
  detachment?: number;
}

/** Another of the GM's characters that may join, with the weapon it would strike with. */
export interface GroupOption {
  actorUuid: string;
  name: string;
  weapon: StrikeOption;
  /** Its size: a die's deflection hangs on its wielder's size. */
  size: number;
}

export interface DirectTargetRow {
  name: string;
  /** The target's defences, Guard counted; each die meets them from its wielder's size. */
  defender: Defender;
  /** A target typed in stands at each wielder's size, so no size difference moves its deflection. */
  typed?: boolean;
}

export interface DirectDialogInput {
  attackerName: string;
  attackerSize: number;
  weapon: StrikeOption;
  offhands: StrikeOption[];
  grouped: GroupOption[];
  targets: DirectTargetRow[];
  /** No token targeted: the target's deflection is typed in (and nobody may join the attack). */
  manual: boolean;
  /** The roll mode the dialog starts at: the user's own. */
  rollMode: RollMode;
}

export interface DirectChoice {
  position: Position;
  offhandId: string;
  grouped: GroupedAttacker[];
  rollMode: RollMode;
  /** The typed deflection with no token targeted, else null. */
  manualDeflection: number | null;
}

/** The deflection a target with no token starts with. */
const MANUAL_DEFLECTION = 0;

/** The dialog's form as a choice: unknown values fall back to the ordinary position and no second weapon. */
export function readDirectChoice(form: Record<string, unknown>, input: DirectDialogInput): DirectChoice {
  const position = POSITIONS.find((p) => p === form.position) ?? "normal";
  const offhand = input.offhands.find((o) => o.id === form.offhandId);
  const grouped = input.grouped
    .filter((_, index) => isTicked(form[`grouped.${index}`]))
    .map((g) => ({ actorUuid: g.actorUuid, weaponId: g.weapon.id }));
  return {
    position,
    offhandId: offhand?.id ?? "",
    grouped,
    rollMode: readRollMode(form, input.rollMode),
    manualDeflection: input.manual
      ? wholeNumber(form.manualDeflection ?? MANUAL_DEFLECTION, MANUAL_DEFLECTION)
      : null,
  };
}

/** The target the odds table shows with no token: the typed deflection, at each wielder's size. */
function targetRows(choice: DirectChoice, input: DirectDialogInput): DirectTargetRow[] {
  if (choice.manualDeflection === null) return input.targets;
  const manual = { evasion: 0, deflection: choice.manualDeflection };
  return [
    { name: game.i18n.localize("BRINK.Attack.manualTarget"), defender: manualTarget(manual, 0), typed: true },
  ];
}

interface Strike {
  name: string;
  option: StrikeOption;
  size: number;
}

function strikesOf(choice: DirectChoice, input: DirectDialogInput): Strike[] {
  const offhand = input.offhands.find((o) => o.id === choice.offhandId);
  const joined = input.grouped.filter((g) => choice.grouped.some((c) => c.actorUuid === g.actorUuid));
  return [
    { name: input.attackerName, option: input.weapon, size: input.attackerSize },
    ...(offhand ? [{ name: input.attackerName, option: offhand, size: input.attackerSize }] : []),
    ...joined.map((g) => ({ name: g.name, option: g.weapon, size: g.size })),
  ];
}

function diceOf(choice: DirectChoice, input: DirectDialogInput): { strikes: Strike[]; dice: DirectDie[] } {
  const strikes = strikesOf(choice, input);
  const dice = directDice(
    strikes.map((s, index) => ({
      attackerId: String(index),
      die: s.option.die,
      detachment: s.option.detachment ?? 0,
    })),
    choice.position,
  );
  return { strikes, dice };
}

/** "Roland: Longsword (d8), Roland: bare hands (d4)": what will be rolled, and why each die. */
function diceText(choice: DirectChoice, input: DirectDialogInput): string {
  const { strikes, dice } = diceOf(choice, input);
  return dice
    .map((die, index) =>
      game.i18n.format(`BRINK.Direct.Reason.${die.reason}`, {
        name: strikes[index]?.name ?? "",
        weapon: strikes[index]?.option.label ?? "",
        size: String(die.size),
      }),
    )
    .join(", ");
}

/** Each target's deflection against each die (its wielder's size, its damage type) and the exact odds. */
function chanceRows(choice: DirectChoice, input: DirectDialogInput) {
  const { strikes, dice } = diceOf(choice, input);
  return targetRows(choice, input).map((target) => {
    const deflected = dice.map((die, index) => {
      const strike = strikes[index];
      const size = strike?.size ?? input.attackerSize;
      const defender = target.typed ? { ...target.defender, size } : target.defender;
      const defences = adjustDefences(size, defender);
      return {
        size: die.size,
        deflection: deflectionFor(strike?.option.damageType ?? "bludgeoning", defences.deflection),
      };
    });
    const deflections = [...new Set(deflected.map((d) => d.deflection))];
    return {
      name: target.name,
      deflection: deflections.join(" / "),
      chance: percent(fractionValue(chanceOfAtLeastByDie(deflected, 1))),
      mean: (Math.round(fractionValue(meanDamageByDie(deflected)) * 10) / 10).toFixed(1),
    };
  });
}

/** A table row for one target, made by the dialog's own document. */
function rowCells(
  row: ReturnType<typeof chanceRows>[number],
  showOdds: boolean,
  root: Element,
): HTMLTableRowElement {
  const page = root.ownerDocument;
  const tr = page.createElement("tr");
  const texts = [row.name, row.deflection, ...(showOdds ? [row.chance, row.mean] : [])];
  for (const text of texts) tr.append(Object.assign(page.createElement("td"), { textContent: text }));
  return tr;
}

/** Keeps the dice list and the odds following the form, keystroke by keystroke (a typed deflection too). */
export function followDirectOdds(root: Element, input: DirectDialogInput, showOdds: boolean): void {
  const body = root.querySelector("[data-chances] tbody");
  const dice = root.querySelector("[data-direct-dice]");
  followForm(root.querySelector("form"), (values) => {
    const picked = readDirectChoice(values, input);
    body?.replaceChildren(...chanceRows(picked, input).map((row) => rowCells(row, showOdds, root)));
    if (dice)
      dice.textContent = `${game.i18n.localize("BRINK.Direct.Dialog.dice")}: ${diceText(picked, input)}`;
  });
}

/** The dialog's starting choice, which Skip roll dialog takes as it is. */
export const defaultDirectChoice = (input: DirectDialogInput): DirectChoice => ({
  position: "normal",
  offhandId: "",
  grouped: [],
  rollMode: input.rollMode,
  manualDeflection: input.manual ? MANUAL_DEFLECTION : null,
});

/** The dialog's body, drawn for `choice` (its starting choice unless given). */
export async function directDialogContent(
  input: DirectDialogInput,
  choice: DirectChoice = defaultDirectChoice(input),
): Promise<string> {
  return renderDialog("dialogs/direct-attack.hbs", {
    positions: POSITIONS.map((value) => ({
      value,
      label: game.i18n.localize(`BRINK.Direct.Position.${value}.label`),
      selected: value === "normal",
    })),
    offhands: [
      { value: "", label: game.i18n.localize("BRINK.Direct.Dialog.none") },
      ...input.offhands.map((o) => ({ value: o.id, label: o.label })),
    ],
    grouped: input.grouped.map((g, index) => ({ index, label: `${g.name}: ${g.weapon.label}` })),
    rollModes: rollModeOptions(input.rollMode),
    manual: input.manual
      ? { deflection: choice.manualDeflection ?? MANUAL_DEFLECTION, max: MAX_MANUAL_DEFLECTION }
      : null,
    dice: diceText(choice, input),
    chances: chanceRows(choice, input),
    showOdds: preference("showExactOdds"),
  });
}

/** The player's choices, or null when the dialog is closed. */
export async function askDirectAttack(input: DirectDialogInput): Promise<DirectChoice | null> {
  const showOdds = preference("showExactOdds");
  const choice: unknown = await foundry.applications.api.DialogV2.wait({
    window: { title: game.i18n.format("BRINK.Attack.title", { weapon: input.weapon.label }) },
    content: await directDialogContent(input),
    buttons: [
      {
        action: "attack",
        label: "BRINK.Attack.attack",
        icon: "fa-solid fa-burst",
        default: true,
        callback: (_event, button) => readDirectChoice(formObject(button.form), input),
      },
    ],
    render: (_event, dialog) => followDirectOdds(dialog.element, input, showOdds),
    rejectClose: false,
  });
  // The button's callback returns a DirectChoice; a closed dialog gives null.
  return choice && typeof choice === "object" ? (choice as DirectChoice) : null;
}
