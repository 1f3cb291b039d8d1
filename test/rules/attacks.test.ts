import { describe, it, expect } from "vitest";
import fc from "fast-check";
import { fixedDice, seededDice } from "../../src/rules/dice";
import type { DieRating } from "../../src/rules/dice";
import type { DamageType } from "../../src/rules/damage";
import {
  adjustDefences,
  attackHitChances,
  resolveAttack,
  resolveKillingStrike,
} from "../../src/rules/attacks";
import type {
  AttackRequest,
  AttackResult,
  AttackTarget,
  AttackWeapon,
  Attacker,
} from "../../src/rules/attacks";

const medium = 4;
const small = 3;

const attacker = (overrides: Partial<Attacker> = {}): Attacker => ({
  attributes: { str: 6, dex: 6, con: 6, int: 6, wis: 6, cha: 6 },
  combat: 6,
  proficiencies: ["martial"],
  luckBonus: 0,
  size: medium,
  attacksThisRound: 0,
  ...overrides,
});

const spear: AttackWeapon = {
  attributes: ["str", "dex"],
  proficiencies: ["finesse", "martial"],
  damage: 4,
  criticalDamage: 8,
  criticalThreshold: 19,
  damageType: "piercing",
  delivery: "melee",
  blast: false,
  broken: false,
};

const shortbow: AttackWeapon = {
  ...spear,
  attributes: ["dex"],
  proficiencies: ["ranged"],
  delivery: "projectile",
};

const guard = (overrides: Partial<AttackTarget> = {}): AttackTarget => ({
  id: "guard",
  evasion: 6,
  deflection: { physical: 8, elemental: 0 },
  size: medium,
  ...overrides,
});

function hitAttack(request: AttackRequest, faces: number[]): AttackResult {
  const result = resolveAttack(request, fixedDice(faces));
  if (!result.ok) throw new Error(`attack refused: ${result.reason}`);
  return result;
}

const boudica = (overrides: Partial<AttackRequest> = {}): AttackRequest => ({
  attacker: attacker(),
  weapon: spear,
  attribute: "str",
  targets: [guard()],
  ...overrides,
});

describe("the S4 attack examples", () => {
  it("Boudica's spear: 2d6+1 rolling 2 and 3 is 6, just hitting evasion 6 for 6 + 4 − 8 = 2 damage", () => {
    const result = hitAttack(boudica(), [2, 3, 10]);
    expect(result.total).toBe(6);
    expect(result.proficient).toBe(true);
    expect(result.critical).toBe(false);
    expect(result.targets[0]).toMatchObject({ hit: true, rawDamage: 10, deflection: 8, damage: 2 });
  });

  it("luck 19 against a 19+ threshold: critical damage 6 + 8 − 8 = 6", () => {
    const result = hitAttack(boudica(), [2, 3, 19]);
    expect(result.critical).toBe(true);
    expect(result.targets[0]).toMatchObject({ hit: true, rawDamage: 14, damage: 6 });
  });

  it("a critical cannot miss, even when the test falls short of evasion", () => {
    const result = hitAttack(boudica({ targets: [guard({ evasion: 12 })] }), [1, 1, 19]);
    expect(result.total).toBe(3);
    expect(result.targets[0]).toMatchObject({ hit: true, rawDamage: 11, damage: 3 });
  });

  it("luck 20 below the critical threshold gives an attack no +4: it misses where an ordinary test would succeed", () => {
    const result = hitAttack(
      boudica({ weapon: { ...spear, criticalThreshold: 21 }, targets: [guard({ evasion: 7 })] }),
      [2, 3, 20],
    );
    expect(result.total).toBe(6);
    expect(result.targets[0]).toMatchObject({ hit: false, damage: 0 });
  });

  it("Fabian (medium) against a goblin (small): evasion +1 and deflection −1", () => {
    const goblin = guard({
      id: "goblin",
      size: small,
      evasion: 6,
      deflection: { physical: 2, elemental: 1 },
    });
    expect(adjustDefences(medium, goblin)).toEqual({
      sizeDifference: 1,
      evasion: 7,
      deflection: { physical: 1, elemental: 0 },
    });
    const dagger: AttackWeapon = { ...spear, damage: 2 };
    const missed = hitAttack(boudica({ weapon: dagger, targets: [goblin] }), [2, 3, 10]);
    expect(missed.targets[0]?.hit).toBe(false);
    const struck = hitAttack(boudica({ weapon: dagger, targets: [goblin] }), [3, 3, 10]);
    expect(struck.targets[0]).toMatchObject({ hit: true, rawDamage: 9, deflection: 1, damage: 8 });
  });

  it("the goblin attacking Fabian sees the reverse: evasion −1, deflection +1", () => {
    const fabian = guard({ id: "fabian", evasion: 6, deflection: { physical: 0, elemental: 0 } });
    expect(adjustDefences(small, fabian)).toMatchObject({
      evasion: 5,
      deflection: { physical: 1, elemental: 1 },
    });
  });

  it("Agnessa's second attack this round: 5 − 2 = 3 misses evasion 4", () => {
    const agnessa = attacker({ proficiencies: [], attacksThisRound: 1 });
    const request = boudica({
      attacker: agnessa,
      weapon: shortbow,
      attribute: "dex",
      targets: [guard({ evasion: 4 })],
    });
    const result = hitAttack(request, [2, 3, 10]);
    expect(result.steps).toEqual([{ label: "multiple-attack", value: -2 }]);
    expect(result.total).toBe(3);
    expect(result.targets[0]?.hit).toBe(false);
    const first = hitAttack({ ...request, attacker: { ...agnessa, attacksThisRound: 0 } }, [2, 3, 10]);
    expect(first.targets[0]?.hit).toBe(true);
  });
});

