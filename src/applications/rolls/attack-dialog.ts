/**
 * The attack dialog: attribute, sneak, flanking, advantage, modifier, roll mode and (against one
 * unconscious target) a killing strike, with each target's evasion and, unless the player hides
 * exact odds, the exact chance to hit, updated as the player types. With no token targeted it asks
 * for the target's evasion (and deflection, when the weapon's damage has a category deflection
 * reduces) instead, for play without a map.
 */
import type { RollMode } from "../../chat/post";
import type { AttackChoice } from "../../documents/actor";
import type { Attribute } from "../../rules/characters";
import type { DamageCategory } from "../../rules/damage";
import { preference } from "../../settings";
import type { ManualDefences } from "../../workflows/attack-card";
import { MAX_MANUAL_DEFLECTION, MAX_MANUAL_EVASION } from "../../workflows/attack";
import { followForm, formObject, renderDialog, wholeNumber } from "../dialog-form";
import { advantageOptions, readAttackChoice, readRollMode, rollModeOptions } from "./roll-choices";

interface ChanceRow {
  name: string;
  evasion: number;
  chance: string;
  /** The multiple-attack penalty on this row, in words ("" when none). */
  penalty?: string;
}

/** The defences a target with no token starts with: the default evasion, no deflection. */
export const MANUAL_DEFAULTS: ManualDefences = { evasion: 6, deflection: 0 };

export interface AttackDialogInput {
  weaponName: string;
  /** What the weapon adds on a hit and on a critical, in words ("attack total + 5 slashing damage; …"). */
  weaponRolls: string;
  usable: readonly Attribute[];
  /** The dice an attack with each usable attribute rolls ("Strength d6 + Combat d8"). */
  dice: Partial<Record<Attribute, string>>;
  attacksThisRound: number;
  chancesFor: (choice: AttackChoice, manual: ManualDefences | null) => ChanceRow[];
  /** The attacker's own sources of advantage and disadvantage, in words (light, injuries). */
  edgesFor: (choice: AttackChoice) => string;
  /** Advantage and disadvantage the targets give, with their reasons ("Impaired, …: disadvantage"). */
  targetEdges: string;
  canKillingStrike: boolean;
  /** RULES §3 flanking as the map shows it, or null with no token targeted (the box is the player's). */
  flankingOnMap: boolean | null;
  /** Whether the user may tick flanking against the map (the GM may; a player's attack follows the map). */
  mayOverrideFlanking: boolean;
  /** Set when no token is targeted: the damage category the typed deflection counts against. */
  manual: { category: DamageCategory } | null;
  rollMode: RollMode;
}

/** What the player chose: the attack, who may read its card, and any typed defences. */
export interface AttackAnswer {
  choice: AttackChoice;
  rollMode: RollMode;
  manual: ManualDefences | null;
}

/** The typed defences as entered (the GM's client checks their range again). */
export function readManualDefences(form: Record<string, unknown>): ManualDefences {
  return {
    evasion: wholeNumber(form.manualEvasion ?? MANUAL_DEFAULTS.evasion, MANUAL_DEFAULTS.evasion),
    deflection: wholeNumber(form.manualDeflection ?? MANUAL_DEFAULTS.deflection, MANUAL_DEFAULTS.deflection),
  };
}

/** Why typed defences cannot be used (a lang key and its data), or null when they are in range. */
export function manualDefencesProblem(
  manual: ManualDefences,
): { key: string; data: Record<string, string> } | null {
  if (manual.evasion < 0 || manual.evasion > MAX_MANUAL_EVASION)
    return { key: "BRINK.Attack.manualEvasionRange", data: { max: String(MAX_MANUAL_EVASION) } };
  if (manual.deflection < 0 || manual.deflection > MAX_MANUAL_DEFLECTION)
    return { key: "BRINK.Attack.manualDeflectionRange", data: { max: String(MAX_MANUAL_DEFLECTION) } };
  return null;
}

/** A table row for one target, made by the dialog's own document. */
function rowCells(row: ChanceRow, showOdds: boolean, root: Element): HTMLTableRowElement {
  const page = root.ownerDocument;
  const tr = page.createElement("tr");
  const texts = showOdds ? [row.name, String(row.evasion), row.chance] : [row.name, String(row.evasion)];
  for (const text of texts) tr.append(Object.assign(page.createElement("td"), { textContent: text }));
  if (row.penalty) {
    const note = Object.assign(page.createElement("span"), {
      className: "penalty",
      textContent: row.penalty,
    });
    tr.firstElementChild?.append(" ", note);
  }
  return tr;
}

