/**
 * RULES §5 at the table: the Emergency Retreat. The active GM's client ends the combat, rolls every
 * retreating character's consequences with Foundry dice through the rules engine, and applies them:
 * one batched write for the actors, one item creation per actor (however many consequences it
 * takes), one summary card carrying the real rolls. The card is the record: a second request for
 * the same combat is refused, the GM picks dropped items from it, and its Revert restores exactly
 * what the retreat changed.
 */
import { templatePath } from "../constants";
import type { RatingState } from "../data/actor";
import { resolveWithFoundryDice, type BrinkRoll } from "../dice";
import { notifyRefusal, refuse, requestFromGM, type RequestContext, type RequestResult } from "../requests";
import { ATTRIBUTES, type Attribute, type Pool } from "../rules/characters";
import type { DiceSource, DieRating } from "../rules/dice";
import { MINOR_INJURY_SAFE_RESTS } from "../rules/rest";
import {
  applyDropChoice,
  resolveEmergencyRetreat,
  revertCharacterRetreat,
  type CarriedInjury,
  type CharacterRetreat,
  type DropItemsChoice,
  type EmergencyRetreatResolution,
  type RecoveringCharacter,
  type RetreatCharacter,
  type RetreatConsequence,
  type RetreatParty,
  type RetreatTables,
  type RollRecord,
} from "../rules/retreat";
import { optionalRules } from "../settings";
import { allowedBy, announceWrite, MODULE_HOOKS } from "../hooks/module-hooks";
import {
  consequenceItemSource,
  loadRetreatTables,
  withEffectChanges,
  type ConsequenceItemData,
  type ConsequenceKey,
  type TableKey,
} from "./tables";

// ---------------------------------------------------------------------------------------------
// Reading Brink actors as the recovery rules see them (shared with rest and morale)
// ---------------------------------------------------------------------------------------------

/** The prepared system data the recovery workflows read (every Brink actor type shares it). */
export interface RecoveryActorData {
  level: number;
  attributes: Record<Attribute, RatingState>;
  endurance: Pool;
  health: Pool;
  hitDice: { value: number; max: number; die: number };
  exhaustion: number;
  strain: Pool;
  morale: number;
  leader: boolean;
  luck: { bonus: number; deathDifficulty: number };
  conditions: Set<string>;
  death: {
    pending: string | null;
    dying: object | null;
    downed: object | null;
    injuries: { key: string; detail: unknown; permanent: boolean }[];
  };
}

interface InjuryItemData {
  kind: string;
  attribute: Attribute | null;
  penalty: number;
  progress: { value: number; max: number };
  permanent: boolean;
}
interface SetbackItemData {
  kind: string;
  endsOn: string;
}
interface PhysicalItemData {
  equipped?: boolean;
  dropped?: boolean;
}

// Brink actors and items carry Brink's data models (data/actor, data/item); read them as such.
export const recoveryData = (actor: Actor.Implementation): RecoveryActorData =>
  actor.system as unknown as RecoveryActorData;
export const injuryData = (item: Item.Implementation): InjuryItemData =>
  item.system as unknown as InjuryItemData;
export const setbackData = (item: Item.Implementation): SetbackItemData =>
  item.system as unknown as SetbackItemData;
const physicalData = (item: Item.Implementation): PhysicalItemData =>
  item.system as unknown as PhysicalItemData;

export const effectiveAttributes = (system: RecoveryActorData): Record<Attribute, DieRating> =>
  Object.fromEntries(ATTRIBUTES.map((key) => [key, system.attributes[key].value])) as Record<
    Attribute,
    DieRating
  >;

/** S2 injuries live in the death rules' list; their ids are their places in it. */
export const S2_INJURY_PREFIX = "s2:";

/** Injuries as the rules carry them: retreat injuries and wounds from items, S2 injuries from the death track. */
export function carriedInjuries(actor: Actor.Implementation): CarriedInjury[] {
  const system = recoveryData(actor);
  const injuries: CarriedInjury[] = [];
  for (const item of actor.items) {
    if (item.type !== "injury") continue;
    const data = injuryData(item);
    const id = item.id ?? "";
    if (data.kind === "serious" && data.attribute) {
      const rating = system.attributes[data.attribute];
      // The die and its effective value: what the injury (among others) stepped it down from and to.
      injuries.push({
        id,
        kind: "serious",
        attribute: data.attribute,
        from: rating.die as DieRating,
        to: rating.value,
      });
    } else if (data.kind === "minor" && data.attribute) {
      injuries.push({
        id,
        kind: "minor",
        attribute: data.attribute,
        testModifier: -data.penalty,
        safeRests: data.progress.value,
      });
    } else if (data.kind === "wound") {
      injuries.push({ id, kind: data.permanent ? "permanent" : "temporary" });
    }
  }
  system.death.injuries.forEach((injury, index) =>
    injuries.push({ id: `${S2_INJURY_PREFIX}${index}`, kind: injury.permanent ? "permanent" : "temporary" }),
  );
  return injuries;
}

