/**
 * RULES §6: the injuries the death rules roll become items on the character, copied from the
 * compendium item that the RollTable result links to. The rules decide the face; the tables (found
 * by their stable flag in the `brink.tables` pack) decide what that face gives, so a GM who edits
 * a table or its items changes what characters receive.
 */
import { SYSTEM_ID } from "../constants";
import type { Step } from "../rules/damage-chain";
import { TABLES_PACK } from "./tables";

interface TableResultLike {
  range: [number, number];
  documentUuid?: string | null;
  flags: Record<string, unknown>;
}
interface TableLike {
  flags: Record<string, unknown>;
  results: Iterable<TableResultLike>;
}

const brink = (flags: Record<string, unknown>): Record<string, unknown> =>
  (flags[SYSTEM_ID] as Record<string, unknown> | undefined) ?? {};

async function tablesByKey(): Promise<Map<string, TableLike>> {
  const pack = game.packs.get(TABLES_PACK);
  // The tables pack holds RollTables; only their flags and results are read here.
  const documents = pack ? ((await pack.getDocuments()) as unknown as TableLike[]) : [];
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
  // An Item's plain source: the shape Item creation takes.
  const data = document.toObject() as unknown as Record<string, unknown> & {
    system: Record<string, unknown>;
  };
  delete data._id;
  return {
    ...data,
    system: { ...data.system, source, permanent: permanent || data.system.permanent === true },
    _stats: { compendiumSource: uuid },
  };
}

/** Items for the injuries among a rule's steps: S1's d20 lasting injuries and S2's d12 wounds. */
export async function injuryItemsFor(steps: readonly Step[]): Promise<Record<string, unknown>[]> {
  const injuries = steps.filter((s) => s.kind === "s1-injury" || s.kind === "injury");
  if (!injuries.length) return [];
  const tables = await tablesByKey();
  const items: Record<string, unknown>[] = [];
  for (const step of injuries) {
    if (step.kind === "s1-injury") {
      if (step.result.kind === "heal" || step.result.kind === "dead") continue;
      const result = resultAt(tables.get("injury-s1"), step.face);
      const item = await itemFrom(
        result?.documentUuid,
        game.i18n.localize("BRINK.Life.Source.stabilise"),
        true,
      );
      if (item) items.push(item);
    } else if (step.kind === "injury") {
      let result = resultAt(tables.get("injury-s2"), step.face);
      const subtable = result ? brink(result.flags).subtable : undefined;
      if (typeof subtable === "string" && step.subRoll !== null)
        result = resultAt(tables.get(subtable), step.subRoll);
      const item = await itemFrom(
        result?.documentUuid,
        game.i18n.localize("BRINK.Life.Source.dying"),
        step.permanent,
      );
      if (item) items.push(item);
    }
  }
  return items;
}

/** Creates the injury items a rule's steps call for: one write, and the ids to delete on revert. */
export async function createInjuryItems(
  actor: Actor.Implementation,
  steps: readonly Step[],
): Promise<string[]> {
  const items = await injuryItemsFor(steps);
  if (!items.length) return [];
  const created = await actor.createEmbeddedDocuments("Item", items as never);
  return created.flatMap((item) => (item.id ? [item.id] : []));
}
