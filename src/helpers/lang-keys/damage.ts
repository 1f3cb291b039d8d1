/** Damage from a card (RULES §4): why a reaction or an application is refused, and what changed since. */
import type { KillingStrikeRefusal } from "../../rules/death";
import type { DefenceRefusal } from "../../rules/defences";
import type { RevertField } from "../../rules/revert";
import type { LangKey } from "./lang-key";

/** A Block or Parry asked for by a character holding no shield or weapon to do it with. */
export type MissingDefenceItem = "no-item-block" | "no-item-parry";

export const DAMAGE_REFUSAL = {
  incapacitated: "BRINK.Damage.Refusal.incapacitated",
  "no-reaction": "BRINK.Damage.Refusal.no-reaction",
  "no-stamina": "BRINK.Damage.Refusal.no-stamina",
  "item-broken": "BRINK.Damage.Refusal.item-broken",
  "no-block-value": "BRINK.Damage.Refusal.no-block-value",
  "not-physical": "BRINK.Damage.Refusal.not-physical",
  "already-dead": "BRINK.Damage.Refusal.already-dead",
  "not-helpless": "BRINK.Damage.Refusal.not-helpless",
  "no-item-block": "BRINK.Damage.Refusal.no-item-block",
  "no-item-parry": "BRINK.Damage.Refusal.no-item-parry",
} as const satisfies Record<DefenceRefusal | KillingStrikeRefusal | MissingDefenceItem, LangKey>;

/** The name of each field a revert finds changed since the application it would undo. */
export const CHANGED_FIELD = {
  endurance: "BRINK.Damage.Changed.endurance",
  health: "BRINK.Damage.Changed.health",
  stamina: "BRINK.Damage.Changed.stamina",
  focus: "BRINK.Damage.Changed.focus",
  strain: "BRINK.Damage.Changed.strain",
  deathDifficulty: "BRINK.Damage.Changed.deathDifficulty",
  status: "BRINK.Damage.Changed.status",
  pending: "BRINK.Damage.Changed.pending",
  dying: "BRINK.Damage.Changed.dying",
  downed: "BRINK.Damage.Changed.downed",
  critical: "BRINK.Damage.Changed.critical",
  injuries: "BRINK.Damage.Changed.injuries",
} as const satisfies Record<RevertField, LangKey>;
