/**
 * Opposed tests (RULES §2) from the sheet or `game.brink.opposedTest`: the dialog shows the exact
 * chance before anything is rolled, the GM's client rolls both sides and writes one card naming the
 * winner, a tie goes to the defender, and a hostile payload is refused with nothing posted.
 */
import { Window } from "happy-dom";
import { beforeEach, describe, expect, it } from "vitest";
import { clearDice, queueDice } from "../fake-foundry/dice";
import { resetWorld, session } from "../fake-foundry/install";
import { asUser } from "../fake-foundry/runtime";
import { answerDialog, clearCanvas, placeToken, shownDialogs } from "../fake-foundry/ui";
import { player } from "./combat-fixtures";
import { bootBrink } from "./boot";
import type { BrinkActor } from "../../src/documents/actor";
import { clickAction, openSheet } from "../support/sheets";

await bootBrink();
const { registerRecovery } = await import("../../src/workflows/recovery");
registerRecovery();
const { promptOpposedTest } = await import("../../src/applications/rolls/opposed-flow");
const { requestOpposedTest } = await import("../../src/workflows/opposed");
const { CharacterSheet } = await import("../../src/applications");

const OWNER = CONST.DOCUMENT_OWNERSHIP_LEVELS.OWNER;
const NONE = CONST.DOCUMENT_OWNERSHIP_LEVELS.NONE;
const petraPlayer = player("petra-player");

async function petra(): Promise<BrinkActor> {
  return (await Actor.implementation.create({
    name: "Petra",
    type: "character",
    ownership: { default: NONE, [petraPlayer.id]: OWNER },
    system: { attributes: { wis: { die: 6 } }, skills: { notice: { die: 4 } } },
  })) as BrinkActor;
}

async function goblin(): Promise<BrinkActor> {
  return (await Actor.implementation.create({
    name: "Goblin",
    type: "npc",
    ownership: { default: NONE },
    system: { attributes: { dex: { die: 6 } }, skills: { sneak: { die: 6 } } },
  })) as BrinkActor;
}

const parse = (content: string) => {
  const window = new Window();
  window.document.body.innerHTML = content;
  return window.document;
};
const cards = () => game.messages.contents as unknown as { content: string; rolls: { total: number }[] }[];

/** Every outcome of a d{a} + d{b} + luck d20 (a 20 adds 4), as a count per total. */
function totals(a: number, b: number): Map<number, number> {
  const counts = new Map<number, number>();
  for (let x = 1; x <= a; x += 1)
    for (let y = 1; y <= b; y += 1)
      for (let l = 1; l <= 20; l += 1) {
        const total = x + y + (l === 20 ? 4 : 0);
        counts.set(total, (counts.get(total) ?? 0) + 1);
      }
  return counts;
}

const answer = (defender: string) => ({
  defender,
  attribute: "wis",
  skill: "notice",
  defenderAttribute: "dex",
  defenderSkill: "sneak",
});

beforeEach(() => {
  resetWorld();
  clearDice();
  clearCanvas();
  session.user.targets.clear();
  petraPlayer.targets.clear();
  shownDialogs.length = 0;
});

