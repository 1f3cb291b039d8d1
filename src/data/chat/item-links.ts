/**
 * Links to the items an automated change created on a character (the injuries an attack or a
 * retreat left), drawn as core's content links so a click opens the item and a drag carries it.
 * An item since deleted (a revert) is named without a link.
 */
export interface ItemLinkView {
  uuid: string;
  name: string;
  present: boolean;
}

export function itemLinks(
  actorUuid: string,
  ids: readonly string[],
  names: readonly string[] = [],
): ItemLinkView[] {
  return ids.map((id, index) => {
    const uuid = `${actorUuid}.Item.${id}`;
    const found: unknown = actorUuid && id ? fromUuidSync(uuid) : null;
    const present = found instanceof Item;
    return { uuid, name: present ? (found.name ?? "") : (names[index] ?? ""), present };
  });
}
