import { BrinkActorData } from "./base-actor";

/** A player character. */
export class CharacterData extends BrinkActorData {
  static override LOCALIZATION_PREFIXES = ["BRINK.Actor.base", "BRINK.Actor.character"];
}
