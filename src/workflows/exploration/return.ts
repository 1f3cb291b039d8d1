/**
 * Rolling to return (RULES §7.5), on the active GM's client: each chosen character checks its best
 * modifier against 10 + the travel turns (at most 20). On a dangerous path each point short is a d6
 * of damage through the damage chain, ignoring deflection; it cannot be avoided, so no fortify is
 * offered, and under the dying rule zero health takes strain [decision]. On an arduous path each
 * point short is a load of equipment the GM then picks from the card (a load is one carried item
 * [decision: Brink has no encumbrance]), marked dropped and never deleted. One card; the GM can
 * revert it.
 */
import { type ExplorationRecord, type ReturnEntry, type ReturnRecord } from "../../data";
import { actorStateOf, writeLife } from "../../documents/actor-state";
import { resolveWithFoundryDice } from "../../dice";
import { defineRequest, refuse, type RequestResult } from "../../requests";
import { badField } from "../../requests/fields";
import { applyDamage, type ActorState } from "../../rules/damage-chain";
import type { DiceSource } from "../../rules/dice";
import {
  bestModifier,
  returnDifficulty,
  rollToReturn,
  RETURN_PATHS,
  type ReturnPath,
} from "../../rules/exploration/return";
import { optionalRules, type DeathRule } from "../../settings";
import { actorFrom, recoveryData } from "../retreat";
import { travelTurns } from "./travel-count";
import { postExplorationCard } from "./travel";

/** More characters than any party brings back at once. */
export const MAX_RETURNING = 12;

export interface ReturnRequest {
  actorUuids: string[];
  path: ReturnPath;
}

interface Returning {
  actor: Actor.Implementation;
  modifier: number;
  state: ActorState;
}

function returnEntry(
  one: Returning,
  difficulty: number,
  path: ReturnPath,
  rule: DeathRule,
  dice: DiceSource,
) {
  const { check, cost } = rollToReturn(one.modifier, difficulty, path, dice);
  const damaged =
    cost.damage > 0
      ? applyDamage(
          one.state,
          { amount: cost.damage, type: "untyped", lethal: true, ignoreDeflection: true },
          dice,
          { rule, inCombat: false, choices: { fortify: false, strainOrInjury: "strain" } },
        )
      : null;
  const entry: ReturnEntry = {
    actorUuid: one.actor.uuid,
    name: one.actor.name,
    modifier: one.modifier,
    faces: [...check.faces],
    natural: check.natural,
    total: check.total,
    success: check.success,
    shortBy: cost.shortBy,
    damageFaces: [...cost.damageFaces],
    damage: cost.damage,
    steps: damaged?.ok ? damaged.steps : [],
    before: damaged?.ok ? damaged.revert : null,
    after: damaged?.ok ? damaged.update : null,
    loads: cost.loads,
    dropped: cost.loads > 0 ? null : [],
  };
  return entry;
}

async function returningCharacter(uuid: string): Promise<Returning | RequestResult> {
  const actor = await actorFrom(uuid);
  if (!actor || actor.type !== "character") return refuse("BRINK.Exploration.Refusal.noCharacter");
  const system = recoveryData(actor);
  if (system.conditions.has("dead")) return refuse("BRINK.Exploration.Refusal.dead", { name: actor.name });
  const attributes = Object.values(system.effectiveAttributes());
  return {
    actor,
    modifier: bestModifier(attributes, system.proficiencies.size > 0),
    state: actorStateOf(system),
  };
}

async function handleReturn({ actorUuids, path }: ReturnRequest): Promise<RequestResult> {
  if (actorUuids.length === 0) return refuse("BRINK.Exploration.Refusal.nobody");
  const returning: Returning[] = [];
  for (const uuid of actorUuids) {
    const one = await returningCharacter(uuid);
    if ("ok" in one) return one;
    returning.push(one);
  }
  const turns = travelTurns();
  const difficulty = returnDifficulty(turns);
  const rule = optionalRules().deathRule;
  const { result: entries, rolls } = await resolveWithFoundryDice((dice) =>
    returning.map((one) => returnEntry(one, difficulty, path, rule, dice)),
  );
  const back: ReturnRecord = { path, travelTurns: turns, difficulty, entries };
  const record: ExplorationRecord = {
    kind: "return",
    status: "applied",
    sceneName: "",
    travel: null,
    return: back,
    checks: null,
  };
  await postExplorationCard(record, rolls);
  for (const [index, entry] of entries.entries()) {
    const one = returning[index];
    if (one && entry.after) await writeLife(one.actor, () => recoveryData(one.actor), entry.after);
  }
  return { ok: true };
}

const askReturn = defineRequest({
  name: "exploration.return",
  who: "gm",
  parse: (fields) => {
    const actorUuids = fields.uuids("actorUuids");
    if (actorUuids.length > MAX_RETURNING || new Set(actorUuids).size !== actorUuids.length)
      return badField("actorUuids");
    return { actorUuids, path: fields.oneOf("path", RETURN_PATHS) };
  },
  handle: handleReturn,
});

export const requestReturn = (actorUuids: string[], path: ReturnPath) => askReturn({ actorUuids, path });
