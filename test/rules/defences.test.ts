import { describe, expect, it } from "vitest";
import {
  applyDamage,
  applyPatch,
  createActorState,
  type ActorState,
  type Hit,
} from "../../src/rules/damage-chain";
import {
  block,
  dodge,
  dodgeChance,
  durabilityOf,
  parry,
  parryBonus,
  type DefenceItem,
} from "../../src/rules/defences";
import { fixedDice } from "../../src/rules/dice";

const defender = (overrides: Partial<ActorState> = {}): ActorState =>
  createActorState({
    endurance: { value: 20, max: 20 },
    deflection: { physical: 2, elemental: 0 },
    attributes: { str: 6, dex: 8, con: 6, int: 6, wis: 6, cha: 6 },
    athletics: 4,
    ...overrides,
  });

const woodenShield: DefenceItem = { blockValue: 3, parryValue: 0, metal: false, durability: null };
const sword: DefenceItem = { blockValue: 0, parryValue: 2, metal: true, durability: null };
const slash = (amount: number): Hit => ({ amount, type: "slashing", lethal: true });

describe("durability", () => {
  it("defaults to 10 for metal and 4 for anything else", () => {
    expect(durabilityOf(sword)).toEqual({ value: 10, max: 10 });
    expect(durabilityOf(woodenShield)).toEqual({ value: 4, max: 4 });
    expect(durabilityOf({ ...sword, durability: { value: 3, max: 12 } })).toEqual({ value: 3, max: 12 });
  });
});

describe("Block", () => {
  it("the block value replaces deflection and the rest wears the item down; nothing reaches the character", () => {
    const result = block(defender(), woodenShield, slash(6));
    if (!result.ok) throw new Error(result.reason);
    expect(result.step).toEqual({
      kind: "block",
      amount: 6,
      blockValue: 3,
      itemDamage: 3,
      durability: 1,
      broken: false,
      excess: 0,
    });
    expect(result.hit).toBeNull();
    expect(result.item.update).toEqual({ durability: { value: 1, max: 4 } });
    expect(result.item.revert).toEqual({ durability: null });
    expect(result.defender.state.reactionAvailable).toBe(false);
    expect(result.defender.state.stamina.value).toBe(2);
  });

  it("the item always takes at least 1", () => {
    const result = block(defender(), woodenShield, slash(2));
    if (!result.ok) throw new Error(result.reason);
    expect(result.step).toMatchObject({ itemDamage: 1, durability: 3 });
  });

  it("damage beyond the durability left breaks the item and reaches the character without deflection", () => {
    const result = block(defender(), woodenShield, slash(10));
    if (!result.ok) throw new Error(result.reason);
    expect(result.step).toEqual({
      kind: "block",
      amount: 10,
      blockValue: 3,
      itemDamage: 7,
      durability: 0,
      broken: true,
      excess: 3,
    });
    expect(result.hit).toEqual({ ...slash(3), ignoreDeflection: true });
    if (!result.hit) throw new Error("expected a hit through the shield");
    const hurt = applyDamage(result.defender.state, result.hit, fixedDice([]));
    expect(hurt.state.endurance.value).toBe(17);
  });

  it("is refused with a reason when it cannot be done", () => {
    expect(block(defender({ reactionAvailable: false }), woodenShield, slash(6))).toEqual({
      ok: false,
      reason: "no-reaction",
    });
    expect(block(defender({ stamina: { value: 0, max: 3 } }), woodenShield, slash(6))).toEqual({
      ok: false,
      reason: "no-stamina",
    });
    expect(block(defender(), sword, slash(6))).toEqual({ ok: false, reason: "no-block-value" });
    const broken = { ...woodenShield, durability: { value: 0, max: 4 } };
    expect(block(defender(), broken, slash(6))).toEqual({ ok: false, reason: "item-broken" });
    const knockedOut = defender({
      status: { unconscious: true, dying: false, stable: false, dead: false, routed: false },
    });
    expect(block(knockedOut, woodenShield, slash(6))).toEqual({ ok: false, reason: "incapacitated" });
  });

  it("the defender's revert gives back the reaction and the stamina", () => {
    const before = defender();
    const result = block(before, woodenShield, slash(6));
    if (!result.ok) throw new Error(result.reason);
    expect(applyPatch(result.defender.state, result.defender.revert)).toEqual(before);
  });
});

