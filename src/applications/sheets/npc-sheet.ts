import type { ApplicationOptions } from "../../foundry/application-base";
import { templatePath } from "../../constants";
import { ActorSheetWithItems } from "./actor-sheet-with-items";

/** A compact NPC sheet: everything on one page, small enough to keep eight open. */
export class NpcSheet extends ActorSheetWithItems {
  static override DEFAULT_OPTIONS: ApplicationOptions = {
    classes: ["npc"],
    position: { width: 520, height: 600 },
  };

  static override PARTS = {
    header: { template: templatePath("actor/header.hbs") },
    actions: { template: templatePath("actor/actions.hbs") },
    npc: { template: templatePath("actor/npc-body.hbs"), scrollable: [""] },
  };
}
