/**
 * One simulated fight, driven by the team-turn scheduler (RULES §3) exactly as the tracker drives a
 * real one: the side with the move picks a member, that member takes its turn, the move passes on,
 * rounds end. Every roll and every change goes through the rules engine.
 */
import { withStatus } from "../death";
import type { DiceSource } from "../dice";
import { endDyingTurn, rollDeathSave } from "../dying";
import { checkMorale, type MoraleSubject } from "../morale";
import { endDownedRound, endFightForDowned } from "../stabilise";
import {
  copyState,
  endTurn,
  membersToMove,
  setCanAct,
  takeTurn,
  type TurnEvent,
  type TurnState,
} from "../team-turns";
import { endRound, endTurn as endEconomyTurn, startTurn } from "../turn-economy";
import { freshFighter, refresh, type Fighter } from "./fighter";
import type { Encounter, Side } from "./input";
import { payAttack, strike } from "./strike";

/** A fight still going after this many rounds is called a stalemate. */
export const MAX_ROUNDS = 30;

export type FightResult = "party" | "foes" | "retreat" | "stalemate";

export interface FightOutcome {
  readonly result: FightResult;
  readonly rounds: number;
  readonly partyDeaths: number;
  readonly partyTakenOut: number;
  /** By fighter index: endurance and health taken off enemies, and enemies taken out. */
  readonly damageDealt: readonly number[];
  readonly tookOut: readonly number[];
}

/** What a fight needs that does not change from one simulated fight to the next. */
export interface PreparedFight {
  readonly encounter: Encounter;
  readonly templates: readonly Fighter[];
  readonly indexById: ReadonlyMap<string, number>;
  /** The schedule as the fight starts (already begun); rolled per fight in the dexterity modes. */
  readonly startTurns: (dice: DiceSource) => TurnState;
}

interface Fight {
  readonly prepared: PreparedFight;
  readonly fighters: Fighter[];
  readonly dice: DiceSource;
  turns: TurnState;
  /** The round of the last turn taken. */
  lastRound: number;
  morale: { firstLoss: boolean; half: boolean; leader: boolean };
  /** Foes taken out so far, and how many of those losses morale has answered. */
  foeLosses: number;
  moraleSeen: number;
}

const sideOf = (fight: Fight, side: Side): Fighter[] => fight.fighters.filter((f) => f.side === side);

function anyStanding(fight: Fight, side: Side): boolean {
  for (const fighter of fight.fighters) if (fighter.side === side && fighter.standing) return true;
  return false;
}
const encounterRules = (fight: Fight) => fight.prepared.encounter.rules;

/** Policy: the standing enemy with the least endurance + health left (the first listed on a tie). */
function pickTarget(fight: Fight, attacker: Fighter): Fighter | null {
  let best: Fighter | null = null;
  let least = Infinity;
  for (const candidate of fight.fighters) {
    if (candidate.side === attacker.side || !candidate.standing) continue;
    const left = candidate.life.endurance.value + candidate.life.health.value;
    if (left < least) {
      best = candidate;
      least = left;
    }
  }
  return best;
}

/** After a fighter's life changed: whether it stands, and telling the scheduler whether it can act. */
function changed(fight: Fight, fighter: Fighter): void {
  const couldAct = fighter.acting;
  refresh(fighter);
  if (couldAct === fighter.acting) return;
  const result = setCanAct(fight.turns, fighter.input.id, fighter.acting);
  if (result.ok) fight.turns = result.state;
}

/** S2: a dying character's own turn is a death save; it dies at the end of its tenth. */
function dyingTurn(fight: Fight, fighter: Fighter): void {
  const saved = rollDeathSave(fighter.life, fight.dice);
  if (saved.ok) fighter.life = saved.state;
  changed(fight, fighter);
}

function endOwnDyingTurn(fight: Fight, fighter: Fighter): void {
  const ended = endDyingTurn(fighter.life);
  if (ended.ok) fighter.life = ended.state;
  changed(fight, fighter);
}

function attackWithEveryAction(fight: Fight, fighter: Fighter): void {
  while (fighter.economy.actionsLeft > 0 && fighter.standing) {
    const target = pickTarget(fight, fighter);
    if (target === null || !payAttack(fighter)) return;
    if (!strike(fighter, target, encounterRules(fight), fight.dice)) continue;
    changed(fight, target);
    if (!target.standing) {
      fighter.tookOut += 1;
      if (target.side === "foes") fight.foeLosses += 1;
    }
  }
}

function playTurn(fight: Fight, fighter: Fighter): void {
  fighter.economy = startTurn(fighter.economy);
  const wasDying = fighter.life.status.dying;
  if (wasDying) dyingTurn(fight, fighter);
  if (fighter.attack !== null || encounterRules(fight).damageRule === "direct")
    attackWithEveryAction(fight, fighter);
  if (wasDying) endOwnDyingTurn(fight, fighter);
  fighter.economy = endEconomyTurn(fighter.economy);
}

function endOfRound(fight: Fight): void {
  const stabilise = encounterRules(fight).deathRule === "stabilise";
  for (const fighter of fight.fighters) {
    fighter.economy = endRound(fighter.economy);
    if (stabilise && fighter.life.downed !== null) {
      const ticked = endDownedRound(fighter.life);
      if (ticked.ok) fighter.life = ticked.state;
      changed(fight, fighter);
    }
  }
}

