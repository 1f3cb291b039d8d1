import { BrinkActorData } from "./base-actor";

/** A GM-run creature; may be a leader. (Detachments, RULES §7.4, are not built yet: issue 12.) */
export class NpcData extends BrinkActorData {
  static override LOCALIZATION_PREFIXES = ["BRINK.Actor.base", "BRINK.Actor.npc"];
}