describe("stray shots (luck ≤ 1)", () => {
  const ally = guard({ id: "clementine", evasion: 5, deflection: { physical: 0, elemental: 0 } });
  const other = guard({ id: "roland", evasion: 5, deflection: { physical: 1, elemental: 0 } });
  const enemy = guard({ id: "enemy", nearby: [ally, other] });
  const agnessa = boudica({
    weapon: shortbow,
    attribute: "dex",
    attacker: attacker({ proficiencies: ["ranged"] }),
  });

  it("Agnessa's arrow with luck 1 strikes a random neighbour instead, allies included", () => {
    const result = hitAttack({ ...agnessa, targets: [enemy] }, [3, 3, 1, 1]);
    expect(result.mishap).toBe(true);
    expect(result.targets[0]).toMatchObject({
      intendedId: "enemy",
      targetId: "clementine",
      strayed: true,
      hit: true,
      damage: 11,
    });
    const second = hitAttack({ ...agnessa, targets: [enemy] }, [3, 3, 1, 2]);
    expect(second.targets[0]?.targetId).toBe("roland");
  });

  it("a melee weapon never strays, nor does a shot with nobody within 1 m", () => {
    const melee = hitAttack(
      { ...agnessa, weapon: { ...shortbow, delivery: "melee" }, targets: [enemy] },
      [3, 3, 1],
    );
    expect(melee.targets[0]).toMatchObject({ targetId: "enemy", strayed: false });
    const alone = hitAttack({ ...agnessa, targets: [guard({ id: "alone" })] }, [3, 3, 1]);
    expect(alone.targets[0]).toMatchObject({ targetId: "alone", strayed: false });
  });

  it("a luck bonus that lifts a natural 1 to 2 keeps the shot on target", () => {
    const lucky = {
      ...agnessa,
      attacker: attacker({ proficiencies: ["ranged"], luckBonus: 1 }),
      targets: [enemy],
    };
    expect(hitAttack(lucky, [3, 3, 1]).targets[0]?.targetId).toBe("enemy");
  });
});

describe("advantage on attacks", () => {
  it("a sneak attack rolls the dice twice and keeps the higher", () => {
    const result = hitAttack(boudica({ sneak: true }), [1, 1, 4, 5, 10]);
    expect(result.dice.pools).toHaveLength(2);
    expect(result.total).toBe(10);
  });

  it("sneaking and flanking together give double advantage (three pools)", () => {
    const dice = fixedDice([1, 1, 1, 2, 6, 6, 10]);
    const result = resolveAttack(boudica({ sneak: true, flanking: true }), dice);
    expect(result.ok && result.dice.pools.length).toBe(3);
    expect(result.ok && result.total).toBe(13);
    expect(dice.remaining()).toBe(0);
  });

  it("flanking cancelled by cover is a single roll", () => {
    const dice = fixedDice([2, 3, 10]);
    const result = resolveAttack(boudica({ flanking: true, disadvantages: 1 }), dice);
    expect(result.ok && result.dice.pools.length).toBe(1);
    expect(dice.remaining()).toBe(0);
  });
});

describe("several targets", () => {
  const targets = [
    guard({ id: "armoured", evasion: 6, deflection: { physical: 8, elemental: 2 } }),
    guard({ id: "nimble", evasion: 9, deflection: { physical: 0, elemental: 0 } }),
    guard({ id: "bare", evasion: 4, deflection: { physical: 0, elemental: 0 } }),
  ];
  const fireball: AttackWeapon = { ...spear, damageType: "fire", blast: true, damage: 3 };

  it("a blast resolves one roll against every target, each with its own hit and damage", () => {
    const dice = fixedDice([2, 3, 10]);
    const result = resolveAttack(boudica({ weapon: fireball, targets }), dice);
    expect(dice.remaining()).toBe(0);
    expect(result.ok && result.targets.map((t) => [t.targetId, t.hit, t.damage])).toEqual([
      ["armoured", true, 7],
      ["nimble", false, 0],
      ["bare", true, 9],
    ]);
  });

  it("an ordinary weapon refuses several targets", () => {
    expect(resolveAttack(boudica({ targets }), fixedDice([]))).toEqual({
      ok: false,
      reason: "single-target-weapon",
    });
  });
});

