/** Life and death (RULES §5–§6): why an action is refused, and the name each action posts under. */
import type { HealingRefusal } from "../../rules/damage-chain";
import type {
  DeathSaveRefusal,
  ResurrectionRefusal,
  StabiliseDyingRefusal,
  StrainChoiceRefusal,
} from "../../rules/dying";
import type { StabiliseDownedRefusal } from "../../rules/stabilise";
import type { CriticalRefusal } from "../../rules/critical-damage";
import type { AttemptRefusal, DownedAttemptRefusal } from "../../rules/world-clock";
import type { LangKey } from "./lang-key";
import type { DeathLuckRefusal } from "../../rules/death-luck-test";

export type LifeRefusal =
  | HealingRefusal
  | StrainChoiceRefusal
  | DeathSaveRefusal
  | StabiliseDyingRefusal
  | StabiliseDownedRefusal
  | ResurrectionRefusal
  | AttemptRefusal
  | DownedAttemptRefusal
  | Exclude<CriticalRefusal, "no-time">
  | DeathLuckRefusal;

export const LIFE_REFUSAL = {
  dead: "BRINK.Life.Refusal.dead",
  "nothing-to-heal": "BRINK.Life.Refusal.nothing-to-heal",
  "strain-at-max": "BRINK.Life.Refusal.strain-at-max",
  "no-choice-pending": "BRINK.Life.Refusal.no-choice-pending",
  "not-dying": "BRINK.Life.Refusal.not-dying",
  "already-saved": "BRINK.Life.Refusal.already-saved",
  "already-attempted-this-round": "BRINK.Life.Refusal.already-attempted-this-round",
  "not-downed": "BRINK.Life.Refusal.not-downed",
  "not-critical": "BRINK.Life.Refusal.not-critical",
  "not-dead": "BRINK.Life.Refusal.not-dead",
  "con-exhausted": "BRINK.Life.Refusal.con-exhausted",
  "con-lost-to-injuries": "BRINK.Life.Refusal.con-lost-to-injuries",
  "not-luck-rule": "BRINK.Life.Refusal.not-luck-rule",
  "already-dead": "BRINK.Life.Refusal.already-dead",
  "not-at-zero-health": "BRINK.Life.Refusal.not-at-zero-health",
} as const satisfies Record<LifeRefusal, LangKey>;

/** The title of each life action's card, by the action's kind. */
export const LIFE_ACTION = {
  heal: "BRINK.Life.Action.heal",
  "strain-or-injury": "BRINK.Life.Action.strain-or-injury",
  "death-save": "BRINK.Life.Action.death-save",
  stabilise: "BRINK.Life.Action.stabilise",
  clock: "BRINK.Life.Action.clock",
  resurrect: "BRINK.Life.Action.resurrect",
  "death-luck": "BRINK.Life.Action.death-luck",
} as const satisfies Record<string, LangKey>;

/** Where a permanent injury came from: the dying rule's strain-or-injury, or a failed stabilisation. */
export const INJURY_SOURCE = {
  dying: "BRINK.Life.Source.dying",
  stabilise: "BRINK.Life.Source.stabilise",
} as const satisfies Record<string, LangKey>;
