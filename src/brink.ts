/**
 * Brink's entry point: registration only. Every behaviour lives in the modules imported here.
 */
import { createApi } from "./api";
import { registerStatusEffects } from "./foundry/generation";
import { registerItemMacros, registerSheets } from "./applications";
import { registerCombat } from "./applications/combat";
import { registerCardButtons } from "./applications/chat/card-buttons";
import { registerLegacyRecoveryCards } from "./applications/retreat/legacy-cards";
import { registerRollingCards } from "./applications/chat/rolling-cards";
import { registerDeathSavePrompt } from "./applications/rolls/death-save-prompt";
import { registerPartyRestControls, registerPartyRestPrompt } from "./applications/rest";
import { BrinkTokenHUD } from "./applications/hud";
import { registerTokenHud } from "./foundry/hud-base";
import { SYSTEM_ID } from "./constants";
import { actorModels, chatModels, itemModels } from "./data";
import { BrinkRoll } from "./dice";
import { registerDiceSoNice } from "./dice/dice-so-nice";
import { registerItemPiles } from "./data/item/item-piles";
import { BrinkActor, BrinkChatMessage, BrinkItem } from "./documents";
import { registerHandlebarsHelpers, preloadTemplates } from "./helpers/handlebars";
import { registerSettings } from "./settings";
import { registerSettingsMenus } from "./applications/settings";
import { registerCardCollapse } from "./applications/chat/collapse-cards";
import { registerKeybindings } from "./keybindings";
import { registerStartup } from "./startup";
import { registerActorValueGuard } from "./documents/actor-values";
import { statusEffectConfigs } from "./status-effects";
// Requests are declared where their handlers live (requests/registry); these declare the card ones.
import "./workflows/attack";
import "./workflows/direct-attack";
import "./workflows/damage";
import "./workflows/damage-by-hand";
import "./workflows/healing-roll";
import "./workflows/life";
import { registerLifeClocks } from "./workflows/life";
import { registerWorldClocks } from "./workflows/life-clock";
import { registerPendingRetreat } from "./workflows/retreat";
import { chooseDroppedItems } from "./applications/retreat";
import { registerIncapacity } from "./workflows/incapacity";
import { registerGuardClock } from "./workflows/guard";
import { registerKillingStrike } from "./workflows/killing-strike";
import { registerSurpriseMark } from "./workflows/surprise";
import { registerConditionClock } from "./workflows/durations";
import { registerSeekCover } from "./workflows/seek-cover";
import { registerSeekCoverPrompt } from "./applications/actions/seek-cover";
import { registerAllies } from "./workflows/allies";
import { registerAllyPrompts } from "./applications/allies/prompts";
import { registerActionsPanel } from "./applications/actions";
import { registerTokenRuler } from "./applications/canvas/token-ruler";
import { registerRecovery } from "./workflows/recovery";
import { registerSmallActions } from "./workflows/small-actions";
import { registerSmallActionPrompts } from "./applications/actions/small-action-prompts";
import { registerExploration } from "./workflows/exploration";
import { registerExplorationControls } from "./applications/exploration";
import { registerOddsWorkerStart, registerPlannerControl } from "./applications/odds";
import { registerDetachmentControls } from "./applications/detachments";
import { registerChosenTitles } from "./applications/chosen-titles";
import { readReactionOffersWith } from "./data/chat";
import { reactionOffers } from "./workflows/reaction-offers";

Hooks.once("init", () => {
  CONFIG.Actor.documentClass = BrinkActor;
  CONFIG.Item.documentClass = BrinkItem;
  CONFIG.ChatMessage.documentClass = BrinkChatMessage;
  Object.assign(CONFIG.Actor.dataModels, actorModels);
  Object.assign(CONFIG.Item.dataModels, itemModels);
  Object.assign(CONFIG.ChatMessage.dataModels, chatModels);
  CONFIG.Dice.rolls.push(BrinkRoll);
  CONFIG.Actor.trackableAttributes = {
    character: { bar: ["health", "endurance", "stamina", "focus"], value: ["evasion", "speed"] },
    npc: { bar: ["health", "endurance", "stamina", "focus"], value: ["evasion", "speed"] },
  };
  registerStatusEffects(statusEffectConfigs());
  CONFIG.specialStatusEffects.DEFEATED = "dead";
  registerTokenHud(BrinkTokenHUD);
  registerActorValueGuard();
  registerSettings();
  registerSettingsMenus();
  registerKeybindings();
  registerStartup();
  registerCombat();
  registerSheets();
  registerItemMacros();
  registerHandlebarsHelpers();
  registerChosenTitles();
  registerLifeClocks();
  registerWorldClocks();
  // A retreat that waited for a turn to end asks the GM for its dropped items as one called between turns does.
  registerPendingRetreat(chooseDroppedItems);
  registerIncapacity();
  registerGuardClock();
  registerKillingStrike();
  registerSurpriseMark();
  registerConditionClock();
  registerSeekCover();
  registerSeekCoverPrompt();
  registerAllies();
  readReactionOffersWith(reactionOffers);
  registerAllyPrompts();
  registerActionsPanel();
  registerTokenRuler();
  registerRecovery();
  registerSmallActions();
  registerSmallActionPrompts();
  registerExploration();
  registerExplorationControls();
  registerPlannerControl();
  registerOddsWorkerStart();
  registerDetachmentControls();
  registerLegacyRecoveryCards();
  registerCardButtons();
  registerCardCollapse();
  registerDiceSoNice();
  registerItemPiles();
  registerRollingCards();
  registerDeathSavePrompt();
  registerPartyRestPrompt();
  registerPartyRestControls();
  void preloadTemplates();
  game.brink = createApi();
});

Hooks.once("quenchReady", (quench: QuenchRegistry) => {
  // The batches are a separate chunk, fetched only in worlds where the Quench module is active.
  void import("../test/quench").then(({ registerQuenchBatches }) => registerQuenchBatches(quench));
});

export { SYSTEM_ID };
