/**
 * The attack dialog under direct damage (RULES §7.3): the position (impaired, enhanced), a second
 * weapon, and for the GM other attackers grouped on the target. It lists the dice that will be
 * rolled and why each has its size, and (unless the player hides exact odds) each target's exact
 * chance to take damage and the average damage, updated as the choices change.
 */
import type { DieSize } from "../../rules/dice";
import {
  chanceOfAtLeast,
  directDice,
  meanDamage,
  POSITIONS,
  type DirectDie,
  type Position,
} from "../../rules/direct-damage";
import { fractionValue } from "../../rules/death";
import { preference } from "../../settings";
import type { GroupedAttacker } from "../../workflows/direct-attack";
import { formObject, isTicked, renderDialog } from "../dialog-form";

/** A weapon that may strike: its id ("unarmed" for bare hands), its die (null: bare hands). */
export interface StrikeOption {
  id: string;
  label: string;
  die: DieSize | null;
  /** RULES §7.4 on these targets: +1 a detachment strikes individuals, −1 an individual a detachment. */
  detachment?: number;
}

/** Another of the GM's characters that may join, with the weapon it would strike with. */
export interface GroupOption {
  actorUuid: string;
  name: string;
  weapon: StrikeOption;
}

export interface DirectTargetRow {
  name: string;
  /** The deflection the main weapon meets on this target (size and Guard counted). */
  deflection: number;
}

export interface DirectDialogInput {
  attackerName: string;
  weapon: StrikeOption;
  offhands: StrikeOption[];
  grouped: GroupOption[];
  targets: DirectTargetRow[];
}

export interface DirectChoice {
  position: Position;
  offhandId: string;
  grouped: GroupedAttacker[];
}

const percent = (value: number): string => `${Math.round(value * 1000) / 10}%`;

/** The dialog's form as a choice: unknown values fall back to the ordinary position and no second weapon. */
export function readDirectChoice(form: Record<string, unknown>, input: DirectDialogInput): DirectChoice {
  const position = POSITIONS.find((p) => p === form.position) ?? "normal";
  const offhand = input.offhands.find((o) => o.id === form.offhandId);
  const grouped = input.grouped
    .filter((_, index) => isTicked(form[`grouped.${index}`]))
    .map((g) => ({ actorUuid: g.actorUuid, weaponId: g.weapon.id }));
  return { position, offhandId: offhand?.id ?? "", grouped };
}

interface Strike {
  name: string;
  option: StrikeOption;
}

function strikesOf(choice: DirectChoice, input: DirectDialogInput): Strike[] {
  const offhand = input.offhands.find((o) => o.id === choice.offhandId);
  const joined = input.grouped.filter((g) => choice.grouped.some((c) => c.actorUuid === g.actorUuid));
  return [
    { name: input.attackerName, option: input.weapon },
    ...(offhand ? [{ name: input.attackerName, option: offhand }] : []),
    ...joined.map((g) => ({ name: g.name, option: g.weapon })),
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

function chanceRows(choice: DirectChoice, input: DirectDialogInput) {
  const sizes = diceOf(choice, input).dice.map((die) => die.size);
  return input.targets.map((target) => ({
    name: target.name,
    deflection: target.deflection,
    chance: percent(fractionValue(chanceOfAtLeast(sizes, target.deflection, 1))),
    mean: (Math.round(fractionValue(meanDamage(sizes, target.deflection)) * 10) / 10).toFixed(1),
  }));
}

function rowCells(row: ReturnType<typeof chanceRows>[number], showOdds: boolean): HTMLTableRowElement {
  const tr = document.createElement("tr");
  const texts = [row.name, String(row.deflection), ...(showOdds ? [row.chance, row.mean] : [])];
  for (const text of texts) tr.append(Object.assign(document.createElement("td"), { textContent: text }));
  return tr;
}

const NO_CHOICE: DirectChoice = { position: "normal", offhandId: "", grouped: [] };

export async function directDialogContent(input: DirectDialogInput): Promise<string> {
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
    dice: diceText(NO_CHOICE, input),
    chances: chanceRows(NO_CHOICE, input),
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
    render: (_event, dialog) => {
      const form = dialog.element.querySelector("form");
      const body = dialog.element.querySelector("[data-chances] tbody");
      const dice = dialog.element.querySelector("[data-direct-dice]");
      form?.addEventListener("change", () => {
        const picked = readDirectChoice(formObject(form), input);
        body?.replaceChildren(...chanceRows(picked, input).map((row) => rowCells(row, showOdds)));
        if (dice)
          dice.textContent = `${game.i18n.localize("BRINK.Direct.Dialog.dice")}: ${diceText(picked, input)}`;
      });
    },
    rejectClose: false,
  });
  // The button's callback returns a DirectChoice; a closed dialog gives null.
  return choice && typeof choice === "object" ? (choice as DirectChoice) : null;
}

export const DEFAULT_DIRECT_CHOICE = NO_CHOICE;
