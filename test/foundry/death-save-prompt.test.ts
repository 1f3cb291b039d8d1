import { beforeEach, describe, expect, it } from "vitest";
import { clearDice, queueDice } from "../fake-foundry/dice";
import { resetWorld, settings, users } from "../fake-foundry/install";
import { asUser } from "../fake-foundry/runtime";
import { answerDialog, shownDialogs } from "../fake-foundry/ui";
import { bootCombat, DISPOSITIONS, player, setUpFight, type Fight } from "./combat-fixtures";

await bootCombat();
const { deathSavesSettled } = await import("../../src/applications/rolls/death-save-prompt");

/** RULES §6 (deathRule dying): the dying character's turn starts with the death-save prompt on its owner's screen. */

const petrasPlayer = player("petra-player");
const dyingNow = { turnsTaken: 3, successes: 0, failures: 0, savedThisTurn: false, lastStabiliseRound: null };
const TITLE = "Petra is dying: death save?";

interface Life {
  death: { dying: { successes: number; failures: number; savedThisTurn: boolean } | null };
}
const life = (actor: Actor.Implementation) => actor.system as unknown as Life;

beforeEach(async () => {
  resetWorld();
  clearDice();
  shownDialogs.length = 0;
  petrasPlayer.active = true;
  await settings.set("brink", "deathRule", "dying");
});

async function dyingPetra(owner = petrasPlayer): Promise<Fight> {
  const f = await setUpFight([
    { name: "Petra", disposition: DISPOSITIONS.friendly, owner, type: "character" },
    { name: "Guard", disposition: DISPOSITIONS.hostile },
  ]);
  await f.actor("Petra").update({
    system: { health: { value: 0 }, conditions: ["dying"], death: { dying: dyingNow } },
  });
  await f.combat.begin({ startingTeam: f.teamId("Party") });
  return f;
}

const prompts = () => shownDialogs.filter((dialog) => dialog.title === TITLE);

describe("the death-save prompt at a dying character's turn start", () => {
  it("asks the owning player, not the GM, and a yes rolls the death save", async () => {
    const f = await dyingPetra();
    answerDialog({});
    queueDice(12);
    await asUser(petrasPlayer, () => f.combat.takeTurn(f.member("Petra").id ?? ""));
    await deathSavesSettled();
    expect(prompts().map((dialog) => dialog.user)).toEqual([petrasPlayer.id]);
    expect(prompts()[0]?.content).toContain("7 turns left");
    expect(life(f.actor("Petra")).death.dying).toMatchObject({ successes: 1, savedThisTurn: true });
  });

  it("asks the GM when no owner is connected", async () => {
    const f = await dyingPetra();
    petrasPlayer.active = false;
    await f.combat.takeTurn(f.member("Petra").id ?? "");
    await deathSavesSettled();
    expect(prompts().map((dialog) => dialog.user)).toEqual([users.activeGM?.id]);
  });

  it("rolls nothing when the prompt is closed, and asks nobody for a character who is not dying", async () => {
    const f = await dyingPetra();
    await asUser(petrasPlayer, () => f.combat.takeTurn(f.member("Petra").id ?? ""));
    await deathSavesSettled();
    expect(life(f.actor("Petra")).death.dying).toMatchObject({ successes: 0, failures: 0 });
    await asUser(petrasPlayer, () => f.combat.endTurn());
    shownDialogs.length = 0;
    await f.combat.takeTurn(f.member("Guard").id ?? "");
    await deathSavesSettled();
    expect(prompts()).toEqual([]);
  });
});