/** The typed-defences fields' context, or null with tokens targeted. */
function manualContext(input: AttackDialogInput) {
  if (!input.manual) return null;
  const { category } = input.manual;
  return {
    ...MANUAL_DEFAULTS,
    maxEvasion: MAX_MANUAL_EVASION,
    maxDeflection: MAX_MANUAL_DEFLECTION,
    // Typeless damage is never reduced, so no deflection is asked for.
    deflectionLabel:
      category === "typeless"
        ? null
        : game.i18n.format("BRINK.Attack.manualDeflection", {
            category: game.i18n.localize(`BRINK.DamageCategory.${category}`),
          }),
  };
}

function readAnswer(form: Record<string, unknown>, input: AttackDialogInput): AttackAnswer {
  return {
    choice: readAttackChoice(form, input.usable),
    rollMode: readRollMode(form, input.rollMode),
    manual: input.manual ? readManualDefences(form) : null,
  };
}

/** The dialog's content: the choices, the roll mode and the odds table. */
/** The dialog's starting choice: flanking ticked when the map shows the target flanked. */
export const initialAttackChoice = (input: AttackDialogInput) =>
  readAttackChoice(input.flankingOnMap ? { flanking: true } : {}, input.usable);

/** The flanking box: ticked from the map, locked for a player when the map decides, and a note saying so. */
function flankingContext(input: AttackDialogInput) {
  if (input.flankingOnMap === null) return { checked: false, locked: false, note: "" };
  const reading = game.i18n.localize(`BRINK.Attack.flankingMap.${input.flankingOnMap ? "yes" : "no"}`);
  const note = input.mayOverrideFlanking
    ? `${reading} ${game.i18n.localize("BRINK.Attack.flankingMap.override")}`
    : reading;
  return { checked: input.flankingOnMap, locked: !input.mayOverrideFlanking, note };
}

/** "The attack rolls Strength d6 + Combat d8 and the luck d20.": what the chosen attribute rolls. */
function attackDiceLine(input: AttackDialogInput, attribute: Attribute): string {
  const dice = input.dice[attribute];
  return dice ? game.i18n.format("BRINK.Attack.attackDice", { dice }) : "";
}

async function dialogContent(input: AttackDialogInput, showOdds: boolean): Promise<string> {
  const initial = initialAttackChoice(input);
  return renderDialog("dialogs/attack.hbs", {
    weaponRolls: input.weaponRolls,
    attackDice: attackDiceLine(input, initial.attribute),
    attributes: input.usable.map((a) => ({
      value: a,
      label: game.i18n.localize(`BRINK.Attribute.${a}.label`),
      selected: a === initial.attribute,
    })),
    advantages: advantageOptions(0),
    rollModes: rollModeOptions(input.rollMode),
    attacksThisRound: input.attacksThisRound,
    targetEdges: input.targetEdges,
    chances: input.chancesFor(initial, input.manual ? MANUAL_DEFAULTS : null),
    edges: input.edgesFor(initial),
    showOdds,
    canKillingStrike: input.canKillingStrike,
    flanking: flankingContext(input),
    manual: manualContext(input),
  });
}

/** Keeps each target's evasion and chance to be hit in step with the form while the player types. */
export function followAttackOdds(root: Element, input: AttackDialogInput, showOdds: boolean): void {
  const body = root.querySelector("[data-chances] tbody");
  const edges = root.querySelector("[data-edges]");
  const dice = root.querySelector("[data-attack-dice]");
  followForm(root.querySelector("form"), (form) => {
    const { choice, manual } = readAnswer(form, input);
    if (edges) edges.textContent = input.edgesFor(choice);
    if (dice) dice.textContent = attackDiceLine(input, choice.attribute);
    const rows = input.chancesFor(choice, manual).map((row) => rowCells(row, showOdds, root));
    body?.replaceChildren(...rows);
  });
}

/** The player's attack choices, or null when the dialog is closed. */
export async function askAttack(input: AttackDialogInput): Promise<AttackAnswer | null> {
  const showOdds = preference("showExactOdds");
  const answer: unknown = await foundry.applications.api.DialogV2.wait({
    window: { title: game.i18n.format("BRINK.Attack.title", { weapon: input.weaponName }) },
    content: await dialogContent(input, showOdds),
    buttons: [
      {
        action: "attack",
        label: "BRINK.Attack.attack",
        icon: "fa-solid fa-burst",
        default: true,
        callback: (_event, button) => readAnswer(formObject(button.form), input),
      },
    ],
    render: (_event, dialog) => followAttackOdds(dialog.element, input, showOdds),
    rejectClose: false,
  });
  // The button's callback returns an AttackAnswer; a closed dialog gives null.
  return answer && typeof answer === "object" ? (answer as AttackAnswer) : null;
}
