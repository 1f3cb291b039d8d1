import { describe, expect, it } from "vitest";
import { gapBetween, withinDistance } from "../../src/rules/geometry";

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
  });
});
