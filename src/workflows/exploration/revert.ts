/**
 * The GM reverts an exploration card. A travel turn: the count goes down by one (so turns counted
 * since stay) and each light source it burnt gets back what it held, provided it still holds what
 * the turn left; otherwise the revert names what changed and writes nothing. A roll to return: the
 * damage is given back by deltas and the dropped items are picked up again.
 */
import {
  isRecordCard,
  renderExplorationCard,
  type ExplorationRecord,
  type LightRecord,
  type ReturnRecord,
} from "../../data";
import { defineRequest, refuse, type RequestResult } from "../../requests";
import { actorsByUuidFor } from "./actors";
import { changedLights, writeLights } from "./lights";
import { revertReturn } from "./return-revert";
import { revertChecks } from "./checks-revert";
import { revertLighting } from "./lighting";
import { setTravelTurns, travelTurns } from "./travel-count";

export function explorationRecord(message: ChatMessage.Implementation): ExplorationRecord | null {
  if (message.type !== "exploration") return null;
  const model = message.system as { record?: ExplorationRecord };
  return model.record ?? null;
}

async function markReverted(message: ChatMessage.Implementation, record: ExplorationRecord) {
  const reverted: ExplorationRecord = { ...record, status: "reverted" };
  await message.update({ content: await renderExplorationCard(reverted), system: { status: "reverted" } });
}

async function revertTravel(
  message: ChatMessage.Implementation,
  record: ExplorationRecord,
  lights: LightRecord[],
) {
  const actorOf = await actorsByUuidFor(lights.map((light) => light.actorUuid));
  const changed = changedLights(lights, actorOf);
  if (changed.length > 0)
    return refuse("BRINK.Exploration.Refusal.changedSince", { items: changed.join(", ") });
  // Marked first, so a second click that arrives meanwhile finds the card reverted.
  await markReverted(message, record);
  await setTravelTurns(travelTurns() - 1);
  await writeLights(lights, "before", actorOf);
  return { ok: true } as const;
}

async function revertReturnCard(
  message: ChatMessage.Implementation,
  record: ExplorationRecord,
  back: ReturnRecord,
) {
  return revertReturn(back, () => markReverted(message, record));
}

async function handleRevert({ messageId }: { messageId: string }): Promise<RequestResult> {
  const message = game.messages.get(messageId);
  const record = message ? explorationRecord(message) : null;
  if (!message || !record) return refuse("BRINK.Exploration.Refusal.noCard");
  if (!isRecordCard(message)) return refuse("BRINK.Damage.Refusal.notGMCard");
  if (record.status !== "applied") return refuse("BRINK.Exploration.Refusal.reverted");
  if (record.travel) return revertTravel(message, record, record.travel.lights);
  if (record.return) return revertReturnCard(message, record, record.return);
  if (record.checks) return revertChecks(record.checks, () => markReverted(message, record));
  if (record.lighting) return revertLighting(record.lighting, () => markReverted(message, record));
  return refuse("BRINK.Exploration.Refusal.noCard");
}

const askRevert = defineRequest({
  name: "exploration.revert",
  who: "gm",
  parse: (fields) => ({ messageId: fields.id("messageId") }),
  handle: handleRevert,
});

export const requestExplorationRevert = (messageId: string): Promise<RequestResult> =>
  askRevert({ messageId });