describe("Parry", () => {
  it("adds the parry value to physical deflection for that hit and costs the item 1 durability", () => {
    const result = parry(defender(), sword, slash(8));
    if (!result.ok) throw new Error(result.reason);
    expect(result.step).toEqual({ kind: "parry", bonus: 2, durability: 9, broken: false });
    const hurt = applyDamage(result.defender.state, result.hit, fixedDice([]));
    expect(hurt.steps[0]).toMatchObject({ deflection: 4, damage: 4 });
    expect(hurt.state.endurance.value).toBe(16);
  });

  it("an item without a parry value adds 1", () => {
    const result = parry(defender(), woodenShield, slash(8));
    if (!result.ok) throw new Error(result.reason);
    expect(result.step).toEqual({ kind: "parry", bonus: 1, durability: 3, broken: false });
    expect(result.hit.deflectionModifier).toBe(1);
  });

  it("is refused with a broken item, without reaction or stamina, or against non-physical damage", () => {
    const broken = { ...sword, durability: { value: 0, max: 10 } };
    expect(parry(defender(), broken, slash(8))).toEqual({ ok: false, reason: "item-broken" });
    expect(parry(defender({ reactionAvailable: false }), sword, slash(8))).toEqual({
      ok: false,
      reason: "no-reaction",
    });
    expect(parry(defender({ stamina: { value: 0, max: 3 } }), sword, slash(8))).toEqual({
      ok: false,
      reason: "no-stamina",
    });
    expect(parry(defender(), sword, { amount: 8, type: "fire", lethal: true })).toEqual({
      ok: false,
      reason: "not-physical",
    });
  });
});

describe("Dodge", () => {
  it("DEX + Athletics reaching the attack total turns the hit into a miss", () => {
    // d8 shows 5, d4 shows 3: 8 against an attack total of 8.
    const result = dodge(defender(), slash(8), 8, fixedDice([5, 3, 10]));
    if (!result.ok) throw new Error(result.reason);
    expect(result.success).toBe(true);
    expect(result.hit).toBeNull();
    expect(result.step).toMatchObject({ kind: "dodge", attackTotal: 8, success: true });
    expect(result.defender.state.stamina.value).toBe(2);
  });

  it("falling short leaves the hit to land", () => {
    const result = dodge(defender(), slash(8), 9, fixedDice([5, 3, 10]));
    if (!result.ok) throw new Error(result.reason);
    expect(result.success).toBe(false);
    expect(result.hit).toEqual(slash(8));
  });

  it("a luck die of 20 adds 4 and a Guard bonus adds 1", () => {
    const lucky = dodge(defender(), slash(8), 12, fixedDice([5, 3, 20]));
    if (!lucky.ok) throw new Error(lucky.reason);
    expect(lucky.success).toBe(true);
    const guarded = dodge(defender(), slash(8), 9, fixedDice([5, 3, 10]), [{ label: "guard", value: 1 }]);
    if (!guarded.ok) throw new Error(guarded.reason);
    expect(guarded.success).toBe(true);
  });

  it("is refused without a reaction or stamina", () => {
    expect(dodge(defender({ reactionAvailable: false }), slash(8), 8, fixedDice([]))).toEqual({
      ok: false,
      reason: "no-reaction",
    });
    expect(dodge(defender({ stamina: { value: 0, max: 3 } }), slash(8), 8, fixedDice([]))).toEqual({
      ok: false,
      reason: "no-stamina",
    });
  });
});

/** Every face sequence a dodge with these dice sizes (each rolled `pools` times, then the d20) can throw. */
function everyRoll(sizes: readonly number[], pools: number): number[][] {
  const all = [...Array.from({ length: pools }, () => sizes).flat(), 20];
  return all.reduce<number[][]>(
    (rolls, size) => rolls.flatMap((roll) => Array.from({ length: size }, (_, face) => [...roll, face + 1])),
    [[]],
  );
}

describe("the odds of a dodge", () => {
  const rate = (
    state: ActorState,
    total: number,
    bonuses = [] as { label: string; value: number }[],
    edges = [] as { label: string; advantage: number }[],
    pools = 1,
  ) => {
    const rolls = everyRoll([state.attributes.dex, state.athletics], pools);
    const dodged = rolls.filter((faces) => {
      const result = dodge(state, slash(8), total, fixedDice(faces), bonuses, edges);
      return result.ok && result.success;
    });
    return dodged.length / rolls.length;
  };

  it("are the share of every roll the dodge itself could make that reaches the attack total", () => {
    const state = defender({ attributes: { str: 6, dex: 4, con: 6, int: 6, wis: 6, cha: 6 }, luckBonus: 2 });
    for (const total of [2, 5, 8, 9, 12])
      expect(dodgeChance(state, total).value).toBeCloseTo(rate(state, total), 12);
  });

  it("count the bonuses and the advantage the dodge is rolled with", () => {
    const state = defender({ attributes: { str: 6, dex: 4, con: 6, int: 6, wis: 6, cha: 6 } });
    const guard = [{ label: "guard", value: 1 }];
    const reeling = [{ label: "Reeling", advantage: -1 }];
    expect(dodgeChance(state, 7, guard, reeling).value).toBeCloseTo(rate(state, 7, guard, reeling, 2), 12);
    expect(dodgeChance(state, 7, guard).value).toBeGreaterThan(dodgeChance(state, 7).value);
  });

  it("hold an exact fraction: DEX d8 + Athletics d4 reaching 8 without luck's +4", () => {
    // 14 of the 32 dice pairs reach 8; a 20 on the luck die (1 in 20) adds 4 and lets 29 reach it: 295 in 640.
    expect(dodgeChance(defender(), 8)).toMatchObject({ numerator: 59n, denominator: 128n });
  });
});

