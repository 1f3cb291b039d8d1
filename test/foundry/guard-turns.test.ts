import { beforeEach, describe, expect, it } from "vitest";
import { resetWorld } from "../fake-foundry/install";
import { asUser } from "../fake-foundry/runtime";
import { answerDialog } from "../fake-foundry/ui";
import { bootCombat, player, rolandAgainstGuard, type Fight } from "./combat-fixtures";

await bootCombat();

/** RULES §3 Guard: the status is on the guard from the Guard action until its next turn starts or the fight ends. */

const rolandsPlayer = player("roland-player");
beforeEach(() => resetWorld());

const fight = (): Promise<Fight> => rolandAgainstGuard(rolandsPlayer);
const asRoland = <T>(work: () => Promise<T>) => asUser(rolandsPlayer, work);
const guarding = (f: Fight) => f.member("Roland").actor?.statuses.has("guarding") ?? false;

async function rolandGuards(f: Fight) {
  await asRoland(() => f.combat.takeTurn(f.member("Roland").id ?? ""));
  await asRoland(() => f.member("Roland").spendAction("guard"));
}

describe("Guard's status", () => {
  it("is set by the Guard action, lasts through others' turns and ends when the guard's next turn starts", async () => {
    const f = await fight();
    await rolandGuards(f);
    expect(guarding(f)).toBe(true);
    await f.combat.takeTurn(f.member("Guard").id ?? "");
    expect(guarding(f)).toBe(true);
    await f.combat.endTurn();
    expect(guarding(f)).toBe(true);
    await asRoland(() => f.combat.takeTurn(f.member("Roland").id ?? ""));
    expect(guarding(f)).toBe(false);
  });

  it("ends with the combat", async () => {
    const f = await fight();
    await rolandGuards(f);
    const actor = f.member("Roland").actor;
    expect(guarding(f)).toBe(true);
    answerDialog({});
    await f.combat.endCombat();
    expect(actor?.statuses.has("guarding")).toBe(false);
  });
});
