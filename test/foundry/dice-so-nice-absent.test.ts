/** Brink without Dice So Nice: no luck die setting that would do nothing, and cards never held back. */
import { beforeEach, describe, expect, it } from "vitest";
import { clearDice, queueDice } from "../fake-foundry/dice";
import { hooks } from "../fake-foundry/hooks";
import { resetWorld, settings, users } from "../fake-foundry/install";
import { asUser, makeUser } from "../fake-foundry/runtime";
import { answerDialog } from "../fake-foundry/ui";
import type { BrinkActor } from "../../src/documents/actor";
import { bootBrink } from "./boot";

await bootBrink();
const { promptTest } = await import("../../src/applications/rolls/flows");

const player = users.add(makeUser({ id: "player", name: "Player", isGM: false }));
type Card = ChatMessage.Implementation & { renderHTML(): Promise<HTMLElement> };

beforeEach(() => {
  resetWorld();
  clearDice();
});

describe("without Dice So Nice", () => {
  it("registers no luck die setting, and the world has no game.dice3d", () => {
    expect(game.modules.get("dice-so-nice")).toBeUndefined();
    expect(settings.settings.has("brink.luckDieAppearance")).toBe(false);
    expect((game as unknown as { dice3d?: unknown }).dice3d).toBeUndefined();
  });

  it("posts a test card whose luck die has no appearance and which shows its outcome at once", async () => {
    const actor = (await Actor.implementation.create({
      name: "Petra",
      type: "character",
      ownership: {
        default: CONST.DOCUMENT_OWNERSHIP_LEVELS.NONE,
        [player.id]: CONST.DOCUMENT_OWNERSHIP_LEVELS.OWNER,
      },
      system: { attributes: { str: { die: 6 } } },
    })) as BrinkActor;
    queueDice(5, 12);
    answerDialog({ attribute: "str", skill: "", modifier: "0", advantage: "0", difficulty: "6" });
    await asUser(player, () => promptTest(actor, { attribute: "str" }));
    const card = game.messages.contents.at(-1) as unknown as Card;
    expect(card.rolls.map((roll) => roll.options)).toEqual([{ purpose: "test" }, { purpose: "luck" }]);
    const html = await asUser(player, () => card.renderHTML());
    expect(html.querySelector(".brink-card .outcome")?.textContent).toBe("Failure by 1");
    expect(html.classList.contains("brink-rolling")).toBe(false);
    expect(hooks.fired.some((fired) => fired.hook.startsWith("diceSoNice"))).toBe(false);
  });
});