/** RULES §7.2, by the policy: foes check at their first loss, at half their number, and when their leader falls. */
function checkFoesMorale(fight: Fight): void {
  const { rules, policy } = fight.prepared.encounter;
  if (!rules.morale || policy.foes !== "break-at-morale" || fight.foeLosses === fight.moraleSeen) return;
  fight.moraleSeen = fight.foeLosses;
  const foes = sideOf(fight, "foes");
  const out = foes.filter((f) => !f.standing);
  const flags = fight.morale;
  const triggers = [
    !flags.firstLoss && out.length > 0,
    !flags.half && out.length * 2 >= foes.length,
    !flags.leader && out.some((f) => f.input.leader),
  ];
  if (!triggers.some(Boolean)) return;
  fight.morale = {
    firstLoss: flags.firstLoss || out.length > 0,
    half: flags.half || out.length * 2 >= foes.length,
    leader: flags.leader || out.some((f) => f.input.leader),
  };
  const standing = foes.filter((f) => f.standing);
  if (standing.length === 0) return;
  const subjects = standing.map((f): MoraleSubject =>
    f.input.kind === "pc"
      ? { id: f.input.id, kind: "pc", wisdom: f.input.attacker.attributes.wis }
      : { id: f.input.id, kind: "npc", moraleBonus: f.input.moraleBonus, group: f.input.group },
  );
  const check = checkMorale(subjects, { scope: "group" }, fight.dice);
  for (const id of check.routedIds) {
    const fighter = standing.find((f) => f.input.id === id);
    if (fighter === undefined) continue;
    fighter.life = withStatus(fighter.life, { routed: true });
    changed(fight, fighter);
  }
}

/** Policy: the party calls an Emergency Retreat when half of it (rounded up) is taken out. */
function partyRetreats(fight: Fight, mover: Fighter): boolean {
  const { rules, policy } = fight.prepared.encounter;
  if (!rules.emergencyRetreat || policy.party !== "retreat-at-half" || mover.side !== "party") return false;
  const party = sideOf(fight, "party");
  const down = party.filter((f) => !f.standing).length;
  return down > 0 && down * 2 >= party.length;
}

/** Someone still standing can hurt the other side (a weapon, or bare hands under direct damage). */
function anyoneCanStrike(fight: Fight): boolean {
  const direct = encounterRules(fight).damageRule === "direct";
  return fight.fighters.some((f) => f.standing && (direct || f.attack !== null));
}

function decided(fight: Fight): FightResult | null {
  if (!anyStanding(fight, "foes")) return "party";
  if (!anyStanding(fight, "party")) return "foes";
  // Nobody standing can strike a blow: nothing will ever change.
  if (!anyoneCanStrike(fight)) return "stalemate";
  return null;
}

const roundEnded = (events: readonly TurnEvent[]): boolean => events.some((e) => e.type === "roundEnd");

function play(fight: Fight): FightResult {
  for (;;) {
    const result = decided(fight);
    if (result !== null) return result;
    if (fight.turns.round > MAX_ROUNDS) return "stalemate";
    const moverId = membersToMove(fight.turns)[0];
    const index = moverId === undefined ? undefined : fight.prepared.indexById.get(moverId);
    const mover = index === undefined ? undefined : fight.fighters[index];
    if (mover === undefined) return "stalemate";
    if (partyRetreats(fight, mover)) return "retreat";
    // The undo history is the tracker's, not the fight's: dropping it keeps each turn cheap.
    // The mover is one of membersToMove already: the GM's path skips asking the scheduler again.
    const fresh = copyState(fight.turns);
    fresh.history = [];
    const taken = takeTurn(fresh, mover.input.id, { byGM: true });
    if (!taken.ok) return "stalemate";
    fight.turns = taken.state;
    fight.lastRound = taken.state.round;
    playTurn(fight, mover);
    checkFoesMorale(fight);
    const ended = endTurn(fight.turns);
    if (!ended.ok) return "stalemate";
    fight.turns = ended.state;
    if (roundEnded(ended.events)) endOfRound(fight);
  }
}

/** S1: a fight's end starts the downed characters' last minute; one down ten rounds dies now. */
function endFight(fight: Fight): void {
  if (encounterRules(fight).deathRule !== "stabilise") return;
  for (const fighter of fight.fighters) {
    if (fighter.life.downed === null) continue;
    const ended = endFightForDowned(fighter.life);
    if (ended.ok) fighter.life = ended.state;
    refresh(fighter);
  }
}

export function simulateFight(prepared: PreparedFight, dice: DiceSource): FightOutcome {
  const fight: Fight = {
    prepared,
    fighters: prepared.templates.map(freshFighter),
    dice,
    turns: prepared.startTurns(dice),
    lastRound: 0,
    morale: { firstLoss: false, half: false, leader: false },
    foeLosses: 0,
    moraleSeen: 0,
  };
  const startRound = fight.turns.round;
  const result = play(fight);
  if (result !== "retreat") endFight(fight);
  const party = sideOf(fight, "party");
  return {
    result,
    rounds: Math.max(0, Math.min(fight.lastRound, MAX_ROUNDS) - startRound + 1),
    partyDeaths: party.filter((f) => f.life.status.dead).length,
    partyTakenOut: party.filter((f) => !f.standing).length,
    damageDealt: fight.fighters.map((f) => f.damageDealt),
    tookOut: fight.fighters.map((f) => f.tookOut),
  };
}
