/**
 * Quench batches: the same contracts the fake is tested against, run inside a real Foundry world.
 * Loaded by brink.ts only when the Quench module fires `quenchReady`.
 */
import type { ContractContext } from "../contracts/context";
import { combatContracts } from "../contracts/combat.contract";
import { dataModelContracts } from "../contracts/data-models.contract";
import { diceSoNiceContracts } from "../contracts/dice-so-nice.contract";
import { documentContracts } from "../contracts/documents.contract";
import { foundryContracts } from "../contracts/foundry.contract";
import { generationContracts } from "../contracts/generation.contract";
import { runtimeContracts } from "../contracts/runtime.contract";
import { migrationContracts } from "../contracts/migration.contract";
import { packContracts } from "../contracts/packs.contract";
import { itemContracts } from "../contracts/items.contract";
import { dragDropContracts } from "../contracts/drag-drop.contract";
import { sheetContracts } from "../contracts/sheets.contract";
import { settingsContracts } from "../contracts/settings.contract";

const BATCHES = [
  { key: "brink.data-models", name: "Brink: data models", run: dataModelContracts },
  { key: "brink.documents", name: "Brink: documents", run: documentContracts },
  { key: "brink.foundry", name: "Brink: Foundry behaviours", run: foundryContracts },
  { key: "brink.runtime", name: "Brink: Foundry runtime", run: runtimeContracts },
  { key: "brink.generations", name: "Brink: Foundry v13 and v14", run: generationContracts },
  { key: "brink.combat", name: "Brink: combat", run: combatContracts },
  { key: "brink.packs", name: "Brink: packs", run: packContracts },
  { key: "brink.settings", name: "Brink: settings and keybindings", run: settingsContracts },
  { key: "brink.dice-so-nice", name: "Brink: Dice So Nice", run: diceSoNiceContracts },
  { key: "brink.migrations", name: "Brink: migrations", run: migrationContracts },
  {
    key: "brink.items",
    name: "Brink: items on sheets",
    run: (context: ContractContext) => itemContracts(context),
  },
  {
    key: "brink.drag-drop",
    name: "Brink: drag and drop on sheets",
    run: (context: ContractContext) => dragDropContracts(context),
  },
  {
    key: "brink.sheets",
    name: "Brink: sheet forms",
    run: (context: ContractContext) => sheetContracts(context),
  },
];

export function registerQuenchBatches(quench: QuenchRegistry): void {
  for (const batch of BATCHES) {
    // Quench hands each batch mocha's and chai's functions; the contracts use a subset of them.
    quench.registerBatch(batch.key, (context) => batch.run(context as unknown as ContractContext), {
      displayName: batch.name,
      preSelected: true,
    });
  }
}
