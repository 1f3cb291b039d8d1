import { promptAttack, promptTest } from "./applications/rolls/flows";
import { useItem } from "./applications/sheets/item-macro";
import { deathSave, promptHeal, promptStabilise } from "./applications/rolls/life-flows";
import { partyRest } from "./applications/rest";
import { promptOpposedTest } from "./applications/rolls/opposed-flow";
import { emergencyRetreat, moraleCheck, retreatAction, reuniteParty } from "./applications/retreat";
import * as rules from "./rules";
import { openEncounterPlanner } from "./applications/odds";
import { optionalRules } from "./settings";
import { rollHealing } from "./workflows/healing-roll";
import { lifeAction } from "./workflows/life";
import { importBrinkTables, useTable } from "./workflows/world-tables";

/** The public API on `game.brink`, for macros and other modules. Documented in docs/module-api.md. */
export function createApi() {
  return {
    /** The pure rules engine: tests, odds, damage, death, team turns, retreat and rest. */
    rules,
    /** The optional rules currently switched on in this world. */
    optionalRules,
    /** Open the test dialog for an actor (optionally on an attribute or a skill) and roll. */
    rollTest: promptTest,
    /** RULES §2: an opposed test of one of the user's characters against another character (GM's client rolls both). */
    opposedTest: promptOpposedTest,
    /** Attack the user's targeted tokens with one of the actor's weapons. */
    attack: promptAttack,
    /** What an item macro on the hotbar runs: a weapon (by uuid) attacks, any other item is posted to chat. */
    useItem,
    /** Open the heal dialog for an actor. */
    heal: promptHeal,
    /** A dying character's death save (dying rule). */
    deathSave,
    /** Tend a fallen character with one of the user's own characters. */
    stabilise: promptStabilise,
    /** Heal, choose, save or stabilise without a dialog (done by the GM's client; by the owner's only with no GM). */
    lifeAction,
    /** Roll healing dice ("1d8") and post a card whose button heals the targeted tokens. */
    rollHealing,
    /** RULES §5: end the fight with an Emergency Retreat (a player's call goes to the GM to confirm). */
    emergencyRetreat,
    /** RULES §8: the GM starts a party rest; each player confirms their own characters, the GM finishes it. */
    partyRest,
    /** Ends *separated* for every character (the GM reunites the party). */
    reuniteParty,
    /** RULES §7.2: a morale check for one team of a combat. */
    moraleCheck,
    /** RULES §7.1: one combatant's retreat action. */
    retreatAction,
    /** GM: copy Brink's compendium tables into the world and draw from the copies. */
    importTables: importBrinkTables,
    /** GM: open the encounter planner (issue 28): two sides of actors, their simulated odds. */
    encounterPlanner: openEncounterPlanner,
    /** GM: choose the world RollTable (uuid) that serves one of Brink's tables, or null for the compendium's. */
    useTable,
  };
}
export type BrinkApi = ReturnType<typeof createApi>;