/** The part of a character that retreat and rest both read. */
export function recoveringCharacter(actor: Actor.Implementation): RecoveringCharacter {
  const system = recoveryData(actor);
  return {
    id: actor.uuid,
    level: system.level,
    attributes: effectiveAttributes(system),
    endurance: { value: system.endurance.value, max: system.endurance.max },
    health: { value: system.health.value, max: system.health.max },
    hitDice: { value: system.hitDice.value, max: system.hitDice.max },
    exhaustion: system.exhaustion,
    statuses: [...system.conditions],
    injuries: carriedInjuries(actor),
  };
}

export function retreatCharacter(actor: Actor.Implementation): RetreatCharacter {
  const system = recoveryData(actor);
  return {
    ...recoveringCharacter(actor),
    luckBonus: system.luck.bonus,
    deathDifficulty: system.luck.deathDifficulty,
    items: actor.items
      .filter((item) => physicalData(item).equipped !== undefined)
      .map((item) => ({
        id: item.id ?? "",
        worn: physicalData(item).equipped === true,
        dropped: physicalData(item).dropped === true,
      })),
  };
}

/**
 * Linked world actors in one batched write; token actors (unlinked) each in their own, since a
 * batch can only address documents of one collection.
 */
export async function updateActors(
  updates: readonly { actor: Actor.Implementation; data: Record<string, unknown> }[],
): Promise<void> {
  const batched = updates.filter(
    ({ actor, data }) =>
      Object.keys(data).length > 0 && !actor.isToken && game.actors.get(actor.id ?? "") === actor,
  );
  if (batched.length > 0) {
    // A batch of flattened actor changes, as Actor.update takes them.
    await Actor.implementation.updateDocuments(
      batched.map(({ actor, data }) => ({ _id: actor.id, ...data })) as never,
    );
  }
  for (const { actor, data } of updates) {
    if (!batched.some((entry) => entry.actor === actor) && Object.keys(data).length > 0)
      await actor.update(data as never);
  }
}

export async function actorFrom(uuid: string): Promise<Actor.Implementation | null> {
  const document = await fromUuid(uuid);
  // Every actor in a Brink world is a BrinkActor (the configured class).
  return document instanceof Actor ? (document as unknown as Actor.Implementation) : null;
}

export const text = (payload: Record<string, unknown>, key: string): string => {
  const value = payload[key];
  return typeof value === "string" ? value : "";
};
export const texts = (payload: Record<string, unknown>, key: string): string[] => {
  const value = payload[key];
  return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === "string") : [];
};

/** Conditions in their prior order where they survive, then any new ones. */
export function orderedConditions(prior: readonly string[], next: ReadonlySet<string>): string[] {
  return [
    ...prior.filter((condition) => next.has(condition)),
    ...[...next].filter((c) => !prior.includes(c)),
  ];
}

// ---------------------------------------------------------------------------------------------
// The party of a combat
// ---------------------------------------------------------------------------------------------

const FRIENDLY = 1;

export interface PartyMember {
  actor: Actor.Implementation;
  name: string;
  img: string;
}

function dispositionOf(combatant: Combatant.Implementation): number {
  return combatant.token?.disposition ?? combatant.actor?.prototypeToken?.disposition ?? 0;
}

export function groupIdOf(combatant: Combatant.Implementation): string | null {
  const group: unknown = combatant.group;
  if (typeof group === "string") return group || null;
  return typeof group === "object" && group !== null && "id" in group && typeof group.id === "string"
    ? group.id
    : null;
}

/**
 * The party team: the team made for friendly tokens (or named as the party), else every combatant
 * with a friendly token. Each actor once.
 */
export function partyMembers(combat: Combat.Implementation): PartyMember[] {
  const partyName = game.i18n.localize("BRINK.Combat.Team.party");
  const party = [...combat.groups].find(
    (group) =>
      foundry.utils.getProperty(group, "system.disposition") === FRIENDLY || group.name === partyName,
  );
  const combatants = [...combat.combatants].filter((combatant) =>
    party ? groupIdOf(combatant) === party.id : dispositionOf(combatant) === FRIENDLY,
  );
  const members = new Map<string, PartyMember>();
  for (const combatant of combatants) {
    const actor = combatant.actor;
    if (!actor || members.has(actor.uuid)) continue;
    members.set(actor.uuid, {
      actor,
      name: combatant.name ?? actor.name,
      img: combatant.img ?? actor.img ?? "icons/svg/mystery-man.svg",
    });
  }
  return [...members.values()];
}

// ---------------------------------------------------------------------------------------------
// The card's record
// ---------------------------------------------------------------------------------------------

