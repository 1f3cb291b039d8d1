/**
 * Brink's turn keys as players press them: Alt+T takes the turn of the player's combatant whose
 * team is to move, Alt+E ends the acting combatant's turn, each through the tracker's requests.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { notifications, resetWorld } from "../fake-foundry/install";
import { asUser } from "../fake-foundry/runtime";
import { pressKey, releaseKey } from "../fake-foundry/keybindings";
import { bootCombat, DISPOSITIONS, player, setUpFight } from "./combat-fixtures";

await bootCombat();
const keys = await import("../../src/keybindings");

beforeEach(() => resetWorld());

/** Presses Alt and a letter together, as a player would, and waits for the GM's answer. */
async function chord(code: string): Promise<void> {
  pressKey("AltLeft");
  pressKey(code);
  releaseKey(code);
  releaseKey("AltLeft");
  await keys.keyAction;
}

const fight = () =>
  setUpFight([
    { name: "Roland", disposition: DISPOSITIONS.friendly, owner: player("roland-player") },
    { name: "Clementine", disposition: DISPOSITIONS.friendly, owner: player("clem-player") },
    { name: "Goblin", disposition: DISPOSITIONS.hostile },
  ]);

describe("the turn keys", () => {
  it("take the turn of the player's own combatant when the party is to move, then end it", async () => {
    const f = await fight();
    await f.combat.begin({ startingTeam: f.teamId("Party") });
    await asUser(player("roland-player"), () => chord("KeyT"));
    expect(f.combat.turnState.current).toBe(f.member("Roland").id);
    await asUser(player("clem-player"), () => chord("KeyE"));
    expect(notifications.log.at(-1)?.message).toBe("It is Roland's turn, and you do not own Roland.");
    expect(f.combat.turnState.current).toBe(f.member("Roland").id);
    await asUser(player("roland-player"), () => chord("KeyE"));
    expect(f.combat.turnState.current).toBeNull();
    expect(f.combat.turnState.toMove).toBe(f.teamId("Foes"));
  });

  it("take nothing when the foes are to move, with a warning", async () => {
    const f = await fight();
    await f.combat.begin({ startingTeam: f.teamId("Foes") });
    await asUser(player("roland-player"), () => chord("KeyT"));
    expect(f.combat.turnState.current).toBeNull();
    expect(notifications.log.at(-1)?.message).toBe(game.i18n.localize("BRINK.Keybinding.noTurnToTake"));
  });

  it("take the turn of the GM's selected token, and ask the GM to select one when several could act", async () => {
    const f = await fight();
    await f.combat.begin({ startingTeam: f.teamId("Party") });
    await chord("KeyT");
    expect(f.combat.turnState.current).toBeNull();
    f.member("Clementine").token?.object?.control();
    await chord("KeyT");
    expect(f.combat.turnState.current).toBe(f.member("Clementine").id);
  });

  it("do nothing without a combat under way", async () => {
    await chord("KeyT");
    expect(notifications.log.at(-1)?.message).toBe("There is no combat under way.");
  });

  it("are not triggered by the letter alone", async () => {
    const f = await fight();
    await f.combat.begin({ startingTeam: f.teamId("Party") });
    await asUser(player("roland-player"), async () => {
      pressKey("KeyT");
      releaseKey("KeyT");
      await keys.keyAction;
    });
    expect(f.combat.turnState.current).toBeNull();
  });
});
