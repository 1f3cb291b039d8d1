import type { ContractContext } from "./context";

/**
 * Item Piles as Brink relies on it. In a world where the module is active (and its system settings
 * were not changed by hand), the integration Brink hands it at `item-piles-ready` is what its API
 * reads; where it is not active, there is no `game.itempiles`.
 */
interface ItemPilesApi {
  addSystemIntegration?: unknown;
  ACTOR_CLASS_TYPE?: unknown;
  ITEM_QUANTITY_ATTRIBUTE?: unknown;
  ITEM_PRICE_ATTRIBUTE?: unknown;
  ITEM_FILTERS?: { path: string; filters: string }[];
}

export function itemPilesContracts(context: ContractContext): void {
  const { describe, it, assert } = context;
  const active = () => game.modules.get("item-piles")?.active === true;
  // Read through Item Piles' getters, which Brink's own typing of the API leaves out.
  const api = () => game.itempiles?.API as ItemPilesApi | undefined;

  describe("Item Piles", () => {
    it("reads Brink's integration once ready: pile actor type, quantity, price and uncarried item types", () => {
      if (!active()) {
        assert.equal(api(), undefined);
        return;
      }
      assert.equal(typeof api()?.addSystemIntegration, "function");
      assert.equal(api()?.ACTOR_CLASS_TYPE, "character");
      assert.equal(api()?.ITEM_QUANTITY_ATTRIBUTE, "system.quantity");
      assert.equal(api()?.ITEM_PRICE_ATTRIBUTE, "system.price");
      const typeFilter = api()?.ITEM_FILTERS?.find((filter) => filter.path === "type");
      assert.deepEqual(typeFilter?.filters.split(",").sort(), ["injury", "setback", "talent"]);
    });
  });
}
