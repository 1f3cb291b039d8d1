/** A scheduler's result as a request's: refused in the asker's language, or committed in one write. */
import { refuse, type RequestResult } from "../../requests";
import type { TurnRefusal, TurnResult } from "../../rules/team-turns";
import { TURN_REFUSAL } from "../../helpers/lang-keys";

export function turnRefusal(reason: TurnRefusal, data: Record<string, string> = {}) {
  return refuse(TURN_REFUSAL[reason], data);
}

export async function commitResult(
  combat: Combat.Implementation,
  result: TurnResult,
  data: Record<string, string> = {},
): Promise<RequestResult> {
  if (!result.ok) return turnRefusal(result.reason, data);
  await combat.commit(result.state, result.events);
  return { ok: true };
}
