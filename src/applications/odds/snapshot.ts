/**
 * Issue 28: the real actors of a combat (or of the encounter planner) as the simulator's plain
 * input. Each actor is read the way the workflows read it when it attacks, defends and takes
 * damage: its life state, its attacker and defender data, its wielded weapons and defence items,
 * its roll modifiers (exhaustion, injuries, setbacks, light), and the world's optional rules.
 */
import { actorData, itemData, WeaponData } from "../../data";
import { BrinkActor } from "../../documents/actor";
import { modifierState } from "../../documents/actor-rolls";
import type { BrinkCombat } from "../../documents/combat";
import type { RatingTotals } from "../../rules/modifiers";
import type {
  Encounter,
  FighterInput,
  PlainModifierState,
  Side,
  SimulationPolicy,
  SimulationRules,
} from "../../rules/simulation";
import type { TurnEconomy } from "../../rules/turn-economy";
import type { TurnState } from "../../rules/team-turns";
import { optionalRules } from "../../settings";
import { wieldedBy } from "../../workflows/attack";
import { defenceItem } from "../../workflows/defence-items";
import { isDetachment } from "../../workflows/detachments/in-combat";
import { groupIdOf } from "../../workflows/retreat";

const FRIENDLY = 1;

/** The world's optional rules, as the simulator takes them. */
export function worldRules(): SimulationRules {
  const rules = optionalRules();
  return {
    deathRule: rules.deathRule,
    damageRule: rules.damageRule,
    initiativeMode: rules.initiativeMode,
    morale: rules.morale,
    detachments: rules.detachments,
    emergencyRetreat: rules.emergencyRetreat,
  };
}

function plainTotals(source: Readonly<Record<string, RatingTotals>>): Record<string, RatingTotals> {
  return Object.fromEntries(
    Object.entries(source).map(([key, totals]) => [
      key,
      { bonus: totals.bonus, disadvantage: totals.disadvantage },
    ]),
  );
}

function plainModifiers(actor: BrinkActor): PlainModifierState {
  const state = modifierState(actorData(actor));
  return {
    exhaustion: state.exhaustion,
    attributes: plainTotals(state.attributes),
    skills: plainTotals(state.skills),
    conditions: [...state.conditions],
    effects: state.effects.map((effect) => ({ ...effect })),
    light: state.light ? { ...state.light } : null,
  };
}

/** The weapons it could attack with now: wielded, not dropped, not broken, with an attribute to use. */
function usableWeapons(actor: BrinkActor) {
  return actor.items.contents.flatMap((item) => {
    const data = itemData(item, WeaponData);
    if (!data || !data.equipped || data.dropped) return [];
    const weapon = wieldedBy(actor, data.attackWeapon());
    return weapon.broken || weapon.attributes.length === 0 ? [] : [weapon];
  });
}

/** Structured clone cannot carry data models: the value as plain JSON. */
const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

export interface FighterPlace {
  readonly id: string;
  readonly side: Side;
  /** Who shares a morale roll: the source actor. */
  readonly group: string;
  /** In a fight under way: the combatant's economy now. */
  readonly economy?: TurnEconomy;
}

/** One actor as it stands now, as a fighter. */
export function fighterFromActor(actor: BrinkActor, place: FighterPlace): FighterInput {
  const system = actorData(actor);
  const reactionsLeft = place.economy?.reactionsLeft;
  const defender = system.defender(place.id);
  const { attacksThisRound: _, ...attacker } = system.attacker(0);
  return plain({
    id: place.id,
    name: actor.name,
    side: place.side,
    kind: actor.type === "character" ? "pc" : "npc",
    group: place.group,
    leader: system.leader,
    life: system.actorState(reactionsLeft === undefined ? true : reactionsLeft > 0),
    attacker,
    evasion: defender.evasion,
    size: defender.size,
    weapons: usableWeapons(actor),
    blockItem: defenceItem(actor, "block")?.data.defenceItem() ?? null,
    parryItem: defenceItem(actor, "parry")?.data.defenceItem() ?? null,
    modifiers: plainModifiers(actor),
    conditions: [...actor.statuses],
    exhaustion: system.exhaustion,
    moraleBonus: system.morale,
    detachment: isDetachment(actor),
    ...(place.economy ? { attacksThisRound: place.economy.attacksThisRound } : {}),
    ...(reactionsLeft === undefined ? {} : { reactionsLeft }),
  });
}

/** The party's team: the one made for friendly tokens, or named as the party (as the retreat finds it). */
function partyTeamId(combat: BrinkCombat): string | null {
  const partyName = game.i18n.localize("BRINK.Combat.Team.party");
  const party = [...combat.groups].find(
    (group) =>
      foundry.utils.getProperty(group, "system.disposition") === FRIENDLY || group.name === partyName,
  );
  return party?.id ?? null;
}

/**
 * A combat as the simulator's input: the party's team against every other combatant. Before Begin,
 * the team first in the tracker's order starts; once begun, the fight goes on from its own schedule.
 */
export function combatEncounter(combat: BrinkCombat, policy: SimulationPolicy): Encounter {
  const partyId = partyTeamId(combat);
  const turns: TurnState = plain(combat.turnState);
  const started = turns.phase === "surprise" || turns.phase === "normal";
  const fighters = combat.combatants.contents.flatMap((combatant) => {
    const actor = combatant.actor;
    if (!(actor instanceof BrinkActor) || !combatant.id) return [];
    const side: Side = groupIdOf(combatant) === partyId ? "party" : "foes";
    const economy = started ? combatant.economy : undefined;
    const group = combatant.actorId ?? actor.name;
    return [fighterFromActor(actor, { id: combatant.id, side, group, ...(economy ? { economy } : {}) })];
  });
  const first = turns.teams[0];
  return {
    fighters,
    rules: worldRules(),
    policy,
    startingSide: first === undefined || first === partyId ? "party" : "foes",
    ...(started ? { turns } : {}),
  };
}
