import { beforeEach, describe, expect, it } from "vitest";
import { clearDice, queueDice } from "../fake-foundry/dice";
import { notifications, resetWorld, settings } from "../fake-foundry/install";
import { asUser } from "../fake-foundry/runtime";
import { answerDialog, shownDialogs } from "../fake-foundry/ui";
import { bootCombat, DISPOSITIONS, mountTracker, player, setUpFight, type Fight } from "./combat-fixtures";

await bootCombat();
const { lifeAction } = await import("../../src/workflows/life");
const { clocksSettled } = await import("../../src/workflows/life-clock");

/** RULES §6 "Clocks outside combat": the dying and downed clocks run on with world time. */

const petrasPlayer = player("petra-player");
const alliesPlayer = player("ally-player");

interface Life {
  conditions: Set<string>;
  death: {
    dying: { turnsTaken: number; savedThisTurn: boolean } | null;
    downed: { roundsElapsed: number; fightOver: boolean } | null;
  };
}
const life = (actor: Actor.Implementation) => actor.system as unknown as Life;
const dyingNow = { turnsTaken: 0, successes: 0, failures: 0, savedThisTurn: false, lastStabiliseRound: null };

beforeEach(async () => {
  resetWorld();
  clearDice();
  shownDialogs.length = 0;
});

async function petraAgainstGuard(): Promise<Fight> {
  const f = await setUpFight([
    { name: "Petra", disposition: DISPOSITIONS.friendly, owner: petrasPlayer, type: "character" },
    { name: "Clementine", disposition: DISPOSITIONS.friendly, owner: alliesPlayer, type: "character" },
    { name: "Guard", disposition: DISPOSITIONS.hostile },
  ]);
  await f.combat.begin({ startingTeam: f.teamId("Party") });
  return f;
}

/** One round: Petra's turn, Clementine's, then the Guard's (the GM plays the Guard). */
async function round(f: Fight) {
  for (const name of ["Petra", "Clementine", "Guard"]) {
    await f.combat.takeTurn(f.member(name).id ?? "");
    await f.combat.endTurn();
  }
}

/** Clicks a control in the tracker and waits for what it started, as the user would. */
async function click(tracker: Awaited<ReturnType<typeof mountTracker>>, selector: string) {
  const target = tracker.element.querySelector<HTMLElement>(selector);
  if (!target) throw new Error(`The tracker shows nothing matching ${selector}.`);
  target.click();
  await (tracker as unknown as { settled(): Promise<void> }).settled();
}

/** The GM ends the fight from the tracker's confirmation. */
async function endFight(f: Fight) {
  answerDialog({});
  await f.combat.endCombat();
  await clocksSettled();
}