export interface DropRecord {
  choice: DropItemsChoice;
  candidates: { id: string; name: string }[];
  /** The items the GM picked, or null while the choice is open. */
  picked: string[] | null;
}

export interface RetreatCharacterRecord {
  actorUuid: string;
  name: string;
  img: string;
  result: CharacterRetreat;
  createdItemIds: string[];
  /** Names of the created items, for the card. */
  createdItemNames: string[];
  drops: DropRecord[];
  /** What this layer changed beyond the rules' update: conditions it ended, the death track it settled. */
  priorConditions: string[];
  removedConditions: string[];
  priorDeath: { pending: string | null; dying: object | null; downed: object | null } | null;
}

export interface RetreatRecord {
  combatId: string;
  resolutionId: string;
  status: "applied" | "reverted";
  appliedBy: string;
  characters: RetreatCharacterRecord[];
  fallbacks: TableKey[];
}

const FLAG = "retreat";

/** One of Brink's own flags on a document, as written by this module (plain JSON). */
export function brinkFlag(document: { readonly flags: object }, key: string): unknown {
  return foundry.utils.getProperty(document.flags, `brink.${key}`);
}

export function retreatRecordOf(message: ChatMessage.Implementation): RetreatRecord | null {
  // Written by this module only, as plain JSON.
  const record = brinkFlag(message, FLAG) as RetreatRecord | undefined;
  return record && typeof record === "object" && Array.isArray(record.characters) ? record : null;
}

export function findRetreatCard(combatId: string): ChatMessage.Implementation | undefined {
  return game.messages.find((message) => retreatRecordOf(message)?.combatId === combatId);
}

// ---------------------------------------------------------------------------------------------
// The card's view
// ---------------------------------------------------------------------------------------------

const localize = (key: string): string => game.i18n.localize(key);
const format = (key: string, data: Record<string, string | number>): string =>
  game.i18n.format(key, Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)])));
export const attributeLabel = (attribute: Attribute): string =>
  localize(`BRINK.Attribute.${attribute}.label`);
export const dieLabel = (rating: number): string => (rating > 0 ? `d${rating}` : "—");

const PURPOSE_KEYS: Record<string, string> = {
  "retreat-table": "BRINK.Retreat.Purpose.retreatTable",
  "setback-table": "BRINK.Retreat.Purpose.setbackTable",
  "death-luck": "BRINK.Retreat.Purpose.deathLuck",
  "serious-attribute": "BRINK.Retreat.Purpose.seriousAttribute",
  "serious-repick": "BRINK.Retreat.Purpose.seriousRepick",
  "minor-attribute": "BRINK.Retreat.Purpose.minorAttribute",
  "attrition-damage": "BRINK.Retreat.Purpose.attrition",
  "dropped-count": "BRINK.Retreat.Purpose.droppedCount",
  "hit-die": "BRINK.Rest.Card.hitDie",
};

export interface RollLineView {
  label: string;
  tone: "success" | "failure" | "";
  showTotal: boolean;
  dice: { size: number; face: number; max: boolean; min: boolean }[];
  total: number;
  modifier: string;
  target: number | null;
  success: boolean | null;
}

export function rollLineView(record: RollRecord): RollLineView {
  return {
    label: localize(PURPOSE_KEYS[record.purpose] ?? record.purpose),
    tone: record.success === undefined ? "" : record.success ? "success" : "failure",
    showTotal: record.faces.length > 1 || record.modifier !== 0,
    dice: record.faces.map((face) => ({
      size: record.die,
      face,
      max: face === record.die,
      min: face === 1,
    })),
    total: record.total,
    modifier: record.modifier ? (record.modifier > 0 ? `+${record.modifier}` : `−${-record.modifier}`) : "",
    target: record.target ?? null,
    success: record.success ?? null,
  };
}