describe("an opposed test", () => {
  it("shows the exact chance that the asker wins before rolling, ties going to the defender", async () => {
    const actor = await petra();
    const foe = await goblin();
    const token = placeToken(foe, 3, 3);
    petraPlayer.targets.add(token as never);
    answerDialog(null);
    await asUser(petraPlayer, () => promptOpposedTest(actor, { skill: "notice", defenderSkill: "sneak" }));
    const mine = totals(6, 4);
    const theirs = totals(6, 6);
    let wins = 0;
    for (const [a, n] of mine) for (const [d, m] of theirs) if (a > d) wins += n * m;
    const expected = `${Math.round((wins / (480 * 720)) * 1000) / 10}%`;
    expect(shownDialogs.at(-1)?.content).toContain(`Chance Petra wins: ${expected}`);
    expect(shownDialogs.at(-1)?.content).toContain("a tie goes to Goblin");
    expect(cards()).toHaveLength(0);
  });

  it("posts one card with both sides' dice and totals; the higher total wins", async () => {
    const actor = await petra();
    const foe = await goblin();
    const token = placeToken(foe, 3, 3);
    petraPlayer.targets.add(token as never);
    queueDice(5, 4, 10, 2, 3, 7); // Petra 5 + 4 = 9, Goblin 2 + 3 = 5
    answerDialog(answer(token.document.uuid));
    await asUser(petraPlayer, () => promptOpposedTest(actor, {}));
    expect(cards()).toHaveLength(1);
    const card = cards()[0];
    expect(card?.rolls.map((roll) => roll.total)).toEqual([5, 4, 10, 2, 3, 7]);
    const html = parse(card?.content ?? "");
    const sides = [...html.querySelectorAll(".opposed-side")].map((side) => side.textContent ?? "");
    expect(sides[0]).toContain("Petra");
    expect(sides[0]).toContain("9");
    expect(sides[1]).toContain("Goblin");
    expect(sides[1]).toContain("5");
    expect(html.querySelector(".opposed-winner")?.textContent).toContain("Petra wins by 4");
  });

  it("offers each side proficiency and advantage, and names every edge on the card, light too", async () => {
    await game.settings.set("brink", "lightLevels", true);
    const actor = await petra();
    await actor.update({ system: { conditions: ["darkness"] } });
    const foe = await goblin();
    const token = placeToken(foe, 3, 3);
    petraPlayer.targets.add(token as never);
    // Petra: darkness hinders Notice (two pools, the lower kept: 2 + 1) + proficiency = 4.
    // Goblin: advantage chosen in the dialog (two pools, the higher kept: 6 + 6) = 12.
    queueDice(5, 4, 2, 1, 10, 2, 3, 6, 6, 7);
    answerDialog({ ...answer(token.document.uuid), proficient: "on", defenderAdvantage: "1" });
    await asUser(petraPlayer, () => promptOpposedTest(actor, {}));
    const dialog = shownDialogs.at(-1)?.content ?? "";
    for (const name of ["proficient", "advantage", "defenderProficient", "defenderAdvantage"])
      expect(dialog).toContain(`name="${name}"`);
    const html = parse(cards()[0]?.content ?? "");
    const sides = [...html.querySelectorAll(".opposed-side")].map((side) => side.textContent ?? "");
    expect(sides[0]).toContain("Darkness: disadvantage");
    expect(sides[0]).toContain("Proficiency");
    expect(sides[1]).toContain("Chosen in the dialog: advantage");
    expect(html.querySelector(".opposed-winner")?.textContent).toContain("Goblin wins by 8");
  });

  it("gives a tie to the defender", async () => {
    const actor = await petra();
    const foe = await goblin();
    const token = placeToken(foe, 3, 3);
    petraPlayer.targets.add(token as never);
    queueDice(3, 3, 10, 2, 4, 7); // 6 against 6
    answerDialog(answer(token.document.uuid));
    await asUser(petraPlayer, () => promptOpposedTest(actor, {}));
    const html = parse(cards()[0]?.content ?? "");
    expect(html.querySelector(".opposed-winner")?.textContent).toContain(
      "Goblin wins (a tie goes to the defender)",
    );
  });

  it("refuses a hostile payload: a side the asker does not own, an unknown skill, a hidden defender", async () => {
    const actor = await petra();
    const foe = await goblin();
    const token = placeToken(foe, 3, 3);
    const sides = {
      attacker: { attribute: "wis", skill: "notice", proficient: false, advantage: 0 },
      defender: { attribute: "dex", skill: "sneak", proficient: false, advantage: 0 },
    } as const;
    // Rolling for the goblin against Petra: Petra's player does not own the goblin.
    const notMine = await asUser(petraPlayer, () =>
      requestOpposedTest({ actorUuid: foe.uuid, defenderUuid: actor.uuid, ...sides, rollMode: "publicroll" }),
    );
    expect(notMine).toMatchObject({ ok: false, reason: "BRINK.Roll.notOwner" });
    const badSkill = await asUser(petraPlayer, () =>
      requestOpposedTest({
        actorUuid: actor.uuid,
        defenderUuid: token.document.uuid,
        attacker: { attribute: "wis", skill: "__proto__" },
        defender: sides.defender,
        rollMode: "publicroll",
      } as never),
    );
    expect(badSkill).toMatchObject({ ok: false });
    // An actor she has no permission on and no token of: she cannot see it, so she cannot name it.
    const unseen = await asUser(petraPlayer, () =>
      requestOpposedTest({ actorUuid: actor.uuid, defenderUuid: foe.uuid, ...sides, rollMode: "publicroll" }),
    );
    expect(unseen).toMatchObject({ ok: false, reason: "BRINK.Opposed.Refusal.unseen" });
    const self = await asUser(petraPlayer, () =>
      requestOpposedTest({
        actorUuid: actor.uuid,
        defenderUuid: actor.uuid,
        ...sides,
        rollMode: "publicroll",
      }),
    );
    expect(self).toMatchObject({ ok: false, reason: "BRINK.Opposed.Refusal.self" });
    // Each side's dialog choices are read field by field: triple advantage or a proficiency string is refused.
    for (const attacker of [
      { ...sides.attacker, advantage: 3 },
      { ...sides.attacker, proficient: "yes" },
    ]) {
      const refused = await asUser(petraPlayer, () =>
        requestOpposedTest({
          actorUuid: actor.uuid,
          defenderUuid: token.document.uuid,
          attacker,
          defender: sides.defender,
          rollMode: "publicroll",
        } as never),
      );
      expect(refused).toMatchObject({ ok: false });
    }
    expect(cards()).toHaveLength(0);
  });

  it("starts from the Opposed test control under the sheet's skills", async () => {
    const actor = await petra();
    const foe = await goblin();
    const token = placeToken(foe, 3, 3);
    session.user.targets.add(token as never);
    queueDice(5, 4, 10, 2, 3, 7);
    answerDialog(answer(token.document.uuid));
    const sheet = await openSheet(CharacterSheet, actor as unknown as Actor.Implementation);
    await clickAction(sheet, '[data-action="opposedTest"]');
    expect(shownDialogs.at(-1)?.content).toContain("Chance Petra wins");
    expect(cards()).toHaveLength(1);
  });

  it("is offered from the game.brink API", async () => {
    expect(typeof (game as unknown as { brink: { opposedTest: unknown } }).brink.opposedTest).toBe(
      "function",
    );
  });
});
