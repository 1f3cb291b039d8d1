import { combatModels } from "../../data/combat";
import { BrinkCombat, TURN_EVENTS_OPTION } from "../../documents/combat";
import { BrinkCombatant } from "../../documents/combatant";
import { BrinkCombatantGroup } from "../../documents/combatant-group";
import type { TurnEvent } from "../../rules/team-turns";
import { BrinkCombatTracker } from "./combat-tracker";
import { askBeginChoices } from "./dialogs";
import { registerCombatRequests } from "./requests";

export { BrinkCombatTracker } from "./combat-tracker";
export { askBeginChoices, beginChoicesFrom } from "./dialogs";
export { trackerView, type MemberView, type SectionView, type TrackerView } from "./tracker-context";

/** Everything combat needs, registered in one call from the init hook. */
export function registerCombat(): void {
  CONFIG.Combat.documentClass = BrinkCombat;
  CONFIG.Combatant.documentClass = BrinkCombatant;
  CONFIG.CombatantGroup.documentClass = BrinkCombatantGroup;
  Object.assign(CONFIG.Combat.dataModels, combatModels.Combat);
  Object.assign(CONFIG.Combatant.dataModels, combatModels.Combatant);
  Object.assign(CONFIG.CombatantGroup.dataModels, combatModels.CombatantGroup);
  CONFIG.ui.combat = BrinkCombatTracker;
  BrinkCombat.chooseBeginning = askBeginChoices;
  registerCombatRequests();
  registerCombatHooks();
}

const TURN_EVENT_TYPES: readonly string[] = [
  "turnStart",
  "turnEnd",
  "turnSkip",
  "turnUndo",
  "teamMove",
  "roundEnd",
  "roundStart",
  "combatEnd",
];

function turnEventsIn(options: unknown): TurnEvent[] {
  const events: unknown =
    typeof options === "object" && options !== null && TURN_EVENTS_OPTION in options
      ? options[TURN_EVENTS_OPTION]
      : [];
  if (!Array.isArray(events)) return [];
  return events.filter(
    (event): event is TurnEvent =>
      typeof event === "object" && event !== null && TURN_EVENT_TYPES.includes(String(event.type)),
  );
}

/** Turns the events a transition carried into Brink's hooks, on every client. */
function announce(combat: BrinkCombat, events: readonly TurnEvent[]): void {
  for (const event of events) {
    switch (event.type) {
      case "turnStart":
      case "turnEnd": {
        const combatant = combat.combatants.get(event.memberId) ?? null;
        const info = { round: event.round, teamId: event.teamId };
        if (event.type === "turnStart") Hooks.callAll("brink.turnStart", combat, combatant, info);
        else Hooks.callAll("brink.turnEnd", combat, combatant, info);
        break;
      }
      case "teamMove": {
        const team = event.teamId === null ? null : (combat.groups.get(event.teamId) ?? null);
        Hooks.callAll("brink.teamMove", combat, team, { round: event.round, memberIds: event.memberIds });
        break;
      }
      case "roundEnd":
        Hooks.callAll("brink.roundEnd", combat, { round: event.round });
        break;
      default:
        break;
    }
  }
}

/**
 * A change to an actor (its conditions, effects, talents or injuries) may change whether its combatants can
 * act. The GM's client compares and asks for a resynchronisation only where the schedule is out of
 * step, so ordinary changes such as damage cost nothing.
 */
function resynchroniseCombatsOf(actor: { uuid: string } | null | undefined): void {
  if (!actor || !game.users.activeGM?.isSelf) return;
  for (const combat of game.combats ?? []) {
    if (!(combat instanceof BrinkCombat)) continue;
    const outOfStep = [...combat.combatants].some((combatant) => {
      if (combatant.actor?.uuid !== actor.uuid) return false;
      const member = combat.memberState(combatant.id ?? "");
      return (
        member !== undefined &&
        (member.canAct !== combatant.ableToAct ||
          member.cannotBeSurprised !== combatant.cannotBeSurprised ||
          (member.surprised === true) !== combatant.markedSurprised)
      );
    });
    if (outOfStep) void combat.synchronise();
  }
}

function actorOf(document: { parent: unknown }): { uuid: string } | null {
  const parent = document.parent;
  if (parent instanceof Actor) return parent;
  return parent instanceof Item && parent.parent instanceof Actor ? parent.parent : null;
}

function registerCombatHooks(): void {
  Hooks.on("updateActor", (actor) => resynchroniseCombatsOf(actor));
  Hooks.on("updateCombat", (combat, _changed, options, userId) => {
    // Update options reach every client from whoever wrote: only a GM's write carries Brink's
    // transitions (the active GM's client commits them), so a player's forged options are ignored.
    if (combat instanceof BrinkCombat && game.users.get(userId)?.isGM)
      announce(combat, turnEventsIn(options));
  });
  const onEffect = (effect: ActiveEffect.Implementation) => resynchroniseCombatsOf(actorOf(effect));
  Hooks.on("createActiveEffect", onEffect);
  Hooks.on("updateActiveEffect", onEffect);
  Hooks.on("deleteActiveEffect", onEffect);
  // A talent may let its owner act in a surprise round; an injury's step-down may leave an attribute at 0.
  const onItem = (item: Item.Implementation) => resynchroniseCombatsOf(item.parent);
  Hooks.on("createItem", onItem);
  Hooks.on("updateItem", onItem);
  Hooks.on("deleteItem", onItem);
}
