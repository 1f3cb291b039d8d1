/**
 * The GM's choice of what a character lost on an arduous return: the items it still carries, with
 * how many to pick. The GM's client checks the choice again before anything is marked dropped.
 */
import { isRecordCard } from "../../data";
import { askWithForm, isTicked, renderDialog } from "../dialog-form";
import { countOf } from "../../helpers/plural";
import { actorFrom } from "../../workflows/retreat";
import { carriedItems, explorationRecord, requestReturnDrop } from "../../workflows/exploration";

export async function chooseReturnDrop(message: ChatMessage.Implementation, actorUuid: string) {
  const record = isRecordCard(message) ? explorationRecord(message) : null;
  const entry = record?.return?.entries.find((candidate) => candidate.actorUuid === actorUuid);
  const actor = await actorFrom(actorUuid);
  if (!entry || entry.dropped !== null || !actor) return null;
  const candidates = carriedItems(actor).map((item, index) => ({
    index,
    id: item.id ?? "",
    name: item.name,
    img: item.img ?? "icons/svg/item-bag.svg",
  }));
  const count = Math.min(entry.loads, candidates.length);
  const picked = await askWithForm({
    title: game.i18n.format("BRINK.Exploration.Drop.title", { name: entry.name }),
    content: await renderDialog("dialogs/drop-items.hbs", {
      hint: game.i18n.format("BRINK.Exploration.Drop.hint", {
        name: entry.name,
        items: countOf("item", count),
      }),
      candidates,
    }),
    label: "BRINK.Exploration.Drop.confirm",
    icon: "fa-solid fa-box-open",
    read: (form) => candidates.filter((c) => isTicked(form[`item-${c.index}`])).map((c) => c.id),
  });
  return picked === null ? null : requestReturnDrop(message.id ?? "", actorUuid, picked);
}