describe("a parry's bonus", () => {
  it("is the item's parry value, or 1 when it lists none", () => {
    expect(parryBonus(sword)).toBe(2);
    expect(parryBonus(woodenShield)).toBe(1);
  });
});

describe("who may defend", () => {
  const status = (flags: Partial<ActorState["status"]>): ActorState["status"] => ({
    unconscious: false,
    dying: false,
    stable: false,
    dead: false,
    routed: false,
    ...flags,
  });

  it("refuses every defence to a dead, dying or unconscious character", () => {
    for (const flags of [{ dead: true }, { dying: true }, { unconscious: true }]) {
      const state = defender({ status: status(flags) });
      expect(block(state, woodenShield, slash(6))).toEqual({ ok: false, reason: "incapacitated" });
      expect(parry(state, sword, slash(6))).toEqual({ ok: false, reason: "incapacitated" });
      expect(dodge(state, slash(6), 8, fixedDice([5, 3, 10]))).toEqual({
        ok: false,
        reason: "incapacitated",
      });
    }
  });

  it("lets a routed character with its last stamina point defend, and leaves it none", () => {
    const state = defender({ stamina: { value: 1, max: 3 }, status: status({ routed: true }) });
    const result = parry(state, sword, slash(6));
    if (!result.ok) throw new Error(result.reason);
    expect(result.defender.state.stamina.value).toBe(0);
    expect(result.defender.state.reactionAvailable).toBe(false);
  });
});

describe("what a dodge's card lists", () => {
  it("names the bonuses and the advantage sources it was rolled with, and nothing when there are none", () => {
    const guard = [{ label: "guard", value: 1 }];
    const highGround = [{ label: "high ground", advantage: 1 }];
    const named = dodge(defender(), slash(8), 9, fixedDice([5, 3, 1, 1, 10]), guard, highGround);
    if (!named.ok) throw new Error(named.reason);
    expect(named.step).toMatchObject({ bonuses: guard, edges: highGround, success: true });
    const plain = dodge(defender(), slash(8), 9, fixedDice([5, 3, 10]));
    if (!plain.ok) throw new Error(plain.reason);
    expect(plain.step).not.toHaveProperty("bonuses");
    expect(plain.step).not.toHaveProperty("edges");
  });

  it("gives an advantaged dodge better odds, counted the way it is rolled", () => {
    const state = defender({ attributes: { str: 6, dex: 4, con: 6, int: 6, wis: 6, cha: 6 } });
    const highGround = [{ label: "high ground", advantage: 1 }];
    const advantaged = dodgeChance(state, 7, [], highGround).value;
    expect(advantaged).toBeGreaterThan(dodgeChance(state, 7).value);
    const rolls = everyRoll([state.attributes.dex, state.athletics], 2);
    const dodged = rolls.filter((faces) => {
      const result = dodge(state, slash(8), 7, fixedDice(faces), [], highGround);
      return result.ok && result.success;
    });
    expect(advantaged).toBeCloseTo(dodged.length / rolls.length, 12);
  });
});

describe("what a defence leaves behind", () => {
  it("hands back the worn item, so the next block meets what durability is left", () => {
    const first = block(defender(), woodenShield, slash(6));
    if (!first.ok) throw new Error(first.reason);
    expect(durabilityOf(first.item.item)).toEqual({ value: 1, max: 4 });
    const second = block(defender(), first.item.item, slash(6));
    if (!second.ok) throw new Error(second.reason);
    expect(second.step).toMatchObject({ itemDamage: 3, durability: 0, broken: true, excess: 2 });
  });

  it("breaks an item parried with on its last point of durability, and says so", () => {
    const worn = { ...sword, durability: { value: 1, max: 10 } };
    const result = parry(defender(), worn, slash(8));
    if (!result.ok) throw new Error(result.reason);
    expect(result.step).toEqual({ kind: "parry", bonus: 2, durability: 0, broken: true });
    expect(durabilityOf(result.item.item).value).toBe(0);
  });

  it("adds no step of its own for the reaction spent: the defence's step tells it", () => {
    const result = dodge(defender(), slash(8), 8, fixedDice([5, 3, 10]));
    if (!result.ok) throw new Error(result.reason);
    expect(result.defender.steps).toEqual([]);
  });
});
