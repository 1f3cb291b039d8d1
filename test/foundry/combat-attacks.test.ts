import { beforeEach, describe, expect, it } from "vitest";
import { clearDice, plannedDiceLeft, queueDice } from "../fake-foundry/dice";
import { notifications, resetWorld, session, writeLog } from "../fake-foundry/install";
import { answerDialog, clearCanvas, shownDialogs } from "../fake-foundry/ui";
import type { BrinkActor } from "../../src/documents/actor";
import { onCard } from "../support/cards";
import { DISPOSITIONS, bootCombat, setUpFight } from "./combat-fixtures";

await bootCombat();
const { promptAttack } = await import("../../src/applications/rolls/flows");
const { requestCardAction } = await import("../../src/workflows/damage");

beforeEach(() => {
  resetWorld();
  clearDice();
  clearCanvas();
});

async function duel() {
  const f = await setUpFight([
    { name: "Boudica", disposition: DISPOSITIONS.friendly },
    { name: "Guard", disposition: DISPOSITIONS.hostile },
  ]);
  const boudica = f.actor("Boudica") as BrinkActor;
  await boudica.createEmbeddedDocuments("Item", [
    { name: "Spear", type: "weapon", system: { attributes: ["str"], damage: 4, damageType: "piercing" } },
  ]);
  const guard = f.actor("Guard") as BrinkActor;
  await guard.update({ system: { evasion: 1 } });
  answerDialog({ startingTeam: f.teamId("Party"), attackedTeam: "" });
  await f.combat.startCombat();
  await f.combat.takeTurn(f.member("Boudica").id ?? "");
  session.user.targets.clear();
  session.user.targets.add(f.token("Guard") as never);
  return { f, boudica, guard };
}

const attackOnce = async (actor: BrinkActor) => {
  queueDice(3, 10);
  answerDialog({ attribute: "str", advantage: "0", modifier: "0" });
  await promptAttack(actor, actor.items.getName("Spear") as Item.Implementation);
  return game.messages.contents.at(-1) as unknown as { id: string; content: string };
};

describe("attacks in combat", () => {
  it("spend an action each and give the next attack this round the multiple-attack penalty", async () => {
    const { f, boudica } = await duel();
    await attackOnce(boudica);
    const second = await attackOnce(boudica);
    expect(second.content).toContain("Multiple attack penalty");
    expect(f.member("Boudica").attacksThisRound).toBe(2);
    expect(f.member("Boudica").economy.actionsLeft).toBe(1);
  });

  it("name the multiple-attack penalty in the dialog, on the target rows it changes", async () => {
    const { boudica } = await duel();
    const penalties = () =>
      (shownDialogs.at(-1)?.content ?? "").match(
        /<td>Guard[^<]*(<span class="penalty">[^<]*<\/span>)?/,
      )?.[1] ?? "";
    await attackOnce(boudica);
    expect(penalties()).toBe("");
    await attackOnce(boudica);
    expect(penalties()).toBe('<span class="penalty">−2 multiple attack penalty</span>');
    await attackOnce(boudica);
    expect(penalties()).toBe('<span class="penalty">−4 multiple attack penalty</span>');
  });

  it("refuse a fourth attack in a turn, and an attack out of turn, before anything is rolled", async () => {
    const { f, boudica, guard } = await duel();
    for (let n = 0; n < 3; n += 1) await attackOnce(boudica);
    const cards = game.messages.size;
    const writes = writeLog.length;
    queueDice(3, 10);
    answerDialog({ attribute: "str", advantage: "0", modifier: "0" });
    await promptAttack(boudica, boudica.items.getName("Spear") as Item.Implementation);
    expect(game.messages.size).toBe(cards);
    expect(writeLog.length).toBe(writes);
    expect(notifications.log.at(-1)?.message).toBe("Boudica has no actions left this turn.");
    await guard.createEmbeddedDocuments("Item", [
      { name: "Spear", type: "weapon", system: { attributes: ["str"], damage: 4, damageType: "piercing" } },
    ]);
    session.user.targets.clear();
    session.user.targets.add(f.token("Boudica") as never);
    answerDialog({ attribute: "str", advantage: "0", modifier: "0" });
    await promptAttack(guard, guard.items.getName("Spear") as Item.Implementation);
    expect(game.messages.size).toBe(cards);
    expect(notifications.log.at(-1)?.message).toBe("It is not Guard's turn.");
  });

  it("refuse an attribute the weapon cannot use before the action is spent", async () => {
    const { f, boudica } = await duel();
    const writes = writeLog.length;
    const { requestAttack } = await import("../../src/workflows/attack");
    const result = await requestAttack({
      actorUuid: boudica.uuid,
      weaponId: boudica.items.getName("Spear")?.id ?? "",
      targets: [f.token("Guard").document.uuid],
      choice: {
        attribute: "cha",
        sneak: false,
        flanking: false,
        advantage: 0,
        modifier: 0,
        killingStrike: false,
      },
      rollMode: "publicroll",
    });
    expect(result).toEqual({
      ok: false,
      reason: "BRINK.Attack.Refusal.attribute-not-usable",
      data: { weapon: "Spear" },
    });
    expect(f.member("Boudica").economy.actionsLeft).toBe(3);
    expect(writeLog.length).toBe(writes);
  });

  it("use the defender's reaction: a second reaction in the same round is refused", async () => {
    const { f, boudica } = await duel();
    const token = [...session.user.targets][0] as { document: { uuid: string } };
    const first = await attackOnce(boudica);
    queueDice(6, 10); // the Guard's DEX d6 (no Athletics) and the luck die
    await requestCardAction("react", { ...onCard(first, token), kind: "dodge" });
    expect(f.member("Guard").economy.reactionsLeft).toBe(0);
    const second = await attackOnce(boudica);
    const refused = await requestCardAction("react", { ...onCard(second, token), kind: "dodge" });
    expect(refused).toEqual({ ok: false, reason: "BRINK.Damage.Refusal.no-reaction" });
  });
});

