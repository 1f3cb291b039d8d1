/** Writing the summary card's record back: its `system`, and a copy of its HTML without buttons. */
import { renderRetreatCard, type RetreatRecord } from "../../data/chat";

export { retreatCardView, rollLineView, type RollLineView } from "../../data/chat";

/** The whole record is written again, so the card's `content` always matches its `system`. */
export async function rewriteCard(message: ChatMessage.Implementation, record: RetreatRecord): Promise<void> {
  const content = await renderRetreatCard(record);
  await message.update({ content, system: record });
}
