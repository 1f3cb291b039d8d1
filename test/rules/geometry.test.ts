import { describe, expect, it } from "vitest";
import {
  gapBetween,
  isFlanked,
  movementBand,
  pathMetres,
  squareGridMetres,
  withinDistance,
} from "../../src/rules/geometry";

const at = (id: string, x: number, y: number, size = 1) => ({ id, x, y, width: size, height: size });

describe("who stands within 1 m of a target", () => {
  it("counts touching squares, diagonals included, and one empty square between", () => {
    const target = at("t", 5, 5);
    const others = [
      at("beside", 6, 5),
      at("diagonal", 6, 6),
      at("one-gap", 7, 5),
      at("two-gap", 8, 5),
      at("t", 5, 5),
    ];
    expect(withinDistance(target, others, 1).map((o) => o.id)).toEqual(["beside", "diagonal", "one-gap"]);
  });

  it("measures from the edge of large creatures", () => {
    expect(gapBetween(at("ogre", 0, 0, 2), at("hero", 3, 1))).toBe(1);
    expect(gapBetween(at("ogre", 0, 0, 2), at("hero", 4, 1))).toBe(2);
    expect(gapBetween(at("ogre", 0, 0, 2), at("hero", 1, 3))).toBe(1);
    expect(gapBetween(at("hero", 1, 4), at("ogre", 0, 0, 2))).toBe(2);
  });
});

describe("movement on a square grid (S4: every second diagonal counts 2 m)", () => {
  it("counts straight squares 1 m each and diagonals 1, 2, 1, 2…", () => {
    expect(pathMetres([{ dx: 3, dy: 0 }], 1)).toBe(3);
    expect(pathMetres([{ dx: 1, dy: 1 }], 1)).toBe(1);
    expect(pathMetres([{ dx: 2, dy: 2 }], 1)).toBe(3);
    expect(pathMetres([{ dx: 3, dy: 3 }], 1)).toBe(4);
    expect(pathMetres([{ dx: 4, dy: 1 }], 1)).toBe(4);
    expect(pathMetres([{ dx: 4, dy: 2 }], 1)).toBe(5);
  });

  it("carries the diagonal count across the legs of a path, and scales with the square's size", () => {
    expect(
      pathMetres(
        [
          { dx: 1, dy: 1 },
          { dx: -1, dy: 1 },
        ],
        1,
      ),
    ).toBe(3);
    expect(
      pathMetres(
        [
          { dx: 2, dy: 2 },
          { dx: 1, dy: -1 },
        ],
        1,
      ),
    ).toBe(4);
    expect(pathMetres([{ dx: 2, dy: 2 }], 1.5)).toBe(4.5);
  });

  it("sorts a distance into a move, a sprint (a second move) or out of reach", () => {
    expect(movementBand(5, 5)).toBe("move");
    expect(movementBand(6, 5)).toBe("sprint");
    expect(movementBand(10, 5)).toBe("sprint");
    expect(movementBand(11, 5)).toBe("beyond");
    expect(movementBand(1, 0)).toBe("beyond");
    expect(movementBand(0, 0)).toBe("move");
  });
});

describe("a measured path's S4 length from its grid counts", () => {
  it("adds one square for every second diagonal to the squares crossed", () => {
    expect(squareGridMetres({ spaces: 4, diagonals: 0 }, 1)).toBe(4);
    expect(squareGridMetres({ spaces: 4, diagonals: 1 }, 1)).toBe(4);
    expect(squareGridMetres({ spaces: 4, diagonals: 2 }, 1)).toBe(5);
    expect(squareGridMetres({ spaces: 3, diagonals: 3 }, 1.5)).toBe(6);
    // The same as walking the path leg by leg.
    expect(squareGridMetres({ spaces: 4, diagonals: 2 }, 1)).toBe(pathMetres([{ dx: 4, dy: 2 }], 1));
  });
});

describe("flanking (RULES §3)", () => {
  const square = (id: string, col: number, row: number) => ({ id, x: col, y: row, width: 1, height: 1 });
  const target = square("target", 5, 5);

  it("needs two enemies beside the target on opposite sides", () => {
    expect(isFlanked(target, [square("w", 4, 5), square("e", 6, 5)], 1)).toBe(true);
    expect(isFlanked(target, [square("nw", 4, 4), square("se", 6, 6)], 1)).toBe(true);
    expect(isFlanked(target, [square("w", 4, 5), square("n", 5, 4)], 1)).toBe(false);
    expect(isFlanked(target, [square("w", 4, 5)], 1)).toBe(false);
    expect(isFlanked(target, [square("w", 4, 5), square("far-e", 8, 5)], 1)).toBe(false);
  });
  it("counts enemies exactly 135° apart as opposite, and 120° apart as not", () => {
    expect(isFlanked(target, [square("w", 4, 5), square("ne", 6, 4)], 1)).toBe(true);
    // From the target's centre (5.5, 5.5): one enemy 1.5 m west, one 1.5 m away at 120° from it.
    const west = { id: "west", x: 3.5, y: 5, width: 1, height: 1 };
    const at120 = { id: "at120", x: 5.75, y: 3.701, width: 1, height: 1 };
    expect(isFlanked(target, [west, at120], 1)).toBe(false);
  });

  it("reads directions from the centres of large creatures", () => {
    const ogre = { id: "ogre", x: 4, y: 4, width: 2, height: 2 };
    expect(isFlanked(ogre, [square("w", 3, 4), square("e", 6, 5)], 1)).toBe(true);
    expect(isFlanked(ogre, [square("n", 4, 3), square("s", 5, 6)], 1)).toBe(true);
  });
});
