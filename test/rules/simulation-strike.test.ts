/**
 * One blow of a simulated fight with dice that always show the same face, so the line where the
 * target's reaction starts to be worth it can be hit exactly.
 */
import { describe, expect, it } from "vitest";
import type { DefenceItem } from "../../src/rules/defences";
import type { DiceSource } from "../../src/rules/dice";
import { DEFAULT_RULES } from "../../src/rules/simulation";
import { freshFighter, type Fighter } from "../../src/rules/simulation/fighter";
import { strike } from "../../src/rules/simulation/strike";
import { encounter, fighter, prepared, sword } from "./simulation-fixtures";

const direct = { ...DEFAULT_RULES, damageRule: "direct" as const };
const shield: DefenceItem = { blockValue: 4, parryValue: 0, metal: true, durability: null };
/** Every die shows `face` (a d8 weapon die of 5: a direct blow of 5). */
const always = (face: number): DiceSource => ({ roll: (faces) => Math.min(face, faces) });

/** The brute's direct blow of 5 slashing on a hero with `endurance` left and 1 physical armour. */
function blowOnHero(endurance: number): Fighter {
  const e = encounter(
    [
      fighter(
        "hero",
        "party",
        { blockItem: shield },
        {
          endurance: { value: endurance, max: 10 },
          stamina: { value: 3, max: 3 },
          deflection: { physical: 1, elemental: 0 },
        },
      ),
      fighter("brute", "foes"),
    ],
    { rules: direct },
  );
  const [hero, brute] = prepared(e).templates.map(freshFighter);
  if (hero === undefined || brute === undefined) throw new Error("two fighters expected");
  expect(strike(brute, hero, direct, always(5))).toBe(true);
  return hero;
}

describe("the line where a blow is worth the shield (armour counted first)", () => {
  it("a blow of 5 against 1 armour takes 4: 4 endurance absorbs it, so the shield stays down", () => {
    const hero = blowOnHero(4);
    expect(hero.life.endurance.value).toBe(0);
    expect(hero.life.health.value).toBe(hero.life.health.max);
    expect(hero.life.stamina.value).toBe(3);
    expect(hero.economy.reactionsLeft).toBe(1);
  });

  it("with 3 endurance the same blow would cut into health: the shield is raised and stops it", () => {
    const hero = blowOnHero(3);
    expect(hero.life.endurance.value).toBe(3);
    expect(hero.life.stamina.value).toBe(2);
    expect(hero.economy.reactionsLeft).toBe(0);
  });
});

describe("a direct blow past zero health (RULES §7.3)", () => {
  it("is critical damage to STR, whatever the death rule: 3 past zero takes a d6 STR to nothing, and the hero dies", () => {
    const rules = { ...direct, deathRule: "stabilise" as const };
    const e = encounter(
      [
        fighter("hero", "party", {}, { endurance: { value: 0, max: 10 }, health: { value: 2, max: 10 } }),
        fighter("brute", "foes"),
      ],
      { rules },
    );
    const [hero, brute] = prepared(e).templates.map(freshFighter);
    if (hero === undefined || brute === undefined) throw new Error("two fighters expected");
    expect(hero.life.attributes.str).toBe(6);
    strike(brute, hero, rules, always(5));
    expect(hero.life.health.value).toBe(0);
    expect(hero.life.status.dead).toBe(true);
  });
});

describe("one reaction a round, fortifying included", () => {
  it("a hero who fortified against a fire blow cannot parry the next blade in the same round", () => {
    const blade: DefenceItem = {
      blockValue: 0,
      parryValue: 3,
      metal: true,
      durability: { value: 10, max: 10 },
    };
    const e = encounter(
      [
        fighter(
          "hero",
          "party",
          { parryItem: blade },
          {
            endurance: { value: 2, max: 10 },
            health: { value: 14, max: 20 },
            stamina: { value: 3, max: 3 },
            fortitude: 10, // the fortify test passes with these dice
          },
        ),
        fighter("torch", "foes", { weapons: [{ ...sword, damageType: "fire" }] }),
        fighter("brute", "foes"),
      ],
      { rules: direct },
    );
    const [hero, torch, brute] = prepared(e).templates.map(freshFighter);
    if (hero === undefined || torch === undefined || brute === undefined)
      throw new Error("three fighters expected");
    strike(torch, hero, direct, always(5));
    const afterFire = { stamina: hero.life.stamina.value, health: hero.life.health.value };
    expect(hero.economy.reactionsLeft).toBe(0);
    expect(afterFire.stamina).toBe(2);
    expect(hero.life.status.unconscious).toBe(false);
    strike(brute, hero, direct, always(5));
    expect(hero.life.stamina.value).toBe(afterFire.stamina);
    expect(hero.parryItem?.durability?.value).toBe(10);
    expect(hero.life.health.value).toBe(afterFire.health - 5);
  });
});

describe("fortifying under an athletics hindrance", () => {
  /** A fire blow of 5 on 2 endurance leaves 9 health missing: the fortify test must reach 9. */
  function fortifies(fortitude: number, disadvantage: number): boolean {
    const modifiers = {
      exhaustion: 0,
      attributes: {},
      skills: { athletics: { bonus: 0, disadvantage } },
      conditions: [],
      effects: [],
      light: null,
    };
    const e = encounter(
      [
        fighter(
          "hero",
          "party",
          { modifiers },
          {
            endurance: { value: 2, max: 10 },
            health: { value: 14, max: 20 },
            stamina: { value: 3, max: 3 },
            fortitude,
          },
        ),
        fighter("torch", "foes", { weapons: [{ ...sword, damageType: "fire" }] }),
      ],
      { rules: direct },
    );
    const [hero, torch] = prepared(e).templates.map(freshFighter);
    if (hero === undefined || torch === undefined) throw new Error("two fighters expected");
    strike(torch, hero, direct, always(5));
    return !hero.life.status.unconscious;
  }

  it("still rolls its dice, keeping the worse: with every die a 5, STR 5 + fortitude 4 reaches 9 either way", () => {
    expect([fortifies(4, 0), fortifies(4, 1)]).toEqual([true, true]);
    expect([fortifies(3, 0), fortifies(3, 1)]).toEqual([false, false]);
  });
});
