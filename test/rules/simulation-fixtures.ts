/** Fighters and encounters for the simulator's tests: plain d6s, no armour, no stamina unless told. */
import type { AttackWeapon } from "../../src/rules/attacks";
import { createActorState, type ActorState } from "../../src/rules/death";
import {
  DEFAULT_POLICY,
  DEFAULT_RULES,
  encounterOdds,
  prepareFight,
  type Encounter,
  type Estimate,
  type FighterInput,
  type Odds,
  type PreparedFight,
  type Side,
} from "../../src/rules/simulation";
import { freshFighter, type Fighter } from "../../src/rules/simulation/fighter";

export const sword: AttackWeapon = {
  attributes: ["str"],
  proficiencies: ["martial"],
  damage: 10,
  damageDie: 8,
  criticalDamage: 14,
  criticalThreshold: 20,
  damageType: "slashing",
  delivery: "melee",
  blast: false,
  broken: false,
};

/** No exhaustion, effect, condition or light: a fighter's roll modifiers when nothing applies. */
export const plainModifiers: FighterInput["modifiers"] = {
  exhaustion: 0,
  attributes: {},
  skills: {},
  conditions: [],
  effects: [],
  light: null,
};

/** A fighter with plain d6s, no armour, no stamina (so no reactions) unless told otherwise. */
export function fighter(
  id: string,
  side: Side,
  overrides: Partial<FighterInput> = {},
  life: Partial<ActorState> = {},
): FighterInput {
  const state = createActorState({ stamina: { value: 0, max: 0 }, ...life });
  const input: FighterInput = {
    id,
    name: id,
    side,
    kind: side === "party" ? "pc" : "npc",
    group: id,
    leader: false,
    life: state,
    attacker: { attributes: state.attributes, combat: 6, proficiencies: ["martial"], luckBonus: 0, size: 4 },
    evasion: 9,
    size: 4,
    weapons: [sword],
    blockItem: null,
    parryItem: null,
    modifiers: plainModifiers,
    conditions: [],
    exhaustion: 0,
    moraleBonus: 0,
    detachment: false,
  };
  return { ...input, ...overrides };
}

/** Any hit takes it out: no endurance, 1 health. */
export const fragile: Partial<ActorState> = {
  endurance: { value: 0, max: 10 },
  health: { value: 1, max: 10 },
};

export function encounter(fighters: FighterInput[], extra: Partial<Encounter> = {}): Encounter {
  return { fighters, rules: DEFAULT_RULES, policy: DEFAULT_POLICY, startingSide: "party", ...extra };
}

export function prepared(e: Encounter): PreparedFight {
  const result = prepareFight(e);
  if (typeof result === "string") throw new Error(result);
  return result;
}

/** The encounter's fighters as a fight starts, found by id, for striking blows one by one. */
export function fightersOf(e: Encounter): (id: string) => Fighter {
  const fighters = prepared(e).templates.map(freshFighter);
  return (id) => {
    const found = fighters.find((f) => f.input.id === id);
    if (found === undefined) throw new Error(`no fighter ${id}`);
    return found;
  };
}

/** The figures of `fights` seeded fights (the same seed, the same figures). */
export function oddsOf(e: Encounter, fights = 300, seed = 5): Odds {
  const result = encounterOdds(e, { fights, seed });
  if (typeof result === "string") throw new Error(result);
  return result;
}

/** The first figure's 95% interval lies wholly above the second's: a difference no seed explains. */
export function clearlyAbove(higher: Estimate, lower: Estimate): boolean {
  return higher.low > lower.high;
}
