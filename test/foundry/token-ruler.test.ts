import { beforeEach, describe, expect, it } from "vitest";
import { resetWorld } from "../fake-foundry/install";
import { bootBrink } from "./boot";

await bootBrink();
const { BrinkTokenRuler, RULER_COLOURS } = await import("../../src/applications/canvas/token-ruler");

/** RULES §3 (S4): dragging a token colours the path by the character's speed: a move, a sprint, beyond. */

beforeEach(() => {
  resetWorld();
  gridOf(null);
});

async function rulerFor(speed: number, exhaustion = 0) {
  const actor = await Actor.implementation.create({
    name: "Roland",
    type: "character",
    system: { speed, exhaustion },
  });
  return new BrinkTokenRuler({ document: { actor } } as never);
}
const at = (cost: number, spaces = cost, diagonals = 0) => ({
  measurement: { cost, spaces, diagonals },
  actionConfig: {},
});
const gridOf = (grid: object | null) => Object.assign(canvas as object, { grid });

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

  it("on a square grid counts every second diagonal as 2 m (S4), whatever core's measurement says", async () => {
    gridOf({ isSquare: true, distance: 1 });
    const ruler = await rulerFor(5);
    // Five diagonal squares: core may call it 5 m; S4 counts 1+2+1+2+1 = 7 m, a sprint.
    expect(ruler._getSegmentStyle(at(5, 5, 5) as never).color).toBe(RULER_COLOURS.sprint);
    expect(ruler._getSegmentStyle(at(5, 5, 1) as never).color).toBe(RULER_COLOURS.move);
    gridOf({ isSquare: false, distance: 1 });
    expect(ruler._getSegmentStyle(at(5, 5, 5) as never).color).toBe(RULER_COLOURS.move);
  });

  it("labels a waypoint with the S4 distance on a square grid", async () => {
    gridOf({ isSquare: true, distance: 1 });
    const ruler = await rulerFor(5);
    const context = ruler._getWaypointLabelContext(at(5, 5, 5) as never, {} as never) as
      { distance: { total: string | number } } | undefined;
    expect(Number(context?.distance.total)).toBe(7);
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
