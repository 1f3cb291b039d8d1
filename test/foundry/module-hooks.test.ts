/**
 * Brink's hooks for modules: each `brink.pre…` hook runs on the GM's client before an automated
 * write, and a listener returning false stops it (nothing written, the user who acted is told);
 * each post hook runs once, on the same client, after the write.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { clearDice } from "../fake-foundry/dice";
import { notifications, resetWorld, writeLog } from "../fake-foundry/install";
import { asUser } from "../fake-foundry/runtime";
import { clearCanvas, placeToken } from "../fake-foundry/ui";
import { resetFakePacks } from "../fake-foundry/packs";
import type { BrinkActor } from "../../src/documents/actor";
import { onCard } from "../support/cards";
import { bootCombat, DISPOSITIONS, player, setUpFight, writesDuring } from "./combat-fixtures";
import { attackWith, mindBladeFoe } from "../support/attacks";

await bootCombat();
const { requestCardAction } = await import("../../src/workflows/damage");
const { requestRest } = await import("../../src/workflows/rest");
const { requestRetreat } = await import("../../src/workflows/retreat");
const { registerRecovery } = await import("../../src/workflows/recovery");
registerRecovery();

const attackerPlayer = player("attacker");
const petraPlayer = player("petra-player");
const OWNER = CONST.DOCUMENT_OWNERSHIP_LEVELS.OWNER;

interface Heard {
  client: string;
  args: unknown[];
}
/** A module listening to one of Brink's hooks; returns false (cancels) when told to. */
function listen(name: string, cancel = false): Heard[] {
  const heard: Heard[] = [];
  // Brink's own hook names; fvtt-types types core's hooks only.
  const id = (Hooks as unknown as { on(n: string, fn: (...args: unknown[]) => unknown): number }).on(
    name,
    (...args: unknown[]) => {
      heard.push({ client: game.user.id ?? "", args });
      return cancel ? false : undefined;
    },
  );
  listeners.push([name, id]);
  return heard;
}
const listeners: [string, number][] = [];

async function petra(system: object = {}): Promise<BrinkActor> {
  return (await Actor.implementation.create({
    name: "Petra",
    type: "character",
    ownership: { default: CONST.DOCUMENT_OWNERSHIP_LEVELS.NONE, [petraPlayer.id]: OWNER },
    system: { attributes: { con: { die: 4 } }, evasion: 1, endurance: { value: 10, max: 10 }, ...system },
  })) as BrinkActor;
}

/** The attacker's player hits Petra with a psychic blade: the d6 face + 4 damage. */
async function attackPetra(actor: BrinkActor) {
  const token = placeToken(actor, 5, 5);
  const foe = await mindBladeFoe({ owner: attackerPlayer.id });
  await asUser(attackerPlayer, () => attackWith(foe, token, 3));
  const card = game.messages.contents.at(-1) as ChatMessage.Implementation;
  const apply = () => asUser(attackerPlayer, () => requestCardAction("apply", onCard(card, token)));
  return { card, apply };
}

const endurance = (actor: Actor.Implementation) =>
  (actor.system as unknown as { endurance: { value: number } }).endurance.value;

beforeEach(() => {
  resetWorld();
  resetFakePacks();
  clearDice();
  clearCanvas();
});
afterEach(() => {
  for (const [name, id] of listeners.splice(0)) Hooks.off(name as never, id);
});

describe("brink.preApplyDamage and brink.applyDamage", () => {
  it("let a module cancel damage to a flagged actor: nothing is written and the player is told", async () => {
    const actor = await petra();
    await actor.setFlag("brink" as never, "immortal" as never, true as never);
    const { card, apply } = await attackPetra(actor);
    const pre = listen("brink.preApplyDamage");
    // docs/module-api.md's example: a module that spares any actor carrying a flag.
    const id = Hooks.on(
      "brink.preApplyDamage" as never,
      ((target: Actor.Implementation) =>
        target.getFlag("brink" as never, "immortal" as never) ? false : undefined) as never,
    );
    listeners.push(["brink.preApplyDamage", id]);
    const post = listen("brink.applyDamage");

    const writes = await writesDuring(apply);

    expect(writes).toHaveLength(0);
    expect(endurance(actor)).toBe(10);
    expect(notifications.log.at(-1)).toEqual({
      level: "warn",
      message: "A module stopped the damage to Petra: nothing was applied.",
    });
    expect(pre).toEqual([
      {
        client: "gm",
        args: [
          actor,
          { amount: 7, type: "psychic", lethal: true, killingStrike: false },
          { userId: attackerPlayer.id, messageId: card.id, attack: 0 },
        ],
      },
    ]);
    expect(post).toEqual([]);
  });

  it("let a module change the amount on the GM's client, and announce what was applied once", async () => {
    const actor = await petra();
    const { card, apply } = await attackPetra(actor);
    const id = Hooks.on(
      "brink.preApplyDamage" as never,
      ((_: unknown, damage: { amount: number }) => {
        damage.amount = 2;
      }) as never,
    );
    listeners.push(["brink.preApplyDamage", id]);
    const post = listen("brink.applyDamage");

    expect(await apply()).toEqual({ ok: true });

    expect(endurance(actor)).toBe(8);
    expect(post).toHaveLength(1);
    expect(post[0]?.client).toBe("gm");
    expect(post[0]?.args[0]).toBe(actor);
    expect(post[0]?.args[1]).toMatchObject({ amount: 2, type: "psychic", killingStrike: false });
    expect((post[0]?.args[1] as { steps: unknown[] }).steps.length).toBeGreaterThan(0);
    expect(post[0]?.args[2]).toEqual({ userId: attackerPlayer.id, messageId: card.id, attack: 0 });
  });

  it("refuse an amount that is not a whole number of 0 or more, writing nothing", async () => {
    const actor = await petra();
    const { apply } = await attackPetra(actor);
    const id = Hooks.on(
      "brink.preApplyDamage" as never,
      ((_: unknown, damage: { amount: number }) => {
        damage.amount = -3;
      }) as never,
    );
    listeners.push(["brink.preApplyDamage", id]);
    const writes = await writesDuring(apply);
    expect(writes).toHaveLength(0);
    expect(notifications.log.at(-1)?.message).toBe(
      "A module changed the damage to Petra into something that is not a whole number of 0 or more: nothing was applied.",
    );
  });
});

