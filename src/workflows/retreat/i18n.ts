/** Localised text for the retreat's cards and items. */
import type { Attribute } from "../../rules/characters";

export const localize = (key: string): string => game.i18n.localize(key);
export const format = (key: string, data: Record<string, string | number>): string =>
  game.i18n.format(key, Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)])));
export const attributeLabel = (attribute: Attribute): string =>
  localize(`BRINK.Attribute.${attribute}.label`);
export const dieLabel = (rating: number): string => (rating > 0 ? `d${rating}` : "—");
