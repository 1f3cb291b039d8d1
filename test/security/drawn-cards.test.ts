/**
 * The hostile player against the chat log (issue 23): a player's client may create a Brink card of
 * any type with any record the card's model accepts, prototype keys and missing parts included.
 * Drawing it never throws, for the GM or the player: a record the card cannot draw shows a short
 * notice instead, and the rest of the chat log draws as usual.
 */
import { describe, expect, it, vi } from "vitest";
import { asUser } from "../fake-foundry/runtime";
import { bootCombat, player } from "../foundry/combat-fixtures";
import { cleanWorldEachTest } from "../support/characters";

await bootCombat();
const mallory = player("mallory");
cleanWorldEachTest();

type Drawn = { renderHTML(): Promise<HTMLElement> };
interface ModelClass {
  schema: { fields: Record<string, { constructor: { name: string } }> };
}

/** Records keyed by prototype names, and lists of them, in every object and list field of a card type. */
function hostileSystem(type: string, record: string): Record<string, unknown> {
  const model = CONFIG.ChatMessage.dataModels[type] as unknown as ModelClass;
  const system: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(model.schema.fields)) {
    if (field.constructor.name === "ObjectField") system[key] = JSON.parse(record);
    if (field.constructor.name === "ArrayField") system[key] = [JSON.parse(record)];
  }
  return system;
}

const RECORDS = [
  '{"0:__proto__": {"status": "applied"}, "0:constructor": {"status": "reacted"}}',
  '{"prototype": {"constructor": 1}, "toString": {"a": 1}}',
];

describe("a card a player made with a record of prototype keys", () => {
  it("draws for everyone without throwing, showing a notice where the record cannot be drawn", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const unreadable = game.i18n.localize("BRINK.Card.unreadable");
    expect(unreadable).not.toBe("BRINK.Card.unreadable");
    const types = Object.keys(CONFIG.ChatMessage.dataModels);
    expect(types.length).toBeGreaterThan(10);
    let noticed = 0;
    for (const record of RECORDS) {
      for (const type of types) {
        const system = hostileSystem(type, record);
        const made = await asUser(mallory, async () => {
          try {
            return await ChatMessage.implementation.create({ type, system, content: "<p>x</p>" } as never);
          } catch {
            return null; // the server refused the record: nothing to draw
          }
        });
        if (!made) continue;
        const card = made as unknown as Drawn;
        for (const html of [await card.renderHTML(), await asUser(mallory, () => card.renderHTML())]) {
          expect(html.querySelector(".message-content")).not.toBeNull();
          if (html.textContent?.includes(unreadable)) noticed += 1;
        }
      }
    }
    expect(noticed).toBeGreaterThan(0);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
