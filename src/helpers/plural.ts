/**
 * Counted words through the language's plural rules: "1 turn", "3 turns". A counted noun is a lang
 * entry holding one string per plural category Intl.PluralRules names for the client's language
 * (`BRINK.Count.turn.one`, `BRINK.Count.turn.other`; `few` or `many` where a translation needs
 * them); a category the translation leaves out falls back to `other`.
 */

/** The nouns Brink counts; each is an entry under `BRINK.Count` in lang/en.json. */
export const COUNTED_NOUNS = [
  "action",
  "attack",
  "day",
  "document",
  "failure",
  "fight",
  "hitDie",
  "hour",
  "injury",
  "item",
  "load",
  "member",
  "reaction",
  "round",
  "session",
  "success",
  "table",
  "travelTurn",
  "turn",
  "wornItem",
] as const;
export type CountedNoun = (typeof COUNTED_NOUNS)[number];

const rulesByLang = new Map<string, Intl.PluralRules>();

function pluralRules(): Intl.PluralRules {
  const lang = game.i18n.lang || "en";
  let rules = rulesByLang.get(lang);
  if (!rules) {
    rules = new Intl.PluralRules(lang);
    rulesByLang.set(lang, rules);
  }
  return rules;
}

/** The lang key of `key`'s form for this count: `key.one`, `key.other`, … */
export function pluralKey(key: string, count: number): string {
  const chosen = `${key}.${pluralRules().select(count)}`;
  return game.i18n.has(chosen) ? chosen : `${key}.other`;
}

/** "3 turns": the counted noun in the client's language. */
export function countOf(noun: CountedNoun, count: number): string {
  return game.i18n.format(pluralKey(`BRINK.Count.${noun}`, count), { count: String(count) });
}

export const isCountedNoun = (value: unknown): value is CountedNoun =>
  (COUNTED_NOUNS as readonly unknown[]).includes(value);
