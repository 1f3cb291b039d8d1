/**
 * The hostile player against Brink's turn events. Foundry lets the owner of the acting combatant
 * change the combat's `turn`, and the options of that update reach every client's updateCombat
 * hook. Brink's turn hooks (and the dying countdown, pending retreats, Guard and cover that follow
 * them) must hear only the transitions the active GM's client wrote, never options a player sent.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { hooks, resetWorld, settings } from "../fake-foundry/install";
import { asUser } from "../fake-foundry/runtime";
import { bootCombat, DISPOSITIONS, player, setUpFight } from "../foundry/combat-fixtures";

await bootCombat();
const { clocksSettled } = await import("../../src/workflows/life-clock");
const { TURN_EVENTS_OPTION } = await import("../../src/documents/combat");

const roland = player("roland-player");
const clementine = player("clementine-player");

interface Life {
  conditions: Set<string>;
  death: { dying: { turnsTaken: number } | null };
}
const life = (actor: Actor.Implementation) => actor.system as unknown as Life;
const dyingNow = { turnsTaken: 0, successes: 0, failures: 0, savedThisTurn: false, lastStabiliseRound: null };

beforeEach(async () => {
  resetWorld();
  await settings.set("brink", "deathRule", "dying");
});

/** Roland has the turn; Clementine lies dying. */
async function rolandsTurn() {
  const fight = await setUpFight([
    { name: "Roland", disposition: DISPOSITIONS.friendly, owner: roland, type: "character" },
    { name: "Clementine", disposition: DISPOSITIONS.friendly, owner: clementine, type: "character" },
    { name: "Guard", disposition: DISPOSITIONS.hostile },
  ]);
  await fight.actor("Clementine").update({
    system: { health: { value: 0 }, conditions: ["dying"], death: { dying: dyingNow } },
  });
  await fight.combat.begin({ startingTeam: fight.teamId("Party") });
  await asUser(roland, () => fight.combat.takeTurn(fight.member("Roland").id ?? ""));
  return fight;
}

describe("forged turn events", () => {
  it("a player's own combat update claiming ten turn ends for a dying ally counts none of them", async () => {
    const fight = await rolandsTurn();
    const combat = fight.combat;
    const victim = fight.member("Clementine");
    const turnEnd = { type: "turnEnd", round: 1, memberId: victim.id, teamId: victim.teamId };
    const heard: string[] = [];
    const id = hooks.on("brink.turnEnd", (_combat, combatant) =>
      heard.push((combatant as { name: string }).name),
    );
    // Foundry lets Roland's player move core's turn while Roland acts; the options ride along.
    const elsewhere = ((combat.turn ?? 0) + 1) % combat.turns.length;
    await asUser(roland, () =>
      combat.update({ turn: elsewhere }, { [TURN_EVENTS_OPTION]: Array(10).fill(turnEnd) } as never),
    );
    await clocksSettled();
    hooks.off("brink.turnEnd", id);

    expect(heard).toEqual([]);
    const state = life(fight.actor("Clementine"));
    expect(state.conditions.has("dead")).toBe(false);
    expect(state.death.dying?.turnsTaken).toBe(0);
  });

  it("the GM's own transitions still announce their turn ends on every client", async () => {
    const fight = await rolandsTurn();
    const heard: string[] = [];
    const id = hooks.on("brink.turnEnd", (_combat, combatant) =>
      heard.push((combatant as { name: string }).name),
    );
    await asUser(roland, () => fight.combat.endTurn());
    hooks.off("brink.turnEnd", id);
    // Once per connected client (the GM and the two players), each for Roland.
    expect(heard.length).toBeGreaterThan(0);
    expect(new Set(heard)).toEqual(new Set(["Roland"]));
  });
});
