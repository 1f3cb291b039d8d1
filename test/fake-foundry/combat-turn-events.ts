/**
 * Core's own turn events, as v13's Combat#_onUpdate runs them after an update that moves `turn` or
 * `round`. Core assumes a linear order: the combatant that left `turns[turn]` ends its turn, those
 * the index jumped over are started and ended as skipped, the one now at `turns[turn]` starts, and a
 * higher round ends the old round and starts the new one. Moving backwards fires nothing. These run
 * on the active GM's client only, and not at all when the update passes `turnEvents: false` (a
 * system with its own order then calls `_onStartTurn`/`_onEndTurn`/`_onStartRound`/`_onEndRound`
 * itself). Core's own work in those methods (scene regions' "token turn start/end" behaviours,
 * movement history) is recorded in `coreTurnLog`, one row per call.
 *
 * The turn sounds play on every client whatever the option: "yourTurn" for the combatant now at
 * `turn` and else "nextUp" for `nextCombatant`, each to a client that owns it (a GM: one no player
 * owns). They are recorded in `combatSoundLog`.
 */
import { session, type FakeUser } from "./documents";
import { users } from "./runtime";

export interface TurnContext {
  round: number;
  turn: number | null;
  skipped: boolean;
}

export type CoreTurnRow =
  | { event: "turnStart" | "turnEnd"; combatantId: string; round: number; skipped: boolean }
  | { event: "roundStart" | "roundEnd"; round: number };

/** What core did in its turn-event methods, in order (what region behaviours and modules saw). */
export const coreTurnLog: CoreTurnRow[] = [];

/** Each combat announcement a client played: who heard it and which. */
export const combatSoundLog: { userId: string; announcement: "yourTurn" | "nextUp" }[] = [];

interface Combatantish {
  id: string;
  isOwner: boolean;
  hasPlayerOwner: boolean;
}

export interface TurnEventCombat {
  round: number;
  turn: number | null;
  active: boolean;
  turns: Combatantish[];
  nextCombatant: Combatantish | null;
  _onStartTurn(combatant: Combatantish, context: TurnContext): Promise<void>;
  _onEndTurn(combatant: Combatantish, context: TurnContext): Promise<void>;
  _onStartRound(context: TurnContext): Promise<void>;
  _onEndRound(context: TurnContext): Promise<void>;
}

export interface TurnPosition {
  round: number;
  turn: number | null;
  combatantId: string | null;
}

/** Core's linear rule on the active GM's client (see the file comment). */
export async function manageCoreTurnEvents(combat: TurnEventCombat, before: TurnPosition): Promise<void> {
  const gm = users.activeGM;
  if (!gm) return;
  await session.runAs(gm, async () => {
    const { round, turn } = combat;
    if (round === 0) return;
    const advanceRound = round > before.round;
    const priorTurn = before.turn ?? -1;
    const advanceTurn = round === before.round && (turn ?? -1) > priorTurn;
    if (!advanceRound && !advanceTurn) return;
    const next = turn === null ? undefined : combat.turns[turn];
    // The same combatant at another index (a re-sort) is no new turn (#12747).
    if (!advanceRound && next && next.id === before.combatantId) return;
    const prior = before.combatantId ? combat.turns.find((c) => c.id === before.combatantId) : undefined;
    const ended = { round: before.round, turn: before.turn, skipped: false };
    if (prior && before.round > 0) await combat._onEndTurn(prior, ended);
    if (advanceTurn) {
      // The combatants the index jumped over are started and ended as skipped.
      for (let index = priorTurn + 1; index < (turn ?? 0); index += 1) {
        const skipped = combat.turns[index];
        if (!skipped) continue;
        const context = { round, turn: index, skipped: true };
        await combat._onStartTurn(skipped, context);
        await combat._onEndTurn(skipped, context);
      }
    }
    if (advanceRound && before.round > 0) await combat._onEndRound({ ...ended, turn: null });
    if (advanceRound) await combat._onStartRound({ round, turn, skipped: false });
    if (next) await combat._onStartTurn(next, { round, turn, skipped: false });
  });
}

/** Core's turn sounds, on every connected client (see the file comment). */
export function playCoreTurnSounds(combat: TurnEventCombat, clients: FakeUser[]): void {
  if (!combat.active || combat.round === 0) return;
  for (const client of clients) {
    session.runAs(client, () => {
      const hears = (c: Combatantish | null | undefined) =>
        Boolean(c) && (client.isGM ? !c?.hasPlayerOwner : (c?.isOwner ?? false));
      const current = combat.turn === null ? null : combat.turns[combat.turn];
      if (hears(current)) combatSoundLog.push({ userId: client.id, announcement: "yourTurn" });
      else if (hears(combat.nextCombatant))
        combatSoundLog.push({ userId: client.id, announcement: "nextUp" });
    });
  }
}
