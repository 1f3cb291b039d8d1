/** Emergency retreat setbacks (RULES §8): why the GM's pick of the items to drop is refused. */
import type { DropChoiceResult } from "../../rules/retreat";
import type { LangKey } from "./lang-key";

type DropRefusal = Extract<DropChoiceResult, { ok: false }>["reason"];

export const DROP_REFUSAL = {
  "wrong-count": "BRINK.Retreat.Refusal.drop.wrong-count",
  "not-a-candidate": "BRINK.Retreat.Refusal.drop.not-a-candidate",
  duplicate: "BRINK.Retreat.Refusal.drop.duplicate",
} as const satisfies Record<DropRefusal, LangKey>;
