/** Attacks (RULES §3–§4): why the GM's client refuses to roll one. */
import type { AttackRefusal } from "../../rules/attacks";
import type { FightPreventingCondition } from "../../rules/dying";
import type { LangKey } from "./lang-key";

/** What the attack dialog's choice itself rules out, beyond the rules' own refusals. */
export type AttackChoiceRefusal =
  "attribute-not-usable" | "single-target-weapon" | "killing-strike-one-target" | "target-not-unconscious";

export const ATTACK_REFUSAL = {
  "weapon-broken": "BRINK.Attack.Refusal.weapon-broken",
  "attribute-not-usable": "BRINK.Attack.Refusal.attribute-not-usable",
  "no-target": "BRINK.Attack.Refusal.no-target",
  "single-target-weapon": "BRINK.Attack.Refusal.single-target-weapon",
  "target-not-unconscious": "BRINK.Attack.Refusal.target-not-unconscious",
  "killing-strike-one-target": "BRINK.Attack.Refusal.killing-strike-one-target",
} as const satisfies Record<AttackRefusal | AttackChoiceRefusal, LangKey>;

/** An attacker whose condition takes its turns away, named by that condition. */
export const UNFIT_REFUSAL = {
  unconscious: "BRINK.Attack.Refusal.unfit.unconscious",
  incapacitated: "BRINK.Attack.Refusal.unfit.incapacitated",
  dead: "BRINK.Attack.Refusal.unfit.dead",
  retreated: "BRINK.Attack.Refusal.unfit.retreated",
  routed: "BRINK.Attack.Refusal.unfit.routed",
  paralysed: "BRINK.Attack.Refusal.unfit.paralysed",
  delirious: "BRINK.Attack.Refusal.unfit.delirious",
  dying: "BRINK.Attack.Refusal.unfit.dying",
} as const satisfies Record<FightPreventingCondition, LangKey>;
