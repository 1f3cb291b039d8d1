import { afterEach, describe, expect, it } from "vitest";
import { translations } from "../fake-foundry/runtime";
import { bootBrink } from "./boot";

await bootBrink();
const { countOf, COUNTED_NOUNS } = await import("../../src/helpers/plural");
const { BRINK_HELPERS } = await import("../../src/helpers/handlebars");
const { describeStep } = await import("../../src/data/chat/damage-steps");

/** Every string in lang/en.json with its key. */
function strings(value: unknown, path: string[] = []): [string, string][] {
  if (typeof value === "string") return [[path.join("."), value]];
  if (typeof value !== "object" || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) => strings(inner, [...path, key]));
}

describe("counted words follow the language's plural rules", () => {
  afterEach(() => {
    game.i18n.lang = "en";
  });

  it("no lang string hedges a plural with (s)", () => {
    expect(strings(translations).filter(([, text]) => text.includes("(s)"))).toEqual([]);
  });

  it("every counted noun has its one and other forms", () => {
    const count = (translations as { BRINK: { Count: Record<string, Record<string, string>> } }).BRINK.Count;
    expect(Object.keys(count).sort()).toEqual([...COUNTED_NOUNS].sort());
    for (const forms of Object.values(count)) expect(Object.keys(forms).sort()).toEqual(["one", "other"]);
  });

  it("says 1 hit die, 2 hit dice and 0 hit dice in English", () => {
    expect([0, 1, 2].map((n) => countOf("hitDie", n))).toEqual(["0 hit dice", "1 hit die", "2 hit dice"]);
    expect(countOf("success", 1)).toBe("1 success");
    expect(countOf("item", 3)).toBe("3 items");
  });

  it("asks the client language's rules: in French 0 takes the singular form", () => {
    game.i18n.lang = "fr";
    expect(countOf("turn", 0)).toBe("0 turn");
    expect(countOf("turn", 2)).toBe("2 turns");
  });

  it("falls back to the other form for a category the translation lacks (Polish 'few')", () => {
    game.i18n.lang = "pl";
    expect(countOf("round", 3)).toBe("3 rounds");
  });

  it("gives templates the brinkCount helper, which refuses a noun it does not know", () => {
    expect(BRINK_HELPERS.brinkCount("attack", 1)).toBe("1 attack");
    expect(BRINK_HELPERS.brinkCount("attack", "2")).toBe("2 attacks");
    expect(() => BRINK_HELPERS.brinkCount("attacks", 2)).toThrow(/attacks/);
  });

  it("puts a card's counted steps in the right number, sentence and all", () => {
    expect(describeStep({ kind: "injuries-permanent", count: 1 }).text).toBe("1 injury becomes permanent.");
    expect(describeStep({ kind: "injuries-permanent", count: 2 }).text).toBe("2 injuries become permanent.");
    expect(describeStep({ kind: "dying-turn", turnsTaken: 9, turnsLeft: 1 }).text).toBe(
      "Dying: 1 turn left.",
    );
    expect(describeStep({ kind: "downed", roundsLeft: 1, fightOver: false }).text).toBe(
      "Down: 1 round to be stabilised.",
    );
  });
});
