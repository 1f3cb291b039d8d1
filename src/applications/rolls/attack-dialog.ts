/**
 * The attack dialog: attribute, sneak, flanking, advantage, modifier and (against one unconscious
 * target) a killing strike, with each target's evasion and, unless the player hides exact odds,
 * the exact chance to hit, updated as the choices change.
 */
import type { AttackChoice } from "../../documents/actor";
import type { Attribute } from "../../rules/characters";
import { preference } from "../../settings";
import { formObject, renderDialog } from "../dialog-form";
import { advantageOptions, readAttackChoice } from "./roll-choices";

interface ChanceRow {
  name: string;
  evasion: number;
  chance: string;
}

export interface AttackDialogInput {
  weaponName: string;
  usable: readonly Attribute[];
  attacksThisRound: number;
  chancesFor: (choice: AttackChoice) => ChanceRow[];
  canKillingStrike: boolean;
}

function rowCells(row: ChanceRow, showOdds: boolean): HTMLTableRowElement {
  const tr = document.createElement("tr");
  const texts = showOdds ? [row.name, String(row.evasion), row.chance] : [row.name, String(row.evasion)];
  for (const text of texts) tr.append(Object.assign(document.createElement("td"), { textContent: text }));
  return tr;
}

/** The player's attack choices, or null when the dialog is closed. */
export async function askAttack(input: AttackDialogInput): Promise<AttackChoice | null> {
  const { usable, chancesFor } = input;
  const initial = readAttackChoice({}, usable);
  const showOdds = preference("showExactOdds");
  const content = await renderDialog("dialogs/attack.hbs", {
    attributes: usable.map((a) => ({
      value: a,
      label: game.i18n.localize(`BRINK.Attribute.${a}.label`),
      selected: a === initial.attribute,
    })),
    advantages: advantageOptions(0),
    attacksThisRound: input.attacksThisRound,
    chances: chancesFor(initial),
    showOdds,
    canKillingStrike: input.canKillingStrike,
  });
  const choice: unknown = await foundry.applications.api.DialogV2.wait({
    window: { title: game.i18n.format("BRINK.Attack.title", { weapon: input.weaponName }) },
    content,
    buttons: [
      {
        action: "attack",
        label: "BRINK.Attack.attack",
        icon: "fa-solid fa-burst",
        default: true,
        callback: (_event, button) => readAttackChoice(formObject(button.form), usable),
      },
    ],
    render: (_event, dialog) => {
      const form = dialog.element.querySelector("form");
      const body = dialog.element.querySelector("[data-chances] tbody");
      form?.addEventListener("change", () => {
        const rows = chancesFor(readAttackChoice(formObject(form), usable));
        body?.replaceChildren(...rows.map((row) => rowCells(row, showOdds)));
      });
    },
    rejectClose: false,
  });
  // The button's callback returns an AttackChoice; a closed dialog gives null.
  return choice && typeof choice === "object" ? (choice as AttackChoice) : null;
}
