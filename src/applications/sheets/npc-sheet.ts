import type { ApplicationOptions } from "../../foundry/application-base";
import { templatePath } from "../../constants";
import { ActorSheetWithItems } from "./actor-sheet-with-items";

/**
 * The NPC sheet: its statistics and attacks first, then the inventory, effects and notes tabs the
 * character sheet has, in a window small enough to keep several open.
 */
export class NpcSheet extends ActorSheetWithItems {
  static override DEFAULT_OPTIONS: ApplicationOptions = {
    classes: ["npc"],
    position: { width: 520, height: 600 },
  };

  static override PARTS = {
    header: { template: templatePath("actor/header.hbs") },
    actions: { template: templatePath("actor/actions.hbs") },
    tabs: { template: templatePath("actor/tabs.hbs") },
    npc: { template: templatePath("actor/npc-body.hbs"), scrollable: [""] },
    inventory: { template: templatePath("actor/inventory-tab.hbs"), scrollable: [""] },
    effects: { template: templatePath("actor/effects-tab.hbs"), scrollable: [""] },
    biography: { template: templatePath("actor/npc-notes-tab.hbs"), scrollable: [""] },
  };

  static override TABS = {
    primary: {
      tabs: [
        { id: "npc" },
        { id: "inventory" },
        { id: "effects" },
        { id: "biography", label: "BRINK.Sheet.Tab.notes" },
      ],
      initial: "npc",
      labelPrefix: "BRINK.Sheet.Tab",
    },
  };
}