describe("refusals come back as data", () => {
  it.each([
    ["weapon-broken", boudica({ weapon: { ...spear, broken: true } })],
    ["attribute-not-usable", boudica({ attribute: "cha" })],
    ["no-target", boudica({ targets: [] })],
  ] as const)("%s", (reason, request) => {
    const dice = fixedDice([]);
    expect(resolveAttack(request, dice)).toEqual({ ok: false, reason });
    expect(attackHitChances(request)).toEqual({ ok: false, reason });
  });

  it("without the weapon's proficiency there is no +1", () => {
    const result = hitAttack(boudica({ attacker: attacker({ proficiencies: ["shields"] }) }), [2, 3, 10]);
    expect(result.proficient).toBe(false);
    expect(result.total).toBe(5);
    expect(result.targets[0]?.hit).toBe(false);
  });
});

describe("damage properties", () => {
  const rating = fc.constantFrom<DieRating>(0, 4, 6, 8, 10, 12);
  const reducible = fc.constantFrom<DamageType>("bludgeoning", "piercing", "slashing", "fire", "void");
  const typeless = fc.constantFrom<DamageType>("psychic", "untyped");
  const request = (
    str: DieRating,
    combat: DieRating,
    type: DamageType,
    deflection: number,
    sizes: [number, number],
  ) =>
    boudica({
      attacker: attacker({
        attributes: { str, dex: 6, con: 6, int: 6, wis: 6, cha: 6 },
        combat,
        size: sizes[0],
        // Luck always reaches the critical threshold, so every attack hits (criticals cannot miss).
        luckBonus: 20,
      }),
      weapon: { ...spear, damageType: type, damage: 0, criticalDamage: 0 },
      targets: [
        guard({ evasion: 0, size: sizes[1], deflection: { physical: deflection, elemental: deflection } }),
      ],
    });
  const size = fc.integer({ min: 2, max: 7 });

  it("a hit always deals at least 1 damage, however heavy the armour", () => {
    fc.assert(
      fc.property(
        rating,
        rating,
        reducible,
        fc.nat(40),
        size,
        size,
        fc.integer(),
        (str, combat, type, defl, a, t, seed) => {
          const result = resolveAttack(request(str, combat, type, defl, [a, t]), seededDice(seed));
          const outcome = result.ok ? result.targets[0] : undefined;
          expect(outcome?.hit).toBe(true);
          expect(outcome?.damage).toBeGreaterThanOrEqual(1);
        },
      ),
    );
  });

  it("typeless damage ignores deflection entirely", () => {
    fc.assert(
      fc.property(
        rating,
        rating,
        typeless,
        fc.nat(40),
        size,
        size,
        fc.integer(),
        (str, combat, type, defl, a, t, seed) => {
          const result = resolveAttack(request(str, combat, type, defl, [a, t]), seededDice(seed));
          const outcome = result.ok ? result.targets[0] : undefined;
          expect(outcome?.deflection).toBe(0);
          expect(outcome?.damage).toBe(Math.max(1, result.ok ? result.total : 0));
        },
      ),
    );
  });
});

describe("attack odds for the dialog", () => {
  it("Boudica's hit chance against evasion 8 matches a 10^5-attack seeded simulation", () => {
    // Standard error ≤ 0.0016 at 10^5 samples; 0.008 is five of them.
    const request = boudica({ targets: [guard({ evasion: 8 })] });
    const odds = attackHitChances(request);
    const expected = odds.ok ? odds.targets[0]?.chance.value : undefined;
    const dice = seededDice(42);
    let hits = 0;
    for (let i = 0; i < 100_000; i += 1) {
      const result = resolveAttack(request, dice);
      if (result.ok && result.targets[0]?.hit) hits += 1;
    }
    expect(expected).toBeDefined();
    expect(Math.abs(hits / 100_000 - (expected ?? -1))).toBeLessThan(0.008);
  });
});

