/**
 * What Brink registers, declared for the compiler (fvtt-types configuration interfaces).
 * Only types live here; registration itself happens in brink.ts.
 */
import type {
  ArmourData,
  AttackCardData,
  CharacterData,
  GearData,
  HealingCardData,
  InjuryData,
  LifeCardData,
  NpcData,
  SetbackData,
  ShieldData,
  TalentData,
  TestCardData,
  WeaponData,
  RetreatCardData,
  RetreatRequestCardData,
  ReuniteCardData,
  RestCardData,
  MoraleCardData,
  OddsCardData,
  InitiativeCardData,
  MigrationCardData,
  RecoveryCardData,
  PartyRestCardData,
  ExplorationCardData,
  DetachmentCardData,
  ActionCardData,
  OpposedCardData,
} from "../data";
import type { BrinkActor, BrinkChatMessage, BrinkItem } from "../documents";
import type { BrinkApi } from "../api";
import type { DamageRule, DeathRule, InitiativeMode } from "../settings";

declare module "fvtt-types/configuration" {
  interface DataModelConfig {
    Actor: { character: typeof CharacterData; npc: typeof NpcData };
    Item: {
      weapon: typeof WeaponData;
      armour: typeof ArmourData;
      shield: typeof ShieldData;
      gear: typeof GearData;
      talent: typeof TalentData;
      injury: typeof InjuryData;
      setback: typeof SetbackData;
    };
    ChatMessage: {
      test: typeof TestCardData;
      attack: typeof AttackCardData;
      life: typeof LifeCardData;
      healing: typeof HealingCardData;
      retreat: typeof RetreatCardData;
      retreatRequest: typeof RetreatRequestCardData;
      reunite: typeof ReuniteCardData;
      rest: typeof RestCardData;
      morale: typeof MoraleCardData;
      initiative: typeof InitiativeCardData;
      migration: typeof MigrationCardData;
      recovery: typeof RecoveryCardData;
      partyRest: typeof PartyRestCardData;
      exploration: typeof ExplorationCardData;
      detachment: typeof DetachmentCardData;
      action: typeof ActionCardData;
      opposed: typeof OpposedCardData;
      odds: typeof OddsCardData;
    };
  }

  interface DocumentClassConfig {
    Actor: typeof BrinkActor;
    Item: typeof BrinkItem;
    ChatMessage: typeof BrinkChatMessage;
  }

  interface ConfiguredActor<SubType extends Actor.SubType> {
    document: BrinkActor & { type: SubType };
  }

  interface ConfiguredItem<SubType extends Item.SubType> {
    document: BrinkItem & { type: SubType };
  }

  interface FlagConfig {
    /** Dice So Nice keeps each user's dice look in their User's flags (dice/asker-dice-look.ts reads it). */
    User: { "dice-so-nice": { appearance: unknown } };
    /** The GM's encounter odds for this fight (applications/odds/odds-memory.ts reads them defensively). */
    Combat: { brink: { oddsPolicy: unknown; oddsSwing: unknown } };
  }

  interface SettingConfig {
    "brink.deathRule": DeathRule;
    "brink.initiativeMode": InitiativeMode;
    "brink.damageRule": DamageRule;
    "brink.emergencyRetreat": boolean;
    "brink.morale": boolean;
    "brink.lightLevels": boolean;
    "brink.detachments": boolean;
    "brink.worldSchemaVersion": number;
    "brink.tables": Record<string, string>;
    "brink.travelTurns": number;
    "brink.skipRollDialogs": boolean;
    "brink.showExactOdds": boolean;
    "brink.collapseCards": boolean;
    "brink.welcomeShown": boolean;
  }

  namespace Hooks {
    interface HookConfig {
      /** Fired by the Item Piles module once `game.itempiles.API` takes system integrations. */
      "item-piles-ready": () => void;
      /** Fired by the Quench testing module when it is ready to take test batches. */
      quenchReady: (quench: QuenchRegistry) => void;
      /** Fired by Brink on the rendering client once a card is drawn from its record (documents/chat-message). */
      "brink.renderChatCard": (message: ChatMessage.Implementation, html: HTMLElement) => void;
      /** Brink's hooks around its automated writes (hooks/module-hooks.ts; docs/module-api.md "Hooks for modules"). */
      "brink.preApplyDamage": BrinkModuleHook;
      "brink.applyDamage": BrinkModuleHook;
      "brink.preRetreat": BrinkModuleHook;
      "brink.retreat": BrinkModuleHook;
      "brink.preRest": BrinkModuleHook;
      "brink.rest": BrinkModuleHook;
      "brink.preClaimTurn": BrinkModuleHook;
      "brink.claimTurn": BrinkModuleHook;
    }
  }
}

declare global {
  /** A Brink hook: its arguments are documented per hook in docs/module-api.md ("Hooks for modules"). */
  type BrinkModuleHook = (...args: unknown[]) => boolean | void;

  /** Brink's code runs after init; the compiler may assume `game` is initialised. */
  interface AssumeHookRan {
    init: never;
    i18nInit: never;
    setup: never;
    ready: never;
  }

  interface Game {
    brink: BrinkApi;
    itempiles?: ItemPilesGlobal;
  }
  interface ReadyGame {
    brink: BrinkApi;
    itempiles?: ItemPilesGlobal;
  }
  interface InitGame {
    brink: BrinkApi;
    itempiles?: ItemPilesGlobal;
  }

  /** The part of the Item Piles module's API Brink calls (data/item/item-piles.ts). */
  interface ItemPilesGlobal {
    API: { addSystemIntegration(data: object, version?: string): Promise<unknown> | unknown };
  }

  /** The part of the Quench module's API Brink calls; Quench itself is never bundled. */
  interface QuenchRegistry {
    registerBatch(
      key: string,
      fn: (context: QuenchBatchContext) => void,
      options?: { displayName?: string; preSelected?: boolean },
    ): void;
  }
  interface QuenchBatchContext {
    describe: (name: string, fn: () => void) => void;
    it: (name: string, fn: () => void | Promise<void>) => void;
    before: (fn: () => void | Promise<void>) => void;
    after: (fn: () => void | Promise<void>) => void;
    beforeEach: (fn: () => void | Promise<void>) => void;
    afterEach: (fn: () => void | Promise<void>) => void;
    assert: Chai.AssertStatic;
    expect: Chai.ExpectStatic;
  }
}
