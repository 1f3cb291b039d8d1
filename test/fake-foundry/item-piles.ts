/**
 * A strict fake of the part of Item Piles (module "item-piles") Brink uses, installed only when a
 * test turns it on, before Brink boots (a module is active before `init`). As the module does (see
 * README.md, "Item Piles"): at `ready` it creates `game.itempiles.API` and fires `item-piles-ready`;
 * `addSystemIntegration(data, version = "latest")` checks each field's type as the module does,
 * throwing before it keeps anything, and keeps the integration by version; the API's getters then
 * read the integration it holds (in a world whose Item Piles settings nobody changed by hand).
 */
import { hooks } from "./hooks";

type Plain = Record<string, unknown>;
interface FakeModule {
  id: string;
  active: boolean;
}

function refuse(reason: string): never {
  throw new Error(`Item Piles | addSystemIntegration | ${reason}`);
}

function checkCurrency(currency: Plain): void {
  if (typeof currency.primary !== "boolean") refuse("currency.primary must be of type boolean");
  if (typeof currency.name !== "string") refuse("currency.name must be of type string");
  if (typeof currency.abbreviation !== "string") refuse("currency.abbreviation must be of type string");
  if (typeof currency.exchangeRate !== "number") refuse("currency.exchangeRate must be of type number");
  const data = currency.data as Plain | undefined;
  if (typeof data !== "object" || data === null) refuse("currency.data must be of type object");
  if (typeof data.path !== "string" && typeof data.uuid !== "string" && typeof data.item !== "object")
    refuse('currency.data must contain either "path", "uuid" or "item"');
}

export class FakeItemPilesApi {
  /** The integrations handed in, by the system version each is for. */
  readonly integrations = new Map<string, Plain>();

  addSystemIntegration(data: Plain, version = "latest"): void {
    for (const field of ["VERSION", "ACTOR_CLASS_TYPE", "ITEM_QUANTITY_ATTRIBUTE", "ITEM_PRICE_ATTRIBUTE"])
      if (typeof data[field] !== "string") refuse(`data.${field} must be of type string`);
    const filters = data.ITEM_FILTERS ?? [];
    if (!Array.isArray(filters)) refuse("data.ITEM_FILTERS must be of type array");
    for (const filter of filters as Plain[])
      if (typeof filter?.path !== "string" || typeof filter.filters !== "string")
        refuse('each entry in data.ITEM_FILTERS must have a "path" and a "filters" string');
    const similarities = data.ITEM_SIMILARITIES ?? [];
    if (!Array.isArray(similarities) || similarities.some((path) => typeof path !== "string"))
      refuse("data.ITEM_SIMILARITIES must be an array of strings");
    const currencies = data.CURRENCIES ?? [];
    if (!Array.isArray(currencies)) refuse("data.CURRENCIES must be an array");
    for (const currency of currencies as Plain[]) checkCurrency(currency);
    this.integrations.set(version, structuredClone(data));
  }

  #current(): Plain {
    return this.integrations.get("latest") ?? {};
  }
  get ACTOR_CLASS_TYPE(): unknown {
    return this.#current().ACTOR_CLASS_TYPE;
  }
  get ITEM_QUANTITY_ATTRIBUTE(): unknown {
    return this.#current().ITEM_QUANTITY_ATTRIBUTE;
  }
  get ITEM_PRICE_ATTRIBUTE(): unknown {
    return this.#current().ITEM_PRICE_ATTRIBUTE;
  }
  get ITEM_FILTERS(): unknown {
    return this.#current().ITEM_FILTERS;
  }
  get CURRENCIES(): unknown {
    return this.#current().CURRENCIES;
  }
}

export function installItemPiles(): FakeItemPilesApi {
  const game = (
    globalThis as unknown as { game: Plain & { modules: { set(id: string, value: FakeModule): unknown } } }
  ).game;
  const api = new FakeItemPilesApi();
  game.modules.set("item-piles", { id: "item-piles", active: true });
  hooks.once("ready", () => {
    game.itempiles = { API: api };
    hooks.callAll("item-piles-ready");
  });
  return api;
}
