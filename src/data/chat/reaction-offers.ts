/**
 * What the attack card offers a defender before a blow lands (RULES §4): the item a Block or Parry
 * would use and its state, and the exact chance a Dodge reaches the attack total. The card is drawn
 * in the data layer, but which item is wielded and what the defender's state puts on a dodge are
 * the workflows' to say (workflows/reaction-offers), so the card asks through this one reader,
 * which Brink's entry point sets at init. Until then, and for a target that is gone, it offers
 * nothing beyond the reactions' names and costs.
 */
import { REACTIONS } from "../../rules/turn-economy";
import { percent } from "../../helpers/numbers";

/** Reactions a target may make before a blow lands (RULES §4). */
export const REACTION_KINDS = ["block", "parry", "dodge"] as const;
export type ReactionKind = (typeof REACTION_KINDS)[number];

/** The part of an attack card a reaction offer reads: the weapon, and each attack's total. */
export interface OfferedCard {
  weaponUuid: string;
  attacks: readonly { result: { total: number }; direct?: unknown }[];
}

/** A block or parry item as the card names it: its value, its name and its durability left. */
export interface ItemOffer {
  /** The block value, or the deflection a parry adds. */
  value: number;
  name: string;
  durability: { value: number; max: number };
}

export interface ReactionOffers {
  /** null: nothing the defender wields can block (or parry). */
  block: ItemOffer | null;
  parry: ItemOffer | null;
  /** The exact chance the dodge reaches the attack total, 0 to 1; null when the blow has no total. */
  dodge: number | null;
}

export type ReactionOfferReader = (
  card: OfferedCard,
  attack: number,
  targetId: string,
) => ReactionOffers | null;

let reader: ReactionOfferReader = () => null;

/** Brink's entry point hands the card the workflows' reader. */
export function readReactionOffersWith(next: ReactionOfferReader): void {
  reader = next;
}

export const reactionOffersFor: ReactionOfferReader = (card, attack, targetId) =>
  reader(card, attack, targetId);

/** One part of a reaction button's label: "Block 3", "Round shield 2/4", "1 stamina", "41.7%". */
interface LabelPart {
  text: string;
  part: "name" | "item" | "cost" | "odds";
}

export interface ReactionButton {
  kind: ReactionKind;
  icon: string;
  hint: string;
  parts: LabelPart[];
}

const ICONS: Record<ReactionKind, string> = {
  block: "fa-shield",
  parry: "fa-hand",
  dodge: "fa-person-running",
};

/** "Block 3" and "Round shield 2/4", or "Block" and "nothing in hand blocks" when nothing can. */
function itemParts(kind: "block" | "parry", offer: ItemOffer | null | undefined): LabelPart[] {
  const name = game.i18n.localize(`BRINK.Damage.Reaction.${kind}`);
  if (offer === undefined) return [{ text: name, part: "name" }];
  if (offer === null)
    return [
      { text: name, part: "name" },
      { text: game.i18n.localize(`BRINK.Attack.Offer.none.${kind}`), part: "item" },
    ];
  const value = kind === "parry" ? `+${offer.value}` : String(offer.value);
  const { value: left, max } = offer.durability;
  return [
    { text: `${name} ${value}`, part: "name" },
    {
      text: game.i18n.format("BRINK.Attack.Offer.item", {
        item: offer.name,
        left: String(left),
        max: String(max),
      }),
      part: "item",
    },
  ];
}

/**
 * The defender's reaction buttons, each saying what it does and costs: "Block 3 · Round shield 2/4 ·
 * 1 stamina", "Parry +2 · Arming sword 10/10 · 1 stamina", "Dodge · 1 stamina · 41.7%" (the
 * percentage left out for a player who hides exact odds). A direct blow has no total to dodge.
 */
export function reactionButtons(
  card: OfferedCard,
  attack: number,
  targetId: string,
  options: { direct: boolean; showOdds: boolean },
): ReactionButton[] {
  const offers = reactionOffersFor(card, attack, targetId);
  const cost = (kind: ReactionKind): LabelPart => ({
    text: game.i18n.format("BRINK.ActionsPanel.stamina", { count: String(REACTIONS[kind].stamina) }),
    part: "cost",
  });
  const button = (kind: ReactionKind, parts: LabelPart[]): ReactionButton => ({
    kind,
    icon: ICONS[kind],
    hint: game.i18n.localize(`BRINK.Damage.ReactionHint.${kind}`),
    parts,
  });
  const odds = offers?.dodge ?? null;
  const dodge = [
    { text: game.i18n.localize("BRINK.Damage.Reaction.dodge"), part: "name" } as const,
    cost("dodge"),
    ...(options.showOdds && odds !== null ? [{ text: percent(odds), part: "odds" } as const] : []),
  ];
  return [
    button("block", [...itemParts("block", offers?.block), cost("block")]),
    button("parry", [...itemParts("parry", offers?.parry), cost("parry")]),
    ...(options.direct ? [] : [button("dodge", dodge)]),
  ];
}
