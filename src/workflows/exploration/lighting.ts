/**
 * The GM sets the party's light (RULES §7.5, S1 light levels) from the exploration panel, on the
 * active GM's client: each ticked character's light condition becomes the chosen level (well lit:
 * none), one batched actor write, and a card that says what changed. The GM's revert puts back each
 * character's earlier light, unless its light has changed since.
 */
import type { LightingEntry, LightingRecord, LightSetting } from "../../data";
import { defineRequest, refuse, type RequestResult } from "../../requests";
import { badField } from "../../requests/fields";
import { LIGHT_LEVELS } from "../../rules/light";
import { optionalRules } from "../../settings";
import { actorFrom, orderedConditions, recoveryData, updateActors } from "../retreat";
import { actorsByUuidFor } from "./actors";
import { MAX_RETURNING } from "./return";
import { postExplorationCard } from "./travel";

export const LIGHT_SETTINGS = ["well-lit", ...LIGHT_LEVELS] as const satisfies readonly LightSetting[];

const isLight = (condition: string): boolean => (LIGHT_LEVELS as readonly string[]).includes(condition);

/** The light conditions among a character's conditions, in their order. */
const lightsOf = (conditions: Iterable<string>): string[] => [...conditions].filter(isLight);

/** The character's conditions with its light set to `light` (well lit: no light condition). */
function withLight(conditions: readonly string[], light: LightSetting | readonly string[]): string[] {
  const lights = typeof light === "string" ? (light === "well-lit" ? [] : [light]) : light;
  const next = new Set([...conditions.filter((condition) => !isLight(condition)), ...lights]);
  return orderedConditions(conditions, next);
}

const sameLights = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((light) => b.includes(light));

async function handleSetLight({
  actorUuids,
  level,
}: {
  actorUuids: string[];
  level: LightSetting;
}): Promise<RequestResult> {
  if (!optionalRules().lightLevels) return refuse("BRINK.Exploration.Refusal.lightOff");
  if (actorUuids.length === 0) return refuse("BRINK.Exploration.Refusal.nobodyLight");
  const entries: LightingEntry[] = [];
  const writes: { actor: Actor.Implementation; data: Record<string, unknown> }[] = [];
  for (const uuid of actorUuids) {
    const actor = await actorFrom(uuid);
    if (!actor || actor.type !== "character") return refuse("BRINK.Exploration.Refusal.noCharacter");
    const conditions = [...recoveryData(actor).conditions];
    const before = lightsOf(conditions);
    const after = lightsOf(withLight(conditions, level));
    entries.push({ actorUuid: uuid, name: actor.name, before, after });
    if (!sameLights(before, after))
      writes.push({ actor, data: { "system.conditions": withLight(conditions, level) } });
  }
  const lighting: LightingRecord = { level, entries };
  await postExplorationCard({
    kind: "light",
    status: "applied",
    sceneName: "",
    travel: null,
    return: null,
    checks: null,
    lighting,
  });
  await updateActors(writes);
  return { ok: true };
}

/**
 * Each character gets back the light it had, provided it still has the light the card gave it;
 * otherwise the revert names who changed and writes nothing.
 */
export async function revertLighting(
  lighting: LightingRecord,
  markReverted: () => Promise<void>,
): Promise<RequestResult> {
  const changing = lighting.entries.filter((entry) => !sameLights(entry.before, entry.after));
  const actorOf = await actorsByUuidFor(changing.map((entry) => entry.actorUuid));
  const writes: { actor: Actor.Implementation; data: Record<string, unknown> }[] = [];
  for (const entry of changing) {
    const actor = actorOf(entry.actorUuid);
    if (!actor) return refuse("BRINK.Exploration.Refusal.noCharacter");
    const conditions = [...recoveryData(actor).conditions];
    if (!sameLights(lightsOf(conditions), entry.after))
      return refuse("BRINK.Exploration.Refusal.lightChanged", { name: actor.name });
    writes.push({ actor, data: { "system.conditions": withLight(conditions, entry.before) } });
  }
  await markReverted();
  await updateActors(writes);
  return { ok: true };
}

const askSetLight = defineRequest({
  name: "exploration.light",
  who: "gm",
  parse: (fields) => {
    const actorUuids = fields.uuids("actorUuids");
    if (actorUuids.length > MAX_RETURNING || new Set(actorUuids).size !== actorUuids.length)
      return badField("actorUuids");
    return { actorUuids, level: fields.oneOf("level", LIGHT_SETTINGS) };
  },
  handle: handleSetLight,
});

export const requestSetLight = (actorUuids: string[], level: LightSetting): Promise<RequestResult> =>
  askSetLight({ actorUuids, level });
