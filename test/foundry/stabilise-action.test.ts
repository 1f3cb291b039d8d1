import { beforeEach, describe, expect, it } from "vitest";
import { clearDice, plannedDiceLeft, queueDice } from "../fake-foundry/dice";
import { notifications, resetWorld, settings } from "../fake-foundry/install";
import { asUser } from "../fake-foundry/runtime";
import { answerDialog, clearCanvas, clearDialogAnswers } from "../fake-foundry/ui";
import { DISPOSITIONS, bootCombat, player, setUpFight, type Fight } from "./combat-fixtures";
import type { BrinkActor } from "../../src/documents/actor";

await bootCombat();
const { lifeAction } = await import("../../src/workflows/life");
const { promptStabilise } = await import("../../src/applications/rolls/life-flows");

/** RULES §6 (dying rule): an ally stabilises with a Heal test as an action, on that ally's turn. */

const rolandsPlayer = player("roland-player");
const asRoland = <T>(work: () => Promise<T>) => asUser(rolandsPlayer, work);
const conditions = (f: Fight, name: string) => [
  ...(f.actor(name).system as unknown as { conditions: Set<string> }).conditions,
];

beforeEach(() => {
  resetWorld();
  clearDice();
  clearCanvas();
  clearDialogAnswers();
});

async function fabianDying(): Promise<Fight> {
  await settings.set("brink", "deathRule", "dying");
  const f = await setUpFight([
    { name: "Roland", disposition: DISPOSITIONS.friendly, owner: rolandsPlayer },
    { name: "Fabian", disposition: DISPOSITIONS.friendly },
    { name: "Guard", disposition: DISPOSITIONS.hostile },
  ]);
  // WIS d12, no Heal: the test is one d12 and the luck die.
  await f.actor("Roland").update({ system: { attributes: { wis: { die: 12 } } } } as never);
  await f.actor("Fabian").update({
    system: {
      health: { value: 0 },
      conditions: ["dying"],
      death: {
        dying: { turnsTaken: 1, successes: 0, failures: 0, savedThisTurn: false, lastStabiliseRound: null },
      },
    },
  });
  await f.combat.begin({ startingTeam: f.teamId("Party") });
  return f;
}

const tend = (f: Fight) =>
  asRoland(() =>
    lifeAction(f.actor("Fabian"), {
      kind: "stabilise",
      hasHealingTools: true,
      by: f.actor("Roland").id ?? "",
    }),
  );

describe("stabilising in a fight", () => {
  it("is an action on the tending ally's turn: it spends one of Roland's actions", async () => {
    const f = await fabianDying();
    await asRoland(() => f.combat.takeTurn(f.member("Roland").id ?? ""));
    queueDice(10, 5);
    answerDialog({ ally: f.actor("Roland").id, tools: "on" });
    await asRoland(() => promptStabilise(f.actor("Fabian") as BrinkActor));
    expect(conditions(f, "Fabian")).toContain("stable");
    expect(f.member("Roland").economy.actionsLeft).toBe(2);
  });

  it("is refused in another's turn, nothing rolled", async () => {
    const f = await fabianDying();
    await asRoland(() => f.combat.takeTurn(f.member("Roland").id ?? ""));
    await asRoland(() => f.combat.endTurn());
    await f.combat.takeTurn(f.member("Guard").id ?? "");
    const cards = game.messages.size;
    queueDice(10, 5);
    const result = await tend(f);
    expect(result).toMatchObject({ ok: false, reason: "BRINK.Combat.Economy.notYourTurn" });
    expect(plannedDiceLeft()).toBe(2);
    expect(game.messages.size).toBe(cards);
    expect(conditions(f, "Fabian")).toContain("dying");
  });

  it("needs an ally who can act: an unconscious one is refused, and the dialog does not offer them", async () => {
    const f = await fabianDying();
    await asRoland(() => f.combat.takeTurn(f.member("Roland").id ?? ""));
    await f.actor("Roland").update({ system: { conditions: ["unconscious"] } });
    const result = await tend(f);
    expect(result).toMatchObject({ ok: false, reason: "BRINK.Life.Refusal.ally-cannot-act" });
    await asRoland(() => promptStabilise(f.actor("Fabian") as BrinkActor));
    expect(notifications.log.at(-1)?.message).toBe(game.i18n.localize("BRINK.Life.StabiliseDialog.noAlly"));
  });
});
