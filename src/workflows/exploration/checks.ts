/**
 * Resilience and corruption checks (RULES §7.5), on the active GM's client, for the characters the
 * GM ticked. Resilience counts the world's travel turns as the hours out: past the CON value each
 * character checks CON against 10 + the hours over, and a failure adds a level of exhaustion.
 * Corruption checks CON against the GM's difficulty (11 unless raised); a failed stage takes a d6
 * off the chosen attribute's die. One card, then one batched actor write; the GM can revert it.
 */
import { type CheckEntry, type ChecksRecord, type ExplorationKind } from "../../data";
import { resolveWithFoundryDice } from "../../dice";
import { defineRequest, refuse, type Refusal, type RequestResult } from "../../requests";
import { badField, type Fields } from "../../requests/fields";
import { abilityModifier, ATTRIBUTES, type Attribute } from "../../rules/characters";
import { checkCorruption, CORRUPTION_DIFFICULTY, stepsBetween } from "../../rules/exploration/corruption";
import { isDieRating } from "../../rules/dice";
import { checkResilience, RESILIENCE_BASE_DIFFICULTY } from "../../rules/exploration/resilience";
import type { DiceSource, DieRating } from "../../rules/dice";
import { actorFrom, recoveryData, updateActors } from "../retreat";
import { MAX_RETURNING } from "./return";
import { effectChangesData } from "../../foundry/generation";
import { travelTurns } from "./travel-count";
import { postExplorationCard } from "./travel";
import { writes, type Creation } from "../../foundry/typed-writes";

const MAX_EXHAUSTION = 6;
export const MAX_CORRUPTION_DIFFICULTY = 30;

interface Checked {
  actor: Actor.Implementation;
  con: DieRating;
  exhaustion: number;
  /** Effective dice: a stage's damage comes off what the character has now. */
  dice: Record<Attribute, DieRating>;
}

async function checkedCharacters(uuids: readonly string[]): Promise<Checked[] | RequestResult> {
  if (uuids.length === 0) return refuse("BRINK.Exploration.Refusal.nobody");
  const checked: Checked[] = [];
  for (const uuid of uuids) {
    const actor = await actorFrom(uuid);
    if (!actor || actor.type !== "character") return refuse("BRINK.Exploration.Refusal.noCharacter");
    const system = recoveryData(actor);
    if (system.conditions.has("dead")) return refuse("BRINK.Exploration.Refusal.dead", { name: actor.name });
    const dice = system.effectiveAttributes();
    checked.push({ actor, con: system.attributes.con.value, exhaustion: system.exhaustion, dice });
  }
  return checked;
}

function baseEntry(one: Checked): CheckEntry {
  return {
    actorUuid: one.actor.uuid,
    name: one.actor.name,
    limit: 0,
    hoursOver: 0,
    skipped: false,
    modifier: abilityModifier(one.con),
    faces: [],
    total: 0,
    difficulty: 0,
    success: true,
    exhaustion: null,
    damage: null,
    attribute: null,
    itemId: "",
  };
}

function resilienceEntry(one: Checked, hours: number, dice: DiceSource): CheckEntry {
  const result = checkResilience(one.con, hours, dice);
  const entry: CheckEntry = { ...baseEntry(one), limit: result.limit, hoursOver: result.hoursOver };
  if (!result.check) return { ...entry, skipped: true };
  const { faces, total, difficulty, success } = result.check;
  const after = Math.min(MAX_EXHAUSTION, one.exhaustion + 1);
  const exhaustion = result.exhausted ? { before: one.exhaustion, after } : null;
  return { ...entry, faces: [...faces], total, difficulty, success, exhaustion };
}

function corruptionEntry(one: Checked, difficulty: number, attribute: Attribute | "", dice: DiceSource) {
  const stage = attribute === "" ? null : one.dice[attribute];
  const result = checkCorruption(one.con, difficulty, stage, dice);
  const { faces, total, success } = result.check;
  const damaged = result.attribute && attribute !== "" ? { key: attribute, ...result.attribute } : null;
  return {
    ...baseEntry(one),
    faces: [...faces],
    total,
    difficulty,
    success,
    damage: result.damage,
    attribute: damaged,
  };
}

const writeOf = (entry: CheckEntry | undefined, pick: "before" | "after") =>
  entry ? entryWrite(entry, pick) : {};

/** The actor change an entry makes: exhaustion. */
export function entryWrite(entry: CheckEntry, pick: "before" | "after"): Record<string, unknown> {
  return entry.exhaustion ? { "system.exhaustion": entry.exhaustion[pick] } : {};
}

/**
 * A failed stage's damage as an injury item whose effect steps the attribute down, as every lasting
 * attribute loss in Brink does, so an attribute at 0 has its usual effect (CON 0 kills).
 */
