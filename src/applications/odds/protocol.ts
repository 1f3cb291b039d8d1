/** What the main thread and the odds worker say to each other (plain JSON both ways). */
import type { Encounter, EncounterProblem, Odds } from "../../rules/simulation";

export interface OddsRequest {
  readonly id: number;
  readonly encounter: Encounter;
  readonly fights: number;
  readonly seed: number;
}

export type OddsReply =
  | { readonly id: number; readonly final: boolean; readonly odds: Odds }
  | { readonly id: number; readonly final: true; readonly problem: EncounterProblem }
  /** Sent once, when the worker has warmed up (compiled the simulator) and waits for requests. */
  | { readonly ready: true };
