export {
  BrinkActorData,
  actorData,
  actorSchema,
  type ActorSchema,
  type ActorDerived,
  type RatingState,
} from "./base-actor";
export { CharacterData } from "./character";
export { NpcData } from "./npc";
