/** The part of a card request that names the card, its first attack and one target. */
export const onCard = (card: { id?: string | null }, token: { document: { uuid: string } }) => ({
  messageId: card.id ?? "",
  attack: 0,
  target: token.document.uuid,
});
