/**
 * The Effects tab shows how long each Active Effect has LEFT, counted from the start core records
 * with it: rounds from the round it began in (in that fight), seconds on the world clock. Counts
 * follow the plural rules ("1 round", not "1 rounds").
 */
import { beforeEach, describe, expect, it } from "vitest";
import { resetWorld } from "../fake-foundry/install";
import { clearDice } from "../fake-foundry/dice";
import { openSheet } from "../support/sheets";
import type { DocumentSheetSurface } from "../../src/foundry/application-base";
import { bootCombat, DISPOSITIONS, setUpFight } from "./combat-fixtures";

await bootCombat();
const { CharacterSheet } = await import("../../src/applications/sheets");

const HOUR = 3600;

beforeEach(() => {
  resetWorld();
  clearDice();
});

async function durationOf(actor: Actor.Implementation, name: string): Promise<string> {
  const sheet = (await openSheet(CharacterSheet, actor, (s) => {
    s.tabGroups.primary = "effects";
  })) as DocumentSheetSurface<unknown>;
  const row = [...sheet.element.querySelectorAll(".effects-effects .effect-row")].find((r) =>
    r.querySelector(".effect-name")?.textContent?.includes(name),
  );
  return row?.querySelector(".effect-duration")?.textContent?.trim() ?? "";
}

describe("an Active Effect's time left on the Effects tab", () => {
  it("counts rounds down from the round it began in, in the fight it began in", async () => {
    const f = await setUpFight([
      { name: "Roland", disposition: DISPOSITIONS.friendly, type: "character" },
      { name: "Guard", disposition: DISPOSITIONS.hostile },
    ]);
    await f.combat.begin({ startingTeam: f.teamId("Party") });
    const roland = f.actor("Roland");
    await roland.createEmbeddedDocuments("ActiveEffect", [
      { name: "Blessed", duration: { rounds: 3, startRound: f.combat.round, combat: f.combat.id } },
      { name: "Old Ward", duration: { rounds: 3, startRound: 1, combat: "someOtherFight1" } },
    ] as never);
    expect(await durationOf(roland, "Blessed")).toBe("3 rounds");

    await f.combat.endTheRound();
    expect(await durationOf(roland, "Blessed")).toBe("2 rounds");
    await f.combat.endTheRound();
    expect(await durationOf(roland, "Blessed")).toBe("1 round");
    // Begun in another fight: its whole duration is still shown.
    expect(await durationOf(roland, "Old Ward")).toBe("3 rounds");
  });

  it("counts seconds down on the world clock, an hour or more in whole hours", async () => {
    const actor = await Actor.implementation.create({
      name: "Petra",
      type: "character",
      effects: [
        { name: "Torchlit", duration: { seconds: 3 * HOUR, startTime: game.time.worldTime } },
        { name: "Quick", duration: { turns: 1 } },
      ],
    } as never);
    if (!actor) throw new Error("Petra was not created");
    expect(await durationOf(actor, "Torchlit")).toBe("3 hours");
    expect(await durationOf(actor, "Quick")).toBe("1 turn");

    await game.time.advance(2 * HOUR);
    expect(await durationOf(actor, "Torchlit")).toBe("1 hour");
    await game.time.advance(HOUR - 90);
    expect(await durationOf(actor, "Torchlit")).toBe("90 s");
  });
});
