import { describe, expect, it } from "vitest";
import {
  centreOf,
  formationRefusal,
  pooledTracks,
  type FormationCandidate,
} from "../../src/rules/detachment-forming";

const goblin = (name: string, changes: Partial<FormationCandidate> = {}): FormationCandidate => ({
  name,
  kindId: "goblin",
  isNpc: true,
  isDetachment: false,
  dead: false,
  inCombat: false,
  endurance: { value: 4, max: 4 },
  health: { value: 3, max: 3 },
  ...changes,
});

describe("forming a detachment (RULES §7.4)", () => {
  it("accepts two or more living NPCs of one kind, none in a fight or a detachment", () => {
    expect(formationRefusal([goblin("a"), goblin("b")])).toBeNull();
  });

  it("refuses fewer than two", () => {
    expect(formationRefusal([goblin("a")])).toEqual({ reason: "tooFew" });
    expect(formationRefusal([])).toEqual({ reason: "tooFew" });
  });

  it("names the first member at fault", () => {
    const cases: [Partial<FormationCandidate>, string][] = [
      [{ kindId: null }, "noActor"],
      [{ isNpc: false }, "notNpc"],
      [{ isDetachment: true }, "alreadyDetachment"],
      [{ dead: true }, "dead"],
      [{ inCombat: true }, "inCombat"],
    ];
    for (const [changes, reason] of cases)
      expect(formationRefusal([goblin("a"), goblin("b", changes)])).toEqual({ reason, name: "b" });
  });

  it("refuses members of different kinds", () => {
    expect(formationRefusal([goblin("a"), goblin("b", { kindId: "orc" })])).toEqual({ reason: "mixedKinds" });
  });

  it("sums the members' endurance and health, values and maxima", () => {
    const pools = pooledTracks([goblin("a"), goblin("b", { endurance: { value: 1, max: 4 } })]);
    expect(pools).toEqual({ endurance: { value: 5, max: 8 }, health: { value: 6, max: 6 } });
  });

  it("stands the token at the members' average place", () => {
    expect(
      centreOf([
        { x: 0, y: 100 },
        { x: 200, y: 100 },
        { x: 400, y: 300 },
      ]),
    ).toEqual({ x: 200, y: 167 });
  });
});
