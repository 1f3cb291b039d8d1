import { CharacterData, NpcData } from "./actor";
import {
  ActionCardData,
  AttackCardData,
  HealingCardData,
  InitiativeCardData,
  LifeCardData,
  MigrationCardData,
  OpposedCardData,
  MoraleCardData,
  OddsCardData,
  RetreatCardData,
  RetreatRequestCardData,
  RestCardData,
  ReuniteCardData,
  RecoveryCardData,
  PartyRestCardData,
  ExplorationCardData,
  DetachmentCardData,
  TestCardData,
} from "./chat";
import { ArmourData, GearData, InjuryData, SetbackData, ShieldData, TalentData, WeaponData } from "./item";

export * from "./actor";
export * from "./item";
export * from "./chat";

/** One table drives registration, system.json's documentTypes check and the pack validator. */
export const actorModels = { character: CharacterData, npc: NpcData } as const;
export const itemModels = {
  weapon: WeaponData,
  armour: ArmourData,
  shield: ShieldData,
  gear: GearData,
  talent: TalentData,
  injury: InjuryData,
  setback: SetbackData,
} as const;
export const chatModels = {
  test: TestCardData,
  attack: AttackCardData,
  life: LifeCardData,
  healing: HealingCardData,
  retreat: RetreatCardData,
  retreatRequest: RetreatRequestCardData,
  reunite: ReuniteCardData,
  rest: RestCardData,
  morale: MoraleCardData,
  initiative: InitiativeCardData,
  migration: MigrationCardData,
  action: ActionCardData,
  opposed: OpposedCardData,
  recovery: RecoveryCardData,
  partyRest: PartyRestCardData,
  exploration: ExplorationCardData,
  detachment: DetachmentCardData,
  odds: OddsCardData,
} as const;