const isAttribute = (key: string): key is Attribute => (ATTRIBUTES as readonly string[]).includes(key);

function corruptionItem(entry: CheckEntry): Creation<Item.Source> | null {
  const attribute = entry.attribute;
  if (!attribute || !isAttribute(attribute.key)) return null;
  const key = attribute.key;
  const label = game.i18n.localize(`BRINK.Attribute.${key}.label`);
  const name = game.i18n.format("BRINK.Exploration.Card.corruption.item", { attribute: label });
  const steps = stepsBetween(storedRating(attribute.before), storedRating(attribute.after));
  return {
    name,
    type: "injury",
    img: "icons/svg/poison.svg",
    system: {
      kind: "maiming",
      attribute: key,
      heals: "gm",
      source: game.i18n.localize("BRINK.Exploration.Card.title.corruption"),
    },
    effects: [
      {
        name,
        img: "icons/svg/poison.svg",
        transfer: true,
        ...effectChangesData([
          { key: `system.attributes.${key}.steps`, type: "add", value: String(steps), priority: 20 },
        ]),
      },
    ],
  };
}

/** Ratings on a card are the rules' own; anything else reads as no die. */
const storedRating = (value: number): DieRating => (isDieRating(value) ? value : 0);

async function createCorruptionItems(checked: readonly Checked[], entries: CheckEntry[]): Promise<void> {
  for (const [index, entry] of entries.entries()) {
    const source = corruptionItem(entry);
    const actor = checked[index]?.actor;
    if (!source || !actor) continue;
    const [created] = await actor.createEmbeddedDocuments("Item", writes.Item.creates([source]));
    entry.itemId = created?.id ?? "";
  }
}

async function runChecks(
  kind: Extract<ExplorationKind, "resilience" | "corruption">,
  checked: Checked[],
  record: Omit<ChecksRecord, "entries">,
  entryOf: (one: Checked, dice: DiceSource) => CheckEntry,
): Promise<RequestResult> {
  const { result: entries, rolls } = await resolveWithFoundryDice((dice) =>
    checked.map((one) => entryOf(one, dice)),
  );
  await createCorruptionItems(checked, entries);
  const checks: ChecksRecord = { ...record, entries };
  await postExplorationCard(
    { kind, status: "applied", sceneName: "", travel: null, return: null, checks },
    rolls,
  );
  await updateActors(
    checked.map((one, index) => ({ actor: one.actor, data: writeOf(entries[index], "after") })),
  );
  return { ok: true };
}

async function handleResilience({ actorUuids }: { actorUuids: string[] }): Promise<RequestResult> {
  const checked = await checkedCharacters(actorUuids);
  if ("ok" in checked) return checked;
  const hours = travelTurns();
  const record = { hours, difficulty: RESILIENCE_BASE_DIFFICULTY, attribute: "" };
  return runChecks("resilience", checked, record, (one, dice) => resilienceEntry(one, hours, dice));
}

interface CorruptionRequest {
  actorUuids: string[];
  difficulty: number;
  attribute: Attribute | "";
}

async function handleCorruption({
  actorUuids,
  difficulty,
  attribute,
}: CorruptionRequest): Promise<RequestResult> {
  const checked = await checkedCharacters(actorUuids);
  if ("ok" in checked) return checked;
  const record = { hours: 0, difficulty, attribute };
  return runChecks("corruption", checked, record, (one, dice) =>
    corruptionEntry(one, difficulty, attribute, dice),
  );
}

const readUuids = (fields: Fields): string[] | Refusal => {
  const actorUuids = fields.uuids("actorUuids");
  if (actorUuids.length > MAX_RETURNING || new Set(actorUuids).size !== actorUuids.length)
    return badField("actorUuids");
  return actorUuids;
};

const askResilience = defineRequest({
  name: "exploration.resilience",
  who: "gm",
  parse: (fields) => {
    const actorUuids = readUuids(fields);
    return Array.isArray(actorUuids) ? { actorUuids } : actorUuids;
  },
  handle: handleResilience,
});

const askCorruption = defineRequest({
  name: "exploration.corruption",
  who: "gm",
  parse: (fields) => {
    const actorUuids = readUuids(fields);
    if (!Array.isArray(actorUuids)) return actorUuids;
    return {
      actorUuids,
      difficulty: fields.whole("difficulty", CORRUPTION_DIFFICULTY, MAX_CORRUPTION_DIFFICULTY),
      attribute: fields.oneOf("attribute", ["", ...ATTRIBUTES] as const),
    };
  },
  handle: handleCorruption,
});

export const requestResilience = (actorUuids: string[]) => askResilience({ actorUuids });
export const requestCorruption = (actorUuids: string[], difficulty: number, attribute: Attribute | "") =>
  askCorruption({ actorUuids, difficulty, attribute });
