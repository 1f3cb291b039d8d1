/**
 * Item Piles (module "item-piles") learns Brink's items from this integration, so a GM types nothing
 * into its settings: a new pile is a character actor, quantity and price are `system.quantity` and
 * `system.price`, talents, injuries and setbacks are never carried, and the currency is coins, since
 * a Brink price is a plain number of coins (docs/decisions.md). Registered once Item Piles is ready.
 */
/** The item types Item Piles leaves out of piles, shops and trades: nothing anyone carries. */
export const UNCARRIED_ITEM_TYPES = ["talent", "injury", "setback"] as const;

/** Brink's integration, in Item Piles' system-integration format. */
export function itemPilesIntegration(coinName: string) {
  return {
    VERSION: "1.0.0",
    ACTOR_CLASS_TYPE: "character",
    ITEM_CLASS_LOOT_TYPE: "gear",
    ITEM_QUANTITY_ATTRIBUTE: "system.quantity",
    ITEM_PRICE_ATTRIBUTE: "system.price",
    ITEM_FILTERS: [{ path: "type", filters: UNCARRIED_ITEM_TYPES.join(",") }],
    ITEM_SIMILARITIES: ["name", "type"],
    CURRENCIES: [
      {
        type: "item",
        name: coinName,
        img: "icons/commodities/currency/coins-assorted-mix-copper.webp",
        abbreviation: "{#}c",
        data: {
          item: {
            name: coinName,
            type: "gear",
            img: "icons/commodities/currency/coins-assorted-mix-copper.webp",
            system: { price: 1, quantity: 1 },
          },
        },
        primary: true,
        exchangeRate: 1,
      },
    ],
  };
}

/** At init: hand Brink's integration to Item Piles when it is active and ready. */
export function registerItemPiles(): void {
  Hooks.once("item-piles-ready", async () => {
    const api = game.itempiles?.API;
    if (!api) return;
    await api.addSystemIntegration(
      itemPilesIntegration(game.i18n.localize("BRINK.ItemPiles.coins")),
      "latest",
    );
  });
}