function consequenceText(consequence: RetreatConsequence, drops: readonly DropRecord[]): string {
  switch (consequence.key) {
    case "serious-injury":
      return format("BRINK.Retreat.Consequence.seriousInjury", {
        attribute: attributeLabel(consequence.attribute),
        from: dieLabel(consequence.from),
        to: dieLabel(consequence.to),
      });
    case "no-attribute-left":
      return localize("BRINK.Retreat.Consequence.noAttributeLeft");
    case "minor-injury":
      return format("BRINK.Retreat.Consequence.minorInjury", {
        attribute: attributeLabel(consequence.attribute),
      });
    case "exhaustion":
      return consequence.from === consequence.to
        ? format("BRINK.Retreat.Consequence.exhaustionCapped", { from: consequence.from })
        : format("BRINK.Retreat.Consequence.exhaustion", { from: consequence.from, to: consequence.to });
    case "drop-items": {
      const { choice } = consequence;
      if (choice.count === 0) return localize("BRINK.Retreat.Consequence.dropNone");
      const record = drops.find((drop) => drop.choice.id === choice.id);
      const picked = record?.picked;
      if (!picked) return format("BRINK.Retreat.Consequence.dropItems", { count: choice.count });
      const names = picked.map((id) => record.candidates.find((c) => c.id === id)?.name ?? id);
      return format("BRINK.Retreat.Consequence.dropped", { items: names.join(", ") });
    }
    case "separated":
      return localize("BRINK.Retreat.Consequence.separated");
    case "disoriented":
      return localize("BRINK.Retreat.Consequence.disoriented");
    case "attrition": {
      const line = format("BRINK.Retreat.Consequence.attrition", {
        damage: consequence.damage,
        endurance: consequence.enduranceLost,
        health: consequence.healthLost,
        hitDice: consequence.hitDiceLost,
      });
      return consequence.stable ? `${line} ${localize("BRINK.Retreat.Consequence.attritionStable")}` : line;
    }
    case "stable-at-zero":
      return localize("BRINK.Retreat.Consequence.stableAtZero");
  }
}

const outcomeTone = (key: RetreatConsequence["key"]): string =>
  key === "serious-injury" || key === "attrition" ? "bad" : key === "stable-at-zero" ? "good" : "warn";

export function retreatCardView(record: RetreatRecord) {
  const reverted = record.status === "reverted";
  const characters = record.characters.map((entry) => {
    const { result } = entry;
    const openDrops = entry.drops.filter((drop) => drop.picked === null);
    return {
      name: entry.name,
      img: entry.img,
      actorUuid: entry.actorUuid,
      downed: result.downed,
      deathLuck: result.deathLuck
        ? format("BRINK.Retreat.Card.deathLuck", {
            successes: result.deathLuck.successes,
            failures: result.deathLuck.failures,
          })
        : "",
      rolls: result.rolls.map(rollLineView),
      consequences: result.consequences.map((consequence) => ({
        text: consequenceText(consequence, entry.drops),
        tone: outcomeTone(consequence.key),
      })),
      items: entry.createdItemNames,
      openDrops: reverted
        ? []
        : openDrops.map((drop) => ({ choiceId: drop.choice.id, count: drop.choice.count })),
    };
  });
  const separated = record.characters.some((entry) => entry.result.setbacks.includes("separated"));
  return {
    title: localize("BRINK.Retreat.title"),
    subtitle: format("BRINK.Retreat.Card.subtitle", { count: record.characters.length }),
    characters,
    reverted,
    applied: !reverted,
    canReunite: !reverted && separated,
    fallbacks: record.fallbacks.length > 0 ? localize("BRINK.Retreat.Card.defaultTables") : "",
  };
}

async function renderRetreatCard(record: RetreatRecord): Promise<string> {
  return foundry.applications.handlebars.renderTemplate(
    templatePath("chat/retreat-card.hbs"),
    retreatCardView(record),
  );
}

async function rewriteCard(message: ChatMessage.Implementation, record: RetreatRecord): Promise<void> {
  const content = await renderRetreatCard(record);
  // The record is plain JSON in the card's flags.
  await message.update({ content, flags: { brink: { [FLAG]: record } } } as never);
}

// ---------------------------------------------------------------------------------------------
// Resolution (the active GM's client)
// ---------------------------------------------------------------------------------------------

/** The d20s are death luck tests; the other dice pick rows, attributes and damage. */
const retreatPurpose = (_index: number, faces: number): "luck" | "pick" => (faces === 20 ? "luck" : "pick");

/** Replays evaluated one-die Foundry rolls ("1dN") as a dice source, checking each size. */
function replayRolls(rolls: readonly BrinkRoll[]): DiceSource {
  let index = 0;
  return {
    roll(faces) {
      const roll = rolls[index];
      const size = Number(/d(\d+)/.exec(roll?.formula ?? "")?.[1]);
      if (!roll || size !== faces) throw new Error(`retreat replay out of step at die ${index + 1}`);
      index += 1;
      return Number(roll.total);
    },
  };
}

/**
 * Every character's dice, rolled through Foundry one character at a time (so no rule replays more
 * than its own few dice), then the whole party resolved once from those faces.
 */
async function rollRetreat(
  party: RetreatParty,
  tables: RetreatTables,
): Promise<{ resolution: EmergencyRetreatResolution; rolls: BrinkRoll[] }> {
  const rolls: BrinkRoll[] = [];
  for (const character of party.characters) {
    const rolled = await resolveWithFoundryDice(
      (dice) => resolveEmergencyRetreat({ key: party.key, characters: [character] }, tables, dice),
      retreatPurpose,
    );
    rolls.push(...rolled.rolls);
  }
  return { resolution: resolveEmergencyRetreat(party, tables, replayRolls(rolls)), rolls };
}