describe("the tracker's way out of a fight", () => {
  it("offers Emergency Retreat while the fight runs, and morale checks and retreat actions to the GM when Morale is on", async () => {
    const { renderTracker } = await import("./combat-fixtures");
    await duel();
    const before = (await renderTracker()).html;
    expect(before).toContain('data-action="emergencyRetreat"');
    expect(before).toContain('data-action="retreatAction"');
    expect(before).not.toContain('data-action="moraleCheck"');
    await game.settings.set("brink", "morale", true);
    expect((await renderTracker()).html).toContain('data-action="moraleCheck"');
  });
});

describe("the tracker during the dying rule", () => {
  it("shows a dying combatant's countdown", async () => {
    const { renderTracker } = await import("./combat-fixtures");
    const { f } = await duel();
    await f.actor("Guard").update({
      system: {
        conditions: ["dying"],
        death: {
          dying: { turnsTaken: 4, successes: 0, failures: 1, savedThisTurn: false, lastStabiliseRound: null },
        },
      },
    });
    expect((await renderTracker()).html).toContain("Dying: 6 turns");
  });
});

describe("a killing strike in combat (RULES §3/§4)", () => {
  async function downedGuard() {
    const f = await setUpFight([
      { name: "Boudica", disposition: DISPOSITIONS.friendly, type: "npc" },
      { name: "Guard", disposition: DISPOSITIONS.hostile },
      { name: "Captain", disposition: DISPOSITIONS.hostile },
    ]);
    const boudica = f.actor("Boudica") as BrinkActor;
    await boudica.createEmbeddedDocuments("Item", [
      { name: "Spear", type: "weapon", system: { attributes: ["str"], damage: 4, damageType: "piercing" } },
    ]);
    await f.actor("Guard").update({
      system: { endurance: { value: 0 }, health: { value: 0 }, conditions: ["unconscious"] },
    });
    answerDialog({ startingTeam: f.teamId("Party"), attackedTeam: "" });
    await f.combat.startCombat();
    await f.combat.takeTurn(f.member("Boudica").id ?? "");
    return { f, boudica };
  }

  const strike = async (f: Awaited<ReturnType<typeof downedGuard>>["f"], boudica: BrinkActor) => {
    session.user.targets.clear();
    session.user.targets.add(f.token("Guard") as never);
    answerDialog({ attribute: "str", advantage: "0", modifier: "0", killingStrike: "on" });
    await promptAttack(boudica, boudica.items.getName("Spear") as Item.Implementation);
  };

  it("with three actions left takes all three and counts as an attack for the penalty", async () => {
    const { f, boudica } = await downedGuard();
    queueDice(6, 6, 10);
    await strike(f, boudica);
    expect(game.messages.contents.at(-1)?.content).toContain("it lands");
    expect(f.member("Boudica").economy.actionsLeft).toBe(0);
    expect(f.member("Boudica").attacksThisRound).toBe(1);
  });

  it("with fewer left becomes an extended action: nothing is rolled until its cost is paid", async () => {
    const { f, boudica } = await downedGuard();
    session.user.targets.clear();
    session.user.targets.add(f.token("Captain") as never);
    await attackOnce(boudica);
    const cards = game.messages.size;
    await strike(f, boudica);
    expect(game.messages.size).toBe(cards);
    expect(plannedDiceLeft()).toBe(0);
    expect(notifications.log.at(-1)?.message).toBe(
      "Boudica begins a killing strike on Guard: it lands once its cost is paid (1 action still owed).",
    );
    expect(f.member("Boudica").economy).toMatchObject({
      actionsLeft: 0,
      attacksThisRound: 2,
      extended: { key: "killingStrike", remaining: 1 },
    });
    await f.combat.endTurn();
    await f.combat.takeTurn(f.member("Captain").id ?? "");
    await f.combat.endTurn();
    await f.combat.takeTurn(f.member("Boudica").id ?? "");
    queueDice(6, 6, 10);
    expect((await f.member("Boudica").continueExtended()).ok).toBe(true);
    expect(game.messages.size).toBe(cards + 1);
    expect(game.messages.contents.at(-1)?.content).toContain("it lands");
    expect(f.member("Boudica").economy).toMatchObject({ actionsLeft: 2, attacksThisRound: 0 });
  });

  it("lands on nobody when the target woke before its cost was paid", async () => {
    const { f, boudica } = await downedGuard();
    await f.member("Boudica").spendAction("attack");
    await f.member("Boudica").spendAction("attack");
    await strike(f, boudica);
    await f.actor("Guard").update({ system: { health: { value: 3 }, conditions: [] } });
    await f.combat.endTurn();
    await f.combat.takeTurn(f.member("Guard").id ?? "");
    await f.combat.endTurn();
    await f.combat.takeTurn(f.member("Captain").id ?? "");
    await f.combat.endTurn();
    await f.combat.takeTurn(f.member("Boudica").id ?? "");
    const cards = game.messages.size;
    const result = await f.member("Boudica").continueExtended();
    expect(result).toMatchObject({ ok: false, reason: "BRINK.Attack.Refusal.target-not-unconscious" });
    expect(game.messages.size).toBe(cards);
    expect(f.member("Boudica").economy.extended).toBeNull();
  });
});