describe("brink.preRest and brink.rest", () => {
  const rest = (actor: Actor.Implementation) =>
    asUser(petraPlayer, () =>
      requestRest("long-safe", [{ actorUuid: actor.uuid, hitDice: 0, sleptInArmour: false }]),
    );

  it("let a module cancel a rest: nothing is written and the player is told", async () => {
    const actor = await petra({ endurance: { value: 3, max: 10 } });
    const pre = listen("brink.preRest", true);
    const post = listen("brink.rest");
    const writes = await writesDuring(() => rest(actor));
    expect(writes).toHaveLength(0);
    expect(endurance(actor)).toBe(3);
    expect(notifications.log.at(-1)?.message).toBe("A module stopped the rest: nothing changed.");
    expect(pre).toEqual([{ client: "gm", args: [[actor], "long-safe", { userId: petraPlayer.id }] }]);
    expect(post).toEqual([]);
  });

  it("announce a finished rest once, with its card", async () => {
    const actor = await petra({ endurance: { value: 3, max: 10 } });
    const post = listen("brink.rest");
    expect(await rest(actor)).toEqual({ ok: true });
    expect(endurance(actor)).toBe(10);
    const card = game.messages.contents.at(-1);
    expect(post).toEqual([
      { client: "gm", args: [[actor], "long-safe", { userId: petraPlayer.id, messageId: card?.id }] },
    ]);
  });
});

async function fight() {
  const f = await setUpFight([
    { name: "Petra", disposition: DISPOSITIONS.friendly, owner: petraPlayer, type: "character" },
    { name: "Guard", disposition: DISPOSITIONS.hostile },
  ]);
  await f.combat.begin({ startingTeam: f.teamId("Party") });
  return f;
}

describe("brink.preRetreat and brink.retreat", () => {
  it("let a module cancel an Emergency Retreat: the fight goes on and nothing is written", async () => {
    const f = await fight();
    const pre = listen("brink.preRetreat", true);
    const post = listen("brink.retreat");
    const writes = await writesDuring(() => requestRetreat(f.combat.id ?? "", [f.actor("Petra").uuid]));
    expect(writes).toHaveLength(0);
    expect(game.combats.get(f.combat.id ?? "")).toBe(f.combat);
    expect(notifications.log.at(-1)?.message).toBe(
      "A module stopped the Emergency Retreat: nothing changed.",
    );
    expect(pre).toEqual([{ client: "gm", args: [f.combat, [f.actor("Petra")], { userId: "gm" }] }]);
    expect(post).toEqual([]);
  });

  it("announce the retreat once it is applied, with its summary card", async () => {
    const f = await fight();
    const post = listen("brink.retreat");
    const result = await requestRetreat(f.combat.id ?? "", [f.actor("Petra").uuid]);
    expect(result).toMatchObject({ ok: true });
    const messageId = (result as { messageId: string }).messageId;
    expect(game.combats.get(f.combat.id ?? "")).toBeUndefined();
    expect(post).toEqual([
      { client: "gm", args: [f.combat, [f.actor("Petra")], { userId: "gm", messageId }] },
    ]);
  });
});

describe("brink.preClaimTurn and brink.claimTurn", () => {
  it("let a module stop a player taking a turn: nothing is written and the player is told", async () => {
    const f = await fight();
    const pre = listen("brink.preClaimTurn", true);
    const post = listen("brink.claimTurn");
    const petraMember = f.member("Petra");
    const writes = await writesDuring(() =>
      asUser(petraPlayer, () => f.combat.takeTurn(petraMember.id ?? "")),
    );
    expect(writes).toHaveLength(0);
    expect(f.combat.turnState.current).toBeNull();
    expect(notifications.log.at(-1)?.message).toBe("A module stopped Petra's turn from starting.");
    expect(pre).toEqual([{ client: "gm", args: [f.combat, petraMember, { userId: petraPlayer.id }] }]);
    expect(post).toEqual([]);
  });

  it("announce a claimed turn once, after it is written", async () => {
    const f = await fight();
    const post = listen("brink.claimTurn");
    const petraMember = f.member("Petra");
    const before = writeLog.length;
    await asUser(petraPlayer, () => f.combat.takeTurn(petraMember.id ?? ""));
    expect(writeLog.length - before).toBe(1);
    expect(f.combat.turnState.current).toBe(petraMember.id);
    expect(post).toEqual([{ client: "gm", args: [f.combat, petraMember, { userId: petraPlayer.id }] }]);
  });

  it("is not asked about a claim the rules refuse", async () => {
    const f = await fight();
    const petraMember = f.member("Petra");
    await asUser(petraPlayer, () => f.combat.takeTurn(petraMember.id ?? ""));
    const pre = listen("brink.preClaimTurn");
    const again = await asUser(petraPlayer, () => f.combat.takeTurn(petraMember.id ?? ""));
    expect(again.ok).toBe(false);
    expect(pre).toEqual([]);
  });
});