const STEP_CHANGE = (attribute: Attribute) => ({
  key: `system.attributes.${attribute}.steps`,
  mode: CONST.ACTIVE_EFFECT_MODES.ADD,
  value: "1",
});
const BONUS_CHANGE = (attribute: Attribute, modifier: number) => ({
  key: `system.attributes.${attribute}.bonus`,
  mode: CONST.ACTIVE_EFFECT_MODES.ADD,
  value: String(modifier),
});
const DISORIENTED_CHANGES = () =>
  ["notice", "investigate"].map((skill) => ({
    key: `system.skills.${skill}.disadvantage`,
    mode: CONST.ACTIVE_EFFECT_MODES.ADD,
    value: "1",
  }));

/** Copies each linked compendium item once per retreat. */
class ItemSources {
  readonly #cache = new Map<ConsequenceKey, Promise<ConsequenceItemData>>();
  constructor(readonly links: Record<ConsequenceKey, string>) {}
  get(key: ConsequenceKey): Promise<ConsequenceItemData> {
    let source = this.#cache.get(key);
    if (!source) {
      source = consequenceItemSource(key, this.links[key]);
      this.#cache.set(key, source);
    }
    return source.then((data) => structuredClone(data));
  }
}

const originFlags = (resolutionId: string, injuryId: string | null) => ({
  brink: { retreat: { resolutionId, injuryId } },
});

/**
 * The items one character receives. A serious injury's step-down exists only as the effect on its
 * item (the attribute itself is never written), so ending the injury restores the die.
 */
async function consequenceItems(
  actor: Actor.Implementation,
  result: CharacterRetreat,
  resolutionId: string,
  sources: ItemSources,
): Promise<ConsequenceItemData[]> {
  const items: ConsequenceItemData[] = [];
  for (const injury of result.update.createInjuries) {
    if (injury.kind !== "serious" && injury.kind !== "minor") continue;
    const key: ConsequenceKey = injury.kind === "serious" ? "serious-injury" : "minor-injury";
    const source = await sources.get(key);
    const name = format("BRINK.Retreat.Item.named", {
      name: source.name,
      attribute: attributeLabel(injury.attribute),
    });
    const system: Record<string, unknown> = {
      ...source.system,
      kind: injury.kind,
      attribute: injury.attribute,
      penalty: 1,
    };
    if (injury.kind === "minor") system.progress = { value: injury.safeRests, max: MINOR_INJURY_SAFE_RESTS };
    const change =
      injury.kind === "serious"
        ? STEP_CHANGE(injury.attribute)
        : BONUS_CHANGE(injury.attribute, injury.testModifier);
    items.push(
      withEffectChanges(
        {
          ...source,
          name,
          system,
          flags: { ...source.flags, ...originFlags(resolutionId, injury.id) },
        },
        name,
        [change],
      ),
    );
  }
  const carried = new Set(
    actor.items.filter((item) => item.type === "setback").map((item) => setbackData(item).kind),
  );
  for (const setback of ["separated", "disoriented"] as const) {
    if (!result.setbacks.includes(setback) || carried.has(setback)) continue;
    const source = await sources.get(setback);
    const data = { ...source, flags: { ...source.flags, ...originFlags(resolutionId, null) } };
    items.push(
      setback === "disoriented" ? withEffectChanges(data, source.name, DISORIENTED_CHANGES()) : data,
    );
  }
  return items;
}

/** A downed character ends stable: the death rules' track is settled and dying ends. */
const SETTLED_CONDITIONS = ["dying"];

function actorChanges(actor: Actor.Implementation, result: CharacterRetreat) {
  const system = recoveryData(actor);
  const { changes, addStatuses } = result.update;
  const data: Record<string, unknown> = {};
  if (changes.endurance !== undefined) data["system.endurance.value"] = changes.endurance;
  if (changes.health !== undefined) data["system.health.value"] = changes.health;
  if (changes.hitDice !== undefined) data["system.hitDice.value"] = changes.hitDice;
  if (changes.exhaustion !== undefined) data["system.exhaustion"] = changes.exhaustion;
  const priorConditions = [...system.conditions];
  const next = new Set([...priorConditions, ...addStatuses]);
  const removedConditions = result.downed
    ? SETTLED_CONDITIONS.filter((condition) => next.delete(condition))
    : [];
  if (addStatuses.length > 0 || removedConditions.length > 0)
    data["system.conditions"] = orderedConditions(priorConditions, next);
  const { pending, dying, downed } = system.death;
  const settles = result.downed && (pending !== null || dying !== null || downed !== null);
  if (settles) {
    data["system.death.pending"] = null;
    data["system.death.dying"] = null;
    data["system.death.downed"] = null;
  }
  return {
    data,
    priorConditions,
    removedConditions,
    priorDeath: settles ? { pending, dying: structuredClone(dying), downed: structuredClone(downed) } : null,
  };
}