describe("killing strike", () => {
  const sleeper = { ...guard({ id: "sleeper", evasion: 6 }), constitution: 8, unconscious: true };
  const strike = { attacker: attacker(), weapon: spear, attribute: "str" as const, target: sleeper };

  it("rolls with advantage against the target's CON value; success kills", () => {
    const dice = fixedDice([1, 1, 4, 3, 10]);
    const result = resolveKillingStrike(strike, dice);
    expect(result.ok && result.outcome).toBe("killed");
    expect(result.ok && result.test.dice.pools.length).toBe(2);
    expect(result.ok && result.test.total).toBe(8);
    expect(dice.remaining()).toBe(0);
  });

  it("failure becomes an ordinary sneak attack, rolled with advantage", () => {
    const dice = fixedDice([1, 1, 2, 2, 10, 1, 1, 3, 4, 10]);
    const result = resolveKillingStrike(strike, dice);
    if (!result.ok || result.outcome !== "sneak-attack") throw new Error("expected a sneak attack");
    expect(result.test.success).toBe(false);
    expect(result.attack.dice.pools).toHaveLength(2);
    expect(result.attack.targets[0]).toMatchObject({ hit: true, rawDamage: 12, damage: 4 });
    expect(dice.remaining()).toBe(0);
  });

  it("is refused on a conscious target", () => {
    const result = resolveKillingStrike(
      { ...strike, target: { ...sleeper, unconscious: false } },
      fixedDice([]),
    );
    expect(result).toEqual({ ok: false, reason: "target-not-unconscious" });
  });
});

describe("attack odds when a shot may stray", () => {
  const ally = guard({ id: "ally" });
  const chanceFor = (request: AttackRequest): number => {
    const odds = attackHitChances(request);
    if (!odds.ok) throw new Error(odds.reason);
    return odds.targets[0]?.chance.value ?? -1;
  };
  /** The share of every roll (test dice, luck die, then the neighbour die on a stray) that hits the guard. */
  const shareHittingTheGuard = (request: AttackRequest): number => {
    let hits = 0;
    let rolls = 0;
    for (let a = 1; a <= 6; a += 1)
      for (let b = 1; b <= 6; b += 1)
        for (let luck = 1; luck <= 20; luck += 1) {
          const result = resolveAttack(request, fixedDice([a, b, luck, 1]));
          const outcome = result.ok ? result.targets[0] : undefined;
          if (outcome?.targetId === "guard" && outcome.hit) hits += 1;
          rolls += 1;
        }
    return hits / rolls;
  };

  it("shows the chance to hit the target itself, a stray shot at its neighbour counted out", () => {
    const shot = boudica({ weapon: shortbow, attribute: "dex", targets: [guard({ nearby: [ally] })] });
    expect(chanceFor(shot)).toBeCloseTo(shareHittingTheGuard(shot), 12);
    expect(chanceFor(shot)).toBeLessThan(chanceFor({ ...shot, targets: [guard()] }));
  });

  it("counts no stray for a melee attack or a target standing alone", () => {
    const thrust = boudica({ targets: [guard({ nearby: [ally] })] });
    expect(chanceFor(thrust)).toBe(chanceFor(boudica()));
    const lone = boudica({ weapon: shortbow, attribute: "dex", targets: [guard({ nearby: [] })] });
    expect(chanceFor(lone)).toBeCloseTo(shareHittingTheGuard(lone), 12);
  });
});

describe("a killing strike from a hindered attacker", () => {
  const sleeper = { ...guard({ id: "sleeper", evasion: 6 }), constitution: 8, unconscious: true };

  it("loses its advantage to the attacker's disadvantage and lists the attacker's modifiers", () => {
    const hurt = { label: "injury", value: -1 };
    const dice = fixedDice([4, 4, 10]);
    const result = resolveKillingStrike(
      {
        attacker: attacker(),
        weapon: spear,
        attribute: "str",
        target: sleeper,
        modifiers: [hurt],
        disadvantages: 1,
      },
      dice,
    );
    if (!result.ok) throw new Error(result.reason);
    expect(result.test.dice.pools).toHaveLength(1);
    expect(result.test.steps).toContainEqual(hurt);
    expect(result.test.total).toBe(8);
    expect(result.outcome).toBe("killed");
  });
});

describe("what an attack's card lists", () => {
  it("lists no multiple-attack line on the first attack of the round", () => {
    const result = resolveAttack(boudica(), fixedDice([2, 3, 10]));
    if (!result.ok) throw new Error(result.reason);
    expect(result.steps.map((step) => step.label)).toEqual(["proficiency"]);
  });

  it("rolls with an advantage the caller names (a prone target), on top of sneak and flanking", () => {
    const dice = fixedDice([1, 1, 2, 2, 10]);
    const result = resolveAttack(boudica({ advantages: 1 }), dice);
    expect(result.ok && result.dice.pools.length).toBe(2);
    expect(result.ok && result.dice.keptPool).toBe(1);
    expect(dice.remaining()).toBe(0);
  });
});
