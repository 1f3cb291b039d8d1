import { beforeEach, describe, expect, it } from "vitest";
import { resetWorld } from "../fake-foundry/install";
import { bootBrink } from "./boot";

await bootBrink();
const { BrinkTokenRuler, RULER_COLOURS } = await import("../../src/applications/canvas/token-ruler");

/** RULES §3 (S4): dragging a token colours the path by the character's speed: a move, a sprint, beyond. */

beforeEach(() => resetWorld());

async function rulerFor(speed: number, exhaustion = 0) {
  const actor = await Actor.implementation.create({
    name: "Roland",
    type: "character",
    system: { speed, exhaustion },
  });
  return new BrinkTokenRuler({ document: { actor } } as never);
}
const at = (cost: number) => ({ measurement: { cost }, actionConfig: {} });

describe("the token ruler", () => {
  it("is the ruler Foundry uses for tokens", () => {
    expect(CONFIG.Token.rulerClass).toBe(BrinkTokenRuler);
  });

  it("colours a segment within speed as a move, within twice speed as a sprint, beyond that as out of reach", async () => {
    const ruler = await rulerFor(5);
    expect(ruler._getSegmentStyle(at(5) as never).color).toBe(RULER_COLOURS.move);
    expect(ruler._getSegmentStyle(at(8) as never).color).toBe(RULER_COLOURS.sprint);
    expect(ruler._getSegmentStyle(at(11) as never).color).toBe(RULER_COLOURS.beyond);
    expect(ruler._getGridHighlightStyle(at(6) as never, { i: 0, j: 0 } as never).color).toBe(
      RULER_COLOURS.sprint,
    );
  });

  it("shows a character at exhaustion 5 (speed 0) that any move is out of reach", async () => {
    const ruler = await rulerFor(5, 5);
    expect(ruler._getSegmentStyle(at(1) as never).color).toBe(RULER_COLOURS.beyond);
  });

  it("leaves a token without a Brink actor, and teleports, to core's style", async () => {
    const ruler = new BrinkTokenRuler({ document: { actor: null } } as never);
    const core = ruler._getSegmentStyle(at(50) as never).color;
    expect(Object.values(RULER_COLOURS)).not.toContain(core);
    const roland = await rulerFor(5);
    const teleport = { ...at(50), actionConfig: { teleport: true } };
    expect(Object.values(RULER_COLOURS)).not.toContain(roland._getSegmentStyle(teleport as never).color);
  });
});