const candidateNames = (actor: Actor.Implementation, choice: DropItemsChoice) =>
  choice.candidateIds.map((id) => ({ id, name: actor.items.get(id)?.name ?? id }));

async function handleResolve(
  payload: Record<string, unknown>,
  { user }: RequestContext,
): Promise<RequestResult> {
  if (!user.isGM) return refuse("BRINK.Retreat.Refusal.gmOnly");
  const found = findRetreatParty(payload);
  if ("ok" in found) return found;
  const { combat, chosen } = found;
  const actors = chosen.map((member) => member.actor);
  const context = { userId: user.id ?? "" };
  if (!allowedBy(MODULE_HOOKS.preRetreat, combat, actors, context))
    return refuse("BRINK.Hooks.Cancelled.retreat");
  const loaded = await loadRetreatTables();
  const party: RetreatParty = {
    key: combat.id ?? "",
    characters: chosen.map((m) => retreatCharacter(m.actor)),
  };
  const { resolution, rolls } = await rollRetreat(party, loaded.tables);
  const sources = new ItemSources(loaded.links);
  const prepared = await Promise.all(
    resolution.characters.map(async (result, index) => {
      const member = chosen[index] as PartyMember;
      return {
        member,
        result,
        changes: actorChanges(member.actor, result),
        items: await consequenceItems(member.actor, result, resolution.id, sources),
      };
    }),
  );
  // The downed are settled before the fight ends, so no dying or downed clock runs out as it does:
  // nobody dies from an Emergency Retreat.
  await updateActors(prepared.map(({ member, changes }) => ({ actor: member.actor, data: changes.data })));
  const characters: RetreatCharacterRecord[] = [];
  for (const { member, result, changes, items } of prepared) {
    const created =
      items.length > 0 ? await member.actor.createEmbeddedDocuments("Item", items as never) : [];
    characters.push({
      actorUuid: member.actor.uuid,
      name: member.name,
      img: member.img,
      result,
      createdItemIds: created.map((item) => item.id ?? ""),
      createdItemNames: created.map((item) => item.name),
      drops: result.pendingChoices.map((choice) => ({
        choice,
        candidates: candidateNames(member.actor, choice),
        picked: null,
      })),
      priorConditions: changes.priorConditions,
      removedConditions: changes.removedConditions,
      priorDeath: changes.priorDeath,
    });
  }
  // The turn in progress finishes and the fight ends.
  if (typeof combat.resolveEnd === "function") await combat.resolveEnd(user);
  await combat.delete();
  const record: RetreatRecord = {
    combatId: combat.id ?? "",
    resolutionId: resolution.id,
    status: "applied",
    appliedBy: user.id ?? "",
    characters,
    fallbacks: loaded.fallbacks,
  };
  const message = await ChatMessage.implementation.create({
    content: await renderRetreatCard(record),
    rolls,
    speaker: { alias: localize("BRINK.Retreat.title") },
    flags: { brink: { [FLAG]: record } },
    sound: CONFIG.sounds?.dice,
    // The card's record is plain JSON in its flags; the rolls are Foundry's own.
  } as never);
  announceWrite(MODULE_HOOKS.retreat, combat, actors, { ...context, messageId: message?.id ?? "" });
  const done: RequestResult<{ messageId: string }> = { ok: true, messageId: message?.id ?? "" };
  return done;
}

/** The combat and the chosen party members a request names, or why it cannot go ahead. */
function findRetreatParty(
  payload: Record<string, unknown>,
): { combat: Combat.Implementation; chosen: PartyMember[] } | RequestResult {
  if (!optionalRules().emergencyRetreat) return refuse("BRINK.Retreat.Refusal.disabled");
  const combatId = text(payload, "combatId");
  if (findRetreatCard(combatId)) return refuse("BRINK.Retreat.Refusal.alreadyRetreated");
  // Brink registers BrinkCombat as the Combat class; the collection's stored type does not say so.
  const combat = game.combats.get(combatId) as Combat.Implementation | undefined;
  if (!combat) return refuse("BRINK.Retreat.Refusal.noCombat");
  const requested = new Set(texts(payload, "actorUuids"));
  if (requested.size === 0) return refuse("BRINK.Retreat.Refusal.nobody");
  const chosen = partyMembers(combat).filter((member) => requested.has(member.actor.uuid));
  if (chosen.length !== requested.size) return refuse("BRINK.Retreat.Refusal.notInParty");
  return { combat, chosen };
}

// --- a player's request --------------------------------------------------------------------------

export interface RetreatRequestRecord {
  combatId: string;
  actorUuids: string[];
  userId: string;
}
const REQUEST_FLAG = "retreatRequest";

