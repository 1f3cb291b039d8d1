/** The initiative order the DEX modes rolled (RULES §3): one card with its rolls, its record in `system`. */
import type { BrinkRoll } from "../dice";
import { renderInitiativeCard, type InitiativeRecord } from "../data/chat";

export async function postInitiativeCard(record: InitiativeRecord, rolls: BrinkRoll[]) {
  return ChatMessage.implementation.create({
    type: "initiative",
    system: record,
    content: await renderInitiativeCard(record),
    rolls,
    speaker: { alias: game.i18n.localize("BRINK.Combat.Initiative.speaker") },
  });
}
