/**
 * One blow of a simulated fight with dice that always show the same face, so the line where the
 * target's reaction starts to be worth it can be hit exactly.
 */
import { describe, expect, it } from "vitest";
import type { DefenceItem } from "../../src/rules/defences";
import type { DiceSource } from "../../src/rules/dice";
import { DEFAULT_RULES, type FighterInput } from "../../src/rules/simulation";
import type { Fighter } from "../../src/rules/simulation/fighter";
import { strike } from "../../src/rules/simulation/strike";
import { encounter, fighter, fightersOf, plainModifiers, sword } from "./simulation-fixtures";

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
  const fighterNamed = fightersOf(e);
  const hero = fighterNamed("hero");
  expect(strike(fighterNamed("brute"), hero, direct, always(5))).toBe(true);
  return hero;
}

const torch = fighter("torch", "foes", { weapons: [{ ...sword, damageType: "fire" }] });

/**
 * A hero with 2 endurance and 14 of 20 health, then the fire blow of 5 from `torch` (which no
 * blade parries): 9 health missing, more than CON 6, so the hero fortifies against a test of 9.
 */
function fireOnHero(
  hero: Partial<FighterInput>,
  fortitude: number,
  others: FighterInput[] = [],
): (id: string) => Fighter {
  const life = {
    endurance: { value: 2, max: 10 },
    health: { value: 14, max: 20 },
    stamina: { value: 3, max: 3 },
    fortitude,
  };
  const fighterNamed = fightersOf(
    encounter([fighter("hero", "party", hero, life), torch, ...others], { rules: direct }),
  );
  strike(fighterNamed("torch"), fighterNamed("hero"), direct, always(5));
  return fighterNamed;
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
    const fighterNamed = fightersOf(e);
    const hero = fighterNamed("hero");
    expect(hero.life.attributes.str).toBe(6);
    strike(fighterNamed("brute"), hero, rules, always(5));
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
    // A fortitude of 10 passes the fortify test with these dice.
    const fighterNamed = fireOnHero({ parryItem: blade }, 10, [fighter("brute", "foes")]);
    const hero = fighterNamed("hero");
    const afterFire = { stamina: hero.life.stamina.value, health: hero.life.health.value };
    expect(hero.economy.reactionsLeft).toBe(0);
    expect(afterFire.stamina).toBe(2);
    expect(hero.life.status.unconscious).toBe(false);
    strike(fighterNamed("brute"), hero, direct, always(5));
    expect(hero.life.stamina.value).toBe(afterFire.stamina);
    expect(hero.parryItem?.durability?.value).toBe(10);
    expect(hero.life.health.value).toBe(afterFire.health - 5);
  });
});

describe("fortifying under an athletics hindrance", () => {
  const fortifies = (fortitude: number, disadvantage: number): boolean => {
    const modifiers = { ...plainModifiers, skills: { athletics: { bonus: 0, disadvantage } } };
    return !fireOnHero({ modifiers }, fortitude)("hero").life.status.unconscious;
  };

  it("still rolls its dice, keeping the worse: with every die a 5, STR 5 + fortitude 4 reaches 9 either way", () => {
    expect([fortifies(4, 0), fortifies(4, 1)]).toEqual([true, true]);
    expect([fortifies(3, 0), fortifies(3, 1)]).toEqual([false, false]);
  });
});
