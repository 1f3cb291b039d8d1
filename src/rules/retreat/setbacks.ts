/** Setbacks: exhaustion, dropped items (the GM picks which), separated and disoriented. */
import type { DiceSource } from "../dice";
import { addStatus, type Draft } from "./draft";
import { rollOnTable, singleDie } from "./rolls";
import type { DropItemsChoice } from "./state";
import type { DiceTable, SetbackOutcome } from "./tables";

/** S0 setbacks never push exhaustion past this level. */
export const SETBACK_EXHAUSTION_CAP = 5;

export function applySetback(draft: Draft, table: DiceTable<SetbackOutcome>, dice: DiceSource): void {
  const roll = rollOnTable(table, dice, "setback-table");
  draft.rolls.push(roll.record);
  draft.setbacks.push(roll.result);
  switch (roll.result) {
    case "exhaustion":
      return addExhaustion(draft);
    case "drop-items":
      return dropItems(draft, dice);
    case "separated":
    case "disoriented":
      addStatus(draft, roll.result);
      draft.consequences.push({ key: roll.result });
      return;
  }
}

function addExhaustion(draft: Draft): void {
  const from = draft.exhaustion;
  const to = from >= SETBACK_EXHAUSTION_CAP ? from : from + 1;
  draft.exhaustion = to;
  draft.consequences.push({ key: "exhaustion", from, to });
}

function dropItems(draft: Draft, dice: DiceSource): void {
  const rolled = dice.roll(3);
  draft.rolls.push(singleDie("dropped-count", 3, rolled));
  const candidateIds = draft.character.items
    .filter((item) => item.worn && !item.dropped)
    .map((item) => item.id);
  const choice: DropItemsChoice = {
    id: `${draft.id}:drop-${draft.choices.length + 1}`,
    actorId: draft.character.id,
    rolled,
    count: Math.min(rolled, candidateIds.length),
    candidateIds,
  };
  draft.consequences.push({ key: "drop-items", choice });
  if (choice.count > 0) draft.choices.push(choice);
}

export interface ItemDrop {
  readonly itemId: string;
  readonly dropped: true;
}

export type DropChoiceResult =
  | { readonly ok: true; readonly drops: readonly ItemDrop[] }
  | { readonly ok: false; readonly reason: "wrong-count" | "not-a-candidate" | "duplicate" };

/** The GM's pick for a drop setback: exactly `count` distinct candidates, marked dropped, never deleted. */
export function applyDropChoice(choice: DropItemsChoice, pickedIds: readonly string[]): DropChoiceResult {
  if (new Set(pickedIds).size !== pickedIds.length) return { ok: false, reason: "duplicate" };
  if (pickedIds.some((id) => !choice.candidateIds.includes(id)))
    return { ok: false, reason: "not-a-candidate" };
  if (pickedIds.length !== choice.count) return { ok: false, reason: "wrong-count" };
  return { ok: true, drops: pickedIds.map((itemId) => ({ itemId, dropped: true })) };
}
