/**
 * RULES §6: the injuries the death rules roll become items on the character, copied from the
 * compendium item that the RollTable result links to. The rules decide the face; the tables (found
 * by their stable flag in the `brink.tables` pack) decide what that face gives, so a GM who edits
 * a table or its items changes what characters receive.
 */
import { SYSTEM_ID } from "../constants";
import type { Step } from "../rules/damage-chain";
import { InjuryData, itemData } from "../data";
import {
  packTables,
  type TableDocument as TableLike,
  type TableResultDocument as TableResultLike,
} from "./tables";
import { INJURY_SOURCE } from "../helpers/lang-keys";
import { writes } from "../foundry/typed-writes";

const brink = (flags: Record<string, unknown>): Record<string, unknown> =>
  (flags[SYSTEM_ID] as Record<string, unknown> | undefined) ?? {};

async function tablesByKey(): Promise<Map<string, TableLike>> {
  const documents = await packTables();
  return new Map(
    documents.flatMap((t) =>
      typeof brink(t.flags).table === "string" ? [[String(brink(t.flags).table), t]] : [],
    ),
  );
}

function resultAt(table: TableLike | undefined, face: number): TableResultLike | undefined {
  return table ? [...table.results].find((r) => face >= r.range[0] && face <= r.range[1]) : undefined;
}

/** The linked item's creation data, marked with where it came from and whether it is permanent. */
async function itemFrom(uuid: string | null | undefined, source: string, permanent: boolean) {
  if (!uuid) return null;
  const document = await fromUuid(uuid);
  if (!(document instanceof Item)) {
    console.warn(`Brink | the injury item ${uuid} cannot be found; the injury is listed on the card only.`);
    return null;
  }
  // An Item's plain source is the shape Item creation takes; a copy gets a new id.
  const { _id: _copied, ...data } = document.toObject();
  const injury = itemData(document, InjuryData);
  return {
    ...data,
    system: { ...data.system, source, permanent: permanent || injury?.permanent === true },
    _stats: { compendiumSource: uuid },
  };
}

type InjuryStep = Extract<Step, { kind: "s1-injury" | "injury" }>;

/** The compendium item a rolled injury gives: the table result at its face (and sub-roll). */
function injuryUuid(tables: Map<string, TableLike>, step: InjuryStep): string | null {
  if (step.kind === "s1-injury") {
    if (step.result.kind === "heal" || step.result.kind === "dead") return null;
    return resultAt(tables.get("injury-s1"), step.face)?.documentUuid ?? null;
  }
  let result = resultAt(tables.get("injury-s2"), step.face);
  const subtable = result ? brink(result.flags).subtable : undefined;
  if (typeof subtable === "string" && step.subRoll !== null)
    result = resultAt(tables.get(subtable), step.subRoll);
  return result?.documentUuid ?? null;
}

const injurySteps = (steps: readonly Step[]): InjuryStep[] =>
  steps.filter((s): s is InjuryStep => s.kind === "s1-injury" || s.kind === "injury");

/** Items for the new injuries among a rule's steps: S1's d20 lasting injuries and S2's d12 wounds. */
export async function injuryItemsFor(steps: readonly Step[]): Promise<Record<string, unknown>[]> {
  const fresh = injurySteps(steps).filter((s) => s.kind === "s1-injury" || !s.repeated);
  if (!fresh.length) return [];
  const tables = await tablesByKey();
  const items: Record<string, unknown>[] = [];
  for (const step of fresh) {
    const dying = step.kind === "injury";
    const source = game.i18n.localize(INJURY_SOURCE[dying ? "dying" : "stabilise"]);
    // S1's lasting injuries stay, except the one that lasts only until the next night's rest.
    const permanent = dying ? step.permanent : step.result.kind !== "disadvantage-until-rest";
    const item = await itemFrom(injuryUuid(tables, step), source, permanent);
    if (item) items.push(item);
  }
  return items;
}

/** What the items changed, so a revert can undo it: items created, and items made permanent. */
export interface InjuryItemChanges {
  created: string[];
  madePermanent: string[];
}

/** A wound the character carries that has not become permanent. */
const isTemporaryWound = (item: Item.Implementation) => {
  const injury = itemData(item, InjuryData);
  return injury?.kind === "wound" && !injury.permanent;
};

/**
 * Wounds that become permanent (S2): rolling an injury the character still has makes that one
 * permanent (no second copy); dying while injured makes every wound permanent.
 */
async function woundsMadePermanent(actor: Actor.Implementation, steps: readonly Step[]): Promise<string[]> {
  const wounds = actor.items.contents.filter(isTemporaryWound);
  const ids = (list: Item.Implementation[]) => list.flatMap((w) => (w.id ? [w.id] : []));
  if (steps.some((s) => s.kind === "injuries-permanent")) return ids(wounds);
  const repeats = injurySteps(steps).filter((s) => s.kind === "injury" && s.repeated);
  if (!repeats.length) return [];
  const tables = await tablesByKey();
  const sources = new Set(repeats.map((step) => injuryUuid(tables, step)));
  // Brink's items keep the compendium entry they came from in _stats, as Foundry's copies do.
  return ids(wounds.filter((w) => sources.has(w._stats.compendiumSource ?? null)));
}

/** Creates and updates the injury items a rule's steps call for: at most two writes. */
export async function applyInjuryItems(
  actor: Actor.Implementation,
  steps: readonly Step[],
): Promise<InjuryItemChanges> {
  const madePermanent = await woundsMadePermanent(actor, steps);
  if (madePermanent.length) {
    const updates = madePermanent.map((_id) => ({ _id, system: { permanent: true } }));
    await actor.updateEmbeddedDocuments("Item", writes.Item.updates(updates));
  }
  const items = await injuryItemsFor(steps);
  const created = items.length
    ? await actor.createEmbeddedDocuments("Item", writes.Item.restores(items))
    : [];
  return { created: created.flatMap((item) => (item.id ? [item.id] : [])), madePermanent };
}

/** Undoes applyInjuryItems: deletes what it created, and makes temporary again what it made permanent. */
export async function revertInjuryItems(
  actor: Actor.Implementation,
  changes: Partial<InjuryItemChanges>,
): Promise<void> {
  const created = (changes.created ?? []).filter((id) => actor.items.has(id));
  if (created.length) await actor.deleteEmbeddedDocuments("Item", created);
  const permanent = (changes.madePermanent ?? []).filter((id) => actor.items.has(id));
  if (permanent.length) {
    const updates = permanent.map((_id) => ({ _id, system: { permanent: false } }));
    await actor.updateEmbeddedDocuments("Item", writes.Item.updates(updates));
  }
}
