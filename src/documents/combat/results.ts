/** A scheduler's result as a request's: refused in the asker's language, or committed in one write. */
import { refuse, type RequestResult } from "../../requests";
import type { TurnRefusal, TurnResult } from "../../rules/team-turns";

const camel = (key: string): string => key.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());

export function turnRefusal(reason: TurnRefusal, data: Record<string, string> = {}) {
  return refuse(`BRINK.Combat.Refusal.${camel(reason)}`, data);
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
