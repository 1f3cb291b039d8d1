/** The GM picks the items a character dropped, from the summary card. */
import { refuse, type RequestResult } from "../../requests";
import { applyDropChoice } from "../../rules/retreat";
import { countOf } from "../../helpers/plural";
import { actorFrom } from "./actor-writes";
import { rewriteCard } from "./card";
import { appliedCard } from "./record";
import { physicalData } from "./recovery-actor";
import { DROP_REFUSAL } from "../../helpers/lang-keys";
import { writes } from "../../foundry/typed-writes";

export interface DropRequest {
  messageId: string;
  choiceId: string;
  itemIds: string[];
}

export async function handleDrop({ messageId, choiceId, itemIds }: DropRequest): Promise<RequestResult> {
  const card = appliedCard(messageId);
  if ("ok" in card) return card;
  const entry = card.record.characters.find((c) => c.drops.some((drop) => drop.choice.id === choiceId));
  const drop = entry?.drops.find((d) => d.choice.id === choiceId);
  if (!entry || !drop) return refuse("BRINK.Retreat.Refusal.noChoice");
  if (drop.picked !== null) return refuse("BRINK.Retreat.Refusal.choiceTaken");
  const picked = itemIds;
  const checked = applyDropChoice(drop.choice, picked);
  if (!checked.ok)
    return refuse(DROP_REFUSAL[checked.reason], {
      items: countOf("item", drop.choice.count),
    });
  const actor = await actorFrom(entry.actorUuid);
  if (!actor) return refuse("BRINK.Retreat.Refusal.actorGone");
  const items = checked.drops.map((d) => actor.items.get(d.itemId));
  if (items.some((item) => !item || physicalData(item)?.dropped))
    return refuse("BRINK.Retreat.Refusal.itemGone");
  await markDropped(
    actor,
    checked.drops.map((d) => d.itemId),
    true,
  );
  drop.picked = picked;
  await rewriteCard(card.message, card.record);
  return { ok: true };
}

/** Marks items dropped or picked up again, in one batched write (RULES §5: never deleted). */
export async function markDropped(
  actor: Actor.Implementation,
  itemIds: readonly string[],
  dropped: boolean,
): Promise<void> {
  if (!itemIds.length) return;
  await actor.updateEmbeddedDocuments(
    "Item",
    writes.Item.updates(itemIds.map((_id) => ({ _id, system: { dropped } }))),
  );
}