export function retreatRequestOf(message: ChatMessage.Implementation): RetreatRequestRecord | null {
  // Written by this module only, as plain JSON.
  const record = brinkFlag(message, REQUEST_FLAG) as RetreatRequestRecord | undefined;
  return record && typeof record === "object" && Array.isArray(record.actorUuids) ? record : null;
}

/** A player asks: the GMs get a whispered card to confirm it from. Nothing else changes. */
async function handleRequest(
  payload: Record<string, unknown>,
  { user }: RequestContext,
): Promise<RequestResult> {
  const found = findRetreatParty(payload);
  if ("ok" in found) return found;
  const { combat, chosen } = found;
  const owned = partyMembers(combat).some((member) => member.actor.testUserPermission(user, "OWNER"));
  if (!user.isGM && !owned) return refuse("BRINK.Retreat.Refusal.notYourParty");
  const record: RetreatRequestRecord = {
    combatId: combat.id ?? "",
    actorUuids: chosen.map((member) => member.actor.uuid),
    userId: user.id ?? "",
  };
  const content = await foundry.applications.handlebars.renderTemplate(
    templatePath("chat/retreat-request.hbs"),
    {
      title: localize("BRINK.Retreat.title"),
      text: format("BRINK.Retreat.Request.text", {
        user: user.name ?? "",
        names: chosen.map((member) => member.name).join(", "),
      }),
    },
  );
  await ChatMessage.implementation.create({
    content,
    speaker: { alias: user.name ?? "" },
    whisper: ChatMessage.implementation.getWhisperRecipients("GM").map((gm) => gm.id),
    flags: { brink: { [REQUEST_FLAG]: record } },
    // A whispered notice whose record is plain JSON in its flags.
  } as never);
  return { ok: true };
}

// --- the GM's choices afterwards ------------------------------------------------------------------

async function cardFrom(payload: Record<string, unknown>) {
  const message = game.messages.get(text(payload, "messageId"));
  const record = message ? retreatRecordOf(message) : null;
  return message && record ? { message, record } : null;
}

async function handleDrop(
  payload: Record<string, unknown>,
  { user }: RequestContext,
): Promise<RequestResult> {
  if (!user.isGM) return refuse("BRINK.Retreat.Refusal.gmOnly");
  const card = await cardFrom(payload);
  if (!card) return refuse("BRINK.Retreat.Refusal.noCard");
  if (card.record.status !== "applied") return refuse("BRINK.Retreat.Refusal.reverted");
  const choiceId = text(payload, "choiceId");
  const entry = card.record.characters.find((c) => c.drops.some((drop) => drop.choice.id === choiceId));
  const drop = entry?.drops.find((d) => d.choice.id === choiceId);
  if (!entry || !drop) return refuse("BRINK.Retreat.Refusal.noChoice");
  if (drop.picked !== null) return refuse("BRINK.Retreat.Refusal.choiceTaken");
  const picked = texts(payload, "itemIds");
  const checked = applyDropChoice(drop.choice, picked);
  if (!checked.ok)
    return refuse(`BRINK.Retreat.Refusal.drop.${checked.reason}`, { count: String(drop.choice.count) });
  const actor = await actorFrom(entry.actorUuid);
  if (!actor) return refuse("BRINK.Retreat.Refusal.actorGone");
  const items = checked.drops.map((d) => actor.items.get(d.itemId));
  if (items.some((item) => !item || physicalData(item).dropped))
    return refuse("BRINK.Retreat.Refusal.itemGone");
  await markDropped(
    actor,
    checked.drops.map((d) => d.itemId),
    true,
  );
  drop.picked = picked;
  await rewriteCard(card.message, card.record);
  return { ok: true };
}

/** Marks items dropped or picked up again, in one batched write (RULES §5: never deleted). */
async function markDropped(
  actor: Actor.Implementation,
  itemIds: readonly string[],
  dropped: boolean,
): Promise<void> {
  if (!itemIds.length) return;
  // Item updates by id with a partial system; fvtt-types cannot see Brink's item models here.
  await actor.updateEmbeddedDocuments("Item", itemIds.map((_id) => ({ _id, system: { dropped } })) as never);
}