describe("the dying clock after a fight (deathRule dying)", () => {
  beforeEach(async () => {
    await settings.set("brink", "deathRule", "dying");
  });

  it("runs on with world time: a character dying through a two-round fight dies at the end of its tenth turn", async () => {
    const f = await petraAgainstGuard();
    const petra = f.actor("Petra");
    await petra.update({
      system: { health: { value: 0 }, conditions: ["dying"], death: { dying: dyingNow } },
    });
    await round(f);
    await round(f);
    expect(life(petra).death.dying?.turnsTaken).toBe(2);
    await endFight(f);
    expect(game.combats.size).toBe(0);

    // The GM sees the clock and the pass-time buttons in the empty tracker; a player sees no buttons.
    const tracker = await mountTracker();
    expect(tracker.element.innerHTML).toContain("Petra");
    expect(tracker.element.innerHTML).toContain("Dying: 8 turns");
    expect(tracker.element.querySelector('[data-action="passTime"][data-seconds="6"]')).not.toBeNull();
    const playersTracker = await asUser(petrasPlayer, () => mountTracker());
    expect(playersTracker.element.querySelector('[data-action="passTime"]')).toBeNull();

    await click(tracker, '[data-action="passTime"][data-seconds="6"]');
    expect(game.time.worldTime).toBe(6);
    expect(life(petra).death.dying?.turnsTaken).toBe(3);
    await game.time.advance(30); // five more turns, however the time is passed
    await click(tracker, '[data-action="passTime"][data-seconds="6"]');
    expect(life(petra).death.dying?.turnsTaken).toBe(9);
    expect(life(petra).conditions.has("dead")).toBe(false);
    await click(tracker, '[data-action="passTime"][data-seconds="6"]');
    expect(life(petra).conditions.has("dead")).toBe(true);
    expect(life(petra).conditions.has("dying")).toBe(false);
    const card = game.messages.contents.at(-1) as unknown as { content: string };
    expect(card.content).toContain("Petra");
  });

  it("frees one death save and one ally's stabilise attempt per six seconds out of combat", async () => {
    const f = await petraAgainstGuard();
    const petra = f.actor("Petra");
    await petra.update({
      system: { health: { value: 0 }, conditions: ["dying"], death: { dying: dyingNow } },
    });
    await endFight(f);
    queueDice(5);
    await asUser(petrasPlayer, () => lifeAction(petra, { kind: "death-save" }));
    expect(life(petra).death.dying?.savedThisTurn).toBe(true);
    queueDice(5);
    expect(await asUser(petrasPlayer, () => lifeAction(petra, { kind: "death-save" }))).toMatchObject({
      ok: false,
    });
    expect(notifications.log.at(-1)?.message).toBe(
      "One death save per turn (out of combat, per six seconds).",
    );
    clearDice();
    const clementine = f.actor("Clementine");
    /** Clementine tends Petra without tools and rolls ones: a failed Heal test, but an attempt made. */
    const tend = async () => {
      clearDice();
      queueDice(1, 1, 1);
      const result = await asUser(alliesPlayer, () =>
        lifeAction(petra, { kind: "stabilise", hasHealingTools: false, by: clementine.id ?? "" }),
      );
      clearDice();
      return result;
    };
    expect(await tend()).toMatchObject({ ok: true });
    expect(await tend()).toMatchObject({ ok: false });
    await game.time.advance(6);
    await clocksSettled();
    expect(life(petra).death.dying?.savedThisTurn).toBe(false);
    expect(await tend()).toMatchObject({ ok: true });
    expect(life(petra).conditions.has("dying")).toBe(true);
  });

  it("does not run while the character is in a running fight: its own turns count there", async () => {
    const f = await petraAgainstGuard();
    const petra = f.actor("Petra");
    await petra.update({
      system: { health: { value: 0 }, conditions: ["dying"], death: { dying: dyingNow } },
    });
    await game.time.advance(60);
    await clocksSettled();
    expect(life(petra).death.dying?.turnsTaken).toBe(0);
  });
});

describe("the downed clock after a fight (deathRule stabilise)", () => {
  beforeEach(async () => {
    await settings.set("brink", "deathRule", "stabilise");
  });

  it("counts each six seconds as a round once the fight is over, and the tenth kills", async () => {
    const f = await petraAgainstGuard();
    const petra = f.actor("Petra");
    await petra.update({
      system: {
        health: { value: 0 },
        conditions: ["unconscious"],
        death: { downed: { roundsElapsed: 0, fightOver: false } },
      },
    });
    await round(f);
    await round(f);
    await endFight(f);
    expect(life(petra).death.downed).toMatchObject({ roundsElapsed: 2, fightOver: true });
    const tracker = await mountTracker();
    expect(tracker.element.innerHTML).toContain("8 rounds");
    await click(tracker, '[data-action="passTime"][data-seconds="60"]');
    expect(life(petra).conditions.has("dead")).toBe(true);
  });

  it("lets one ally try to stabilise per six seconds once the fight is over, refused before any roll", async () => {
    const f = await petraAgainstGuard();
    const petra = f.actor("Petra");
    await petra.update({
      system: {
        health: { value: 0 },
        conditions: ["unconscious"],
        death: { downed: { roundsElapsed: 0, fightOver: false } },
      },
    });
    await endFight(f);
    const clementine = f.actor("Clementine");
    const tend = async () => {
      clearDice();
      queueDice(1, 1, 1);
      const result = await asUser(alliesPlayer, () =>
        lifeAction(petra, { kind: "stabilise", hasHealingTools: false, by: clementine.id ?? "" }),
      );
      clearDice();
      return result;
    };
    expect(await tend()).toMatchObject({ ok: true });
    const cards = game.messages.size;
    expect(await tend()).toMatchObject({ ok: false });
    expect(notifications.log.at(-1)?.message).toBe(
      "Someone already tried to stabilise this character this round.",
    );
    expect(game.messages.size).toBe(cards);
    await game.time.advance(6);
    await clocksSettled();
    expect(await tend()).toMatchObject({ ok: true });
    expect(game.messages.size).toBeGreaterThan(cards);
  });
});
