/**
 * The life-and-death panel: where the character stands, and what can be done about it. A dying,
 * down or dead character gets a banner across the sheet, with the death saves as pips.
 */
import { DYING_TURNS, SAVES_TO_SETTLE } from "../../rules/dying";
import { ROUNDS_TO_STABILISE } from "../../rules/stabilise";
import { CRITICAL_ROUNDS } from "../../rules/critical-damage";
import { countOf } from "../../helpers/plural";
import type { BrinkActorData } from "../../data";
import type { StatusId } from "../../status-effects";
import { deathLuckRefusal } from "../../rules/death-luck-test";
import { optionalRules } from "../../settings";

export interface SaveTrackView {
  /** "Successes 1 of 3", for screen readers and the tooltip. */
  label: string;
  pips: { filled: boolean }[];
}

function saveTrack(kind: "successes" | "failures", count: number): SaveTrackView {
  return {
    label: game.i18n.format(`BRINK.Life.Banner.${kind}`, {
      count: String(count),
      max: String(SAVES_TO_SETTLE),
    }),
    pips: Array.from({ length: SAVES_TO_SETTLE }, (_, index) => ({ filled: index < count })),
  };
}

type LifeState = "dead" | "critical" | "dying" | "downed" | "stable" | "unconscious" | "";

export function lifeView(system: BrinkActorData) {
  const i18n = game.i18n;
  const has = (c: StatusId) => system.conditions.has(c);
  const { dying, downed, critical } = system.lifeTracks();
  let state: LifeState = "";
  let status = "";
  if (has("dead")) {
    state = "dead";
    status = i18n.localize("BRINK.Life.dead");
  } else if (critical) {
    state = "critical";
    status = i18n.format("BRINK.Direct.Critical.status", {
      rounds: countOf("round", Math.max(0, CRITICAL_ROUNDS - critical.roundsElapsed)),
    });
  } else if (has("dying") && dying) {
    state = "dying";
    status = i18n.format("BRINK.Life.dying", {
      turns: countOf("turn", DYING_TURNS - dying.turnsTaken),
      successes: countOf("success", dying.successes),
      failures: countOf("failure", dying.failures),
    });
  } else if (downed) {
    state = "downed";
    status = i18n.format("BRINK.Life.downed", {
      rounds: countOf("round", Math.max(0, ROUNDS_TO_STABILISE - downed.roundsElapsed)),
      fight: downed.fightOver ? "" : i18n.localize("BRINK.Life.fightGoing"),
    });
  } else if (has("stable")) {
    state = "stable";
    status = i18n.localize("BRINK.Life.stable");
  } else if (has("unconscious")) {
    state = "unconscious";
    status = i18n.localize("BRINK.Life.unconscious");
  }
  const isDying = state === "dying" && dying !== null;
  const banner = state === "dying" || state === "downed" || state === "critical" || state === "dead";
  const savedThisTurn = isDying && dying.savedThisTurn;
  return {
    state,
    status,
    /** Dying, down or dead: the sheet leads with it. */
    banner,
    // Only the states the sheet leads with have a banner (unconscious and stable have none).
    bannerTitle: banner ? i18n.localize(`BRINK.Life.Banner.${state}`) : "",
    saves: isDying
      ? {
          successes: saveTrack("successes", dying.successes),
          failures: saveTrack("failures", dying.failures),
        }
      : null,
    dead: state === "dead",
    canHeal: state !== "dead",
    canDeathSave: isDying,
    /** The death save is spent for this turn: the button stays, disabled, with the reason. */
    deathSaveUsed: savedThisTurn,
    deathSaveReason: savedThisTurn ? i18n.localize("BRINK.Life.Refusal.already-saved") : "",
    canStabilise: state !== "dead" && (has("dying") || downed !== null || critical !== null),
    /** RULES §4 by hand, for the GM: a character at zero health under the luck rule may risk death. */
    canDeathLuck: deathLuckRefusal(system.actorState(), optionalRules().deathRule) === null,
  };
}
export type LifeView = ReturnType<typeof lifeView>;