async function handleRevert(
  payload: Record<string, unknown>,
  { user }: RequestContext,
): Promise<RequestResult> {
  if (!user.isGM) return refuse("BRINK.Retreat.Refusal.gmOnly");
  const card = await cardFrom(payload);
  if (!card) return refuse("BRINK.Retreat.Refusal.noCard");
  if (card.record.status !== "applied") return refuse("BRINK.Retreat.Refusal.reverted");
  const updates: { actor: Actor.Implementation; data: Record<string, unknown> }[] = [];
  const itemWork: { actor: Actor.Implementation; remove: string[]; undrop: string[] }[] = [];
  for (const entry of card.record.characters) {
    const actor = await actorFrom(entry.actorUuid);
    if (!actor) continue;
    const revert = revertCharacterRetreat(entry.result, retreatCharacter(actor));
    const data: Record<string, unknown> = {};
    const { changes } = revert;
    if (changes.endurance !== undefined) data["system.endurance.value"] = changes.endurance;
    if (changes.health !== undefined) data["system.health.value"] = changes.health;
    if (changes.hitDice !== undefined) data["system.hitDice.value"] = changes.hitDice;
    if (changes.exhaustion !== undefined) data["system.exhaustion"] = changes.exhaustion;
    if (revert.removeStatuses.length > 0 || entry.removedConditions.length > 0) {
      const next = new Set(recoveryData(actor).conditions);
      revert.removeStatuses.forEach((status) => next.delete(status));
      entry.removedConditions.forEach((condition) => next.add(condition));
      data["system.conditions"] = orderedConditions(entry.priorConditions, next);
    }
    if (entry.priorDeath) {
      data["system.death.pending"] = entry.priorDeath.pending;
      data["system.death.dying"] = entry.priorDeath.dying;
      data["system.death.downed"] = entry.priorDeath.downed;
    }
    updates.push({ actor, data });
    const picked = new Set(entry.drops.flatMap((drop) => drop.picked ?? []));
    itemWork.push({
      actor,
      remove: entry.createdItemIds.filter((id) => actor.items.has(id)),
      undrop: [...picked].filter((id) => {
        const item = actor.items.get(id);
        return item !== undefined && physicalData(item).dropped === true;
      }),
    });
  }
  await updateActors(updates);
  for (const { actor, remove, undrop } of itemWork) {
    if (remove.length > 0) await actor.deleteEmbeddedDocuments("Item", remove);
    await markDropped(actor, undrop, false);
  }
  card.record.status = "reverted";
  await rewriteCard(card.message, card.record);
  return { ok: true };
}

/** Separated ends when the GM reunites the party: the condition and its setback items go. */
async function handleReunite(
  _payload: Record<string, unknown>,
  { user }: RequestContext,
): Promise<RequestResult> {
  if (!user.isGM) return refuse("BRINK.Retreat.Refusal.gmOnly");
  const separated = game.actors.filter(
    (actor) =>
      recoveryData(actor).conditions?.has("separated") === true ||
      [...actor.items].some((item) => item.type === "setback" && setbackData(item).endsOn === "reunited"),
  );
  if (separated.length === 0) return refuse("BRINK.Retreat.Refusal.nobodySeparated");
  await updateActors(
    separated.map((actor) => {
      const prior = [...recoveryData(actor).conditions];
      const next = new Set(prior);
      return next.delete("separated")
        ? { actor, data: { "system.conditions": orderedConditions(prior, next) } }
        : { actor, data: {} };
    }),
  );
  for (const actor of separated) {
    const ids = actor.items
      .filter((item) => item.type === "setback" && setbackData(item).endsOn === "reunited")
      .map((item) => item.id ?? "");
    if (ids.length > 0) await actor.deleteEmbeddedDocuments("Item", ids);
  }
  const content = await foundry.applications.handlebars.renderTemplate(
    templatePath("chat/reunite-card.hbs"),
    {
      title: localize("BRINK.Retreat.Reunite.title"),
      text: format("BRINK.Retreat.Reunite.text", { names: separated.map((actor) => actor.name).join(", ") }),
    },
  );
  await ChatMessage.implementation.create({ content, speaker: { alias: localize("BRINK.Retreat.title") } });
  return { ok: true };
}

export const RETREAT_REQUESTS = {
  "retreat.resolve": handleResolve,
  "retreat.request": handleRequest,
  "retreat.drop": handleDrop,
  "retreat.revert": handleRevert,
  "retreat.reunite": handleReunite,
} as const;

// ---------------------------------------------------------------------------------------------
// Asking (any client); each shows a refusal to the user who asked
// ---------------------------------------------------------------------------------------------

async function ask<T extends object = object>(
  name: keyof typeof RETREAT_REQUESTS,
  payload: Record<string, unknown>,
) {
  const result = await requestFromGM<T>(name, payload);
  notifyRefusal(result);
  return result;
}

export const requestRetreat = (combatId: string, actorUuids: string[]) =>
  ask<{ messageId: string }>("retreat.resolve", { combatId, actorUuids });
export const askForRetreat = (combatId: string, actorUuids: string[]) =>
  ask("retreat.request", { combatId, actorUuids });
export const requestDrop = (messageId: string, choiceId: string, itemIds: string[]) =>
  ask("retreat.drop", { messageId, choiceId, itemIds });
export const requestRetreatRevert = (messageId: string) => ask("retreat.revert", { messageId });
export const requestReunite = () => ask("retreat.reunite", {});
