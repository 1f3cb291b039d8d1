import { BrinkActorData } from "./base-actor";

/** A GM-run creature; may be a leader, or a detachment (RULES §7.4) of several like creatures. */
export class NpcData extends BrinkActorData {
  static override LOCALIZATION_PREFIXES = ["BRINK.Actor.base", "BRINK.Actor.npc"];
}
