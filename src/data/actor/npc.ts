import { BrinkActorData } from "./base-actor";

/** A GM-run creature; may be a detachment (a group fought as one) or a leader. */
export class NpcData extends BrinkActorData {
  static override LOCALIZATION_PREFIXES = ["BRINK.Actor.base", "BRINK.Actor.npc"];
}
