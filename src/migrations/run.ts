/**
 * The world migration the active GM's client runs at startup: every document of the world (actors
 * and their items, items, chat messages, the actors of unlinked tokens, the world's own compendiums)
 * is brought to SCHEMA_VERSION in batched writes, with a progress bar and a summary. A document that
 * fails is named in the summary and the rest carry on.
 */
import { applied, changesFor } from "./changes";
import { MIGRATIONS, type Changes, type DocumentSource, type Migration } from "./steps";
import { postSummary, type MigrationReport } from "./summary";
import { SCHEMA_VERSION, recordVersion, recordedVersion } from "./version";
import {
  packBatches,
  unlinkedTokens,
  worldBatches,
  worldDocumentCount,
  worldPacks,
  type Batch,
  type PackLike,
  type TokenActor,
  type Update,
} from "./world";

const reason = (error: unknown): string => (error instanceof Error ? error.message : String(error));
const isEmpty = (changes: Changes): boolean => Object.keys(changes).length === 0;

interface Run {
  pending: readonly Migration[];
  report: MigrationReport;
  /** Moves the bar on by this many top-level documents. */
  advance(count: number): void;
}

/** Plans every document's update (a failing one is reported and left out), then writes them at once. */
async function runBatch(batch: Batch, run: Run): Promise<void> {
  const updates: Update[] = [];
  const names: string[] = [];
  for (const doc of batch.documents) {
    try {
      const changes = changesFor(batch.kind, doc.source(), run.pending);
      if (isEmpty(changes)) continue;
      doc.validate(changes);
      updates.push({ _id: doc.id, ...changes });
      names.push(doc.name);
    } catch (error) {
      run.report.failures.push({ name: doc.name, reason: reason(error) });
    }
  }
  if (!updates.length) return;
  try {
    await batch.write(updates);
    run.report.migrated += updates.length;
  } catch (error) {
    for (const name of names) run.report.failures.push({ name, reason: reason(error) });
  }
}

async function runBatches(batches: Batch[], run: Run): Promise<void> {
  for (const batch of batches) {
    await runBatch(batch, run);
    if (batch.topLevel) run.advance(batch.documents.length);
  }
}

/** The delta's own fields and the whole of each item it holds, changed where a step changes them. */
function deltaChanges(token: TokenActor, pending: readonly Migration[]): Changes {
  const system = token.delta.system ?? {};
  const changes = changesFor("actor", { type: token.type, system }, pending);
  const items = ((token.delta.items as DocumentSource[] | undefined) ?? []).flatMap((item) => {
    const itemChanges = changesFor("item", item, pending);
    return isEmpty(itemChanges) ? [] : [applied(item, itemChanges)];
  });
  return items.length ? { ...changes, items } : changes;
}

/**
 * Unlinked tokens one at a time, through their synthetic actors, as dnd5e's migration does: core's
 * bulk ActorDelta updates are unreliable for embedded items.
 */
async function runTokens(run: Run): Promise<void> {
  for (const token of unlinkedTokens()) {
    try {
      const changes = deltaChanges(token, run.pending);
      if (!isEmpty(changes)) {
        await token.update(changes);
        run.report.migrated += 1;
      }
    } catch (error) {
      run.report.failures.push({ name: token.name, reason: reason(error) });
    }
    run.advance(1);
  }
}

/** A locked world compendium is unlocked for the migration and locked again afterwards. */
async function runPack(pack: PackLike, run: Run): Promise<void> {
  const wasLocked = pack.locked;
  try {
    if (wasLocked) await pack.configure({ locked: false });
    const docs = await pack.getDocuments();
    await runBatches(packBatches(pack, docs), run);
  } catch (error) {
    run.report.failures.push({ name: pack.metadata.label ?? pack.collection, reason: reason(error) });
  } finally {
    if (wasLocked) await pack.configure({ locked: true });
  }
}

async function migrate(pending: readonly Migration[]): Promise<MigrationReport> {
  const total = Math.max(worldDocumentCount(), 1);
  const bar = ui.notifications.info(
    game.i18n.format("BRINK.Migration.begin", { version: String(SCHEMA_VERSION) }),
    {
      permanent: true,
      progress: true,
    },
  );
  let done = 0;
  const run: Run = {
    pending,
    report: { version: SCHEMA_VERSION, migrated: 0, failures: [] },
    advance: (count) => {
      done += count;
      bar.update({ pct: Math.min(done / total, 1) });
    },
  };
  await runBatches(worldBatches(), run);
  await runTokens(run);
  for (const pack of worldPacks()) await runPack(pack, run);
  bar.update({
    pct: 1,
    message: game.i18n.format("BRINK.Migration.done", { version: String(SCHEMA_VERSION) }),
  });
  return run.report;
}

/**
 * What the active GM's client does at startup. A world newer than this Brink gets a warning and is
 * left alone; a brand-new world (nothing recorded, nothing stored) only records the version.
 * Returns the report of a migration that ran, or null.
 */
export async function migrateWorld(
  migrations: readonly Migration[] = MIGRATIONS,
): Promise<MigrationReport | null> {
  const recorded = recordedVersion();
  if (recorded > SCHEMA_VERSION) {
    ui.notifications.warn(
      game.i18n.format("BRINK.Migration.newerWorld", {
        world: String(recorded),
        system: String(SCHEMA_VERSION),
      }),
      { permanent: true },
    );
    return null;
  }
  if (recorded === SCHEMA_VERSION) return null;
  if (recorded === 0 && worldDocumentCount() === 0) {
    await recordVersion(SCHEMA_VERSION);
    return null;
  }
  const pending = migrations.filter((m) => m.version > recorded && m.version <= SCHEMA_VERSION);
  const report = await migrate(pending);
  await recordVersion(SCHEMA_VERSION);
  await postSummary(report);
  return report;
}
