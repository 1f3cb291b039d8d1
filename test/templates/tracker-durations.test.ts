import { Window } from "happy-dom";
import { beforeEach, describe, expect, it } from "vitest";
import { resetWorld } from "../fake-foundry/install";
import { asUser } from "../fake-foundry/runtime";
import {
  bootCombat,
  DISPOSITIONS,
  player,
  renderTracker,
  setUpFight,
  type Fight,
} from "../foundry/combat-fixtures";

await bootCombat();
const { setTimedCondition, durationsSettled } = await import("../../src/workflows/durations");

/** The tracker tells each combatant's timed conditions with the time left, and why one cannot act. */

const boudicasPlayer = player("boudica-player");
beforeEach(() => resetWorld());

const text = (element: { textContent: string | null } | null | undefined) =>
  element?.textContent?.trim() ?? "";

async function fight(): Promise<Fight> {
  const f = await setUpFight([
    { name: "Boudica", disposition: DISPOSITIONS.friendly, owner: boudicasPlayer },
    { name: "Clementine", disposition: DISPOSITIONS.friendly },
    { name: "Guard", disposition: DISPOSITIONS.hostile },
  ]);
  await f.combat.begin({ startingTeam: f.teamId("Party") });
  return f;
}

async function row(name: string) {
  const window = new Window();
  window.document.body.innerHTML = (await renderTracker()).html;
  return [...window.document.querySelectorAll(".brink-member")].find(
    (r) => text(r.querySelector(".member-name")) === name,
  );
}

const tags = async (name: string, kind: string) =>
  [...((await row(name))?.querySelectorAll(`.member-tag.${kind}`) ?? [])].map(text);
const tooltips = async (name: string, kind: string) =>
  [...((await row(name))?.querySelectorAll(`.member-tag.${kind}`) ?? [])].map((tag) =>
    tag.getAttribute("data-tooltip"),
  );

describe("timed conditions in the tracker", () => {
  it("shows Guard and cover with the turn they last until, and drops them when that turn starts", async () => {
    const f = await fight();
    await asUser(boudicasPlayer, async () => {
      await f.combat.takeTurn(f.member("Boudica").id ?? "");
      await f.member("Boudica").spendAction("seekCover");
      await f.member("Boudica").spendAction("guard");
    });
    expect(await tags("Boudica", "guarding")).toEqual(["Guarding +1 until next turn"]);
    expect(await tags("Boudica", "timed")).toEqual(["In cover until next turn"]);
    expect(await tooltips("Boudica", "timed")).toEqual(["Boudica: In cover until next turn"]);
    await f.combat.takeTurn(f.member("Guard").id ?? "");
    await f.combat.endTurn();
    await f.combat.takeTurn(f.member("Clementine").id ?? "");
    await f.combat.endTurn();
    await f.combat.takeTurn(f.member("Boudica").id ?? "");
    await durationsSettled();
    expect(await tags("Boudica", "guarding")).toEqual([]);
    expect(await tags("Boudica", "timed")).toEqual([]);
  });

  it("counts rounds, the end of a turn and a rest in words", async () => {
    const f = await fight();
    const clementine = f.actor("Clementine");
    await setTimedCondition(clementine, "separated", "roundEnd", { rounds: 2 });
    await setTimedCondition(clementine, "disoriented", "rest");
    await setTimedCondition(clementine, "stable", "roundEnd");
    await f.combat.takeTurn(f.member("Clementine").id ?? "");
    await setTimedCondition(clementine, "in-cover", "ownTurnEnd", { inOwnTurn: true });
    await setTimedCondition(clementine, "prone", "ownTurnEnd");
    await setTimedCondition(f.actor("Boudica"), "in-cover", "ownTurnEnd");
    expect(await tags("Clementine", "timed")).toEqual([
      "Separated until round 2 ends",
      "Disoriented until the next rest",
      "Stable until the round ends",
      "In cover until next turn ends",
      "Prone until this turn ends",
    ]);
    expect(await tags("Boudica", "timed")).toEqual(["In cover until next turn ends"]);
  });

  it("reads the Guarding marker from the condition, so taking it off by hand takes the marker away", async () => {
    const f = await fight();
    await f.combat.takeTurn(f.member("Boudica").id ?? "");
    await f.member("Boudica").spendAction("guard");
    await f.actor("Boudica").toggleStatusEffect("guarding", { active: false });
    expect(await tags("Boudica", "guarding")).toEqual([]);
    await f.actor("Clementine").toggleStatusEffect("guarding", { active: true });
    expect(await tags("Clementine", "guarding")).toEqual(["Guarding +1"]);
  });
});

describe("why a combatant cannot act", () => {
  it("names the condition that takes its turns away, or that the GM marked it defeated", async () => {
    const f = await fight();
    await f.actor("Clementine").toggleStatusEffect("unconscious", { active: true });
    await f.actor("Guard").toggleStatusEffect("paralysed", { active: true });
    await f.combat.whenSynced();
    expect(await tags("Clementine", "unable-reason")).toEqual(["Unconscious"]);
    expect(await tags("Guard", "unable-reason")).toEqual(["Paralysed"]);
    expect(await tags("Boudica", "unable-reason")).toEqual([]);
    await f.actor("Clementine").toggleStatusEffect("routed", { active: true });
    expect(await tags("Clementine", "unable-reason")).toEqual(["Unconscious, Routed"]);
    await f.member("Boudica").update({ defeated: true });
    expect(await tags("Boudica", "unable-reason")).toEqual(["Defeated"]);
  });
});
