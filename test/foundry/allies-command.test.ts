import { beforeEach, describe, expect, it } from "vitest";
import { resetWorld } from "../fake-foundry/install";
import { asUser } from "../fake-foundry/runtime";
import { answerDialog } from "../fake-foundry/ui";
import {
  bootCombat,
  DISPOSITIONS,
  mountTracker,
  player,
  setUpFight,
  writesDuring,
  type Fight,
} from "./combat-fixtures";
import { openSheet } from "../support/sheets";
import type { DocumentSheetSurface } from "../../src/foundry/application-base";

await bootCombat();
const { actionPrompt } = await import("../../src/applications/actions/prompts");
const { CharacterSheet } = await import("../../src/applications/sheets");

/** RULES §3 Command: 1 action + 2 focus, once per turn per ally; the ally takes one action now. */

const rolandsPlayer = player("roland-player");
const clementinesPlayer = player("clementine-player");
beforeEach(() => resetWorld());

async function fight(): Promise<Fight> {
  const f = await setUpFight([
    { name: "Roland", disposition: DISPOSITIONS.friendly, owner: rolandsPlayer },
    { name: "Clementine", disposition: DISPOSITIONS.friendly, owner: clementinesPlayer },
    { name: "Fabian", disposition: DISPOSITIONS.friendly },
    { name: "Guard", disposition: DISPOSITIONS.hostile },
  ]);
  await f.combat.begin({ startingTeam: f.teamId("Party") });
  await asUser(rolandsPlayer, () => f.combat.takeTurn(f.member("Roland").id ?? ""));
  return f;
}

const asRoland = <T>(work: () => Promise<T>) => asUser(rolandsPlayer, work);
const asClementine = <T>(work: () => Promise<T>) => asUser(clementinesPlayer, work);
const focus = (f: Fight, name: string) =>
  (f.actor(name).system as unknown as { focus: { value: number } }).focus.value;
const lastCard = () => game.messages.contents.at(-1) as unknown as { content: string } | undefined;

async function command(f: Fight, ally: string) {
  return asRoland(() => f.member("Roland").spendAction("command", f.member(ally).id ?? ""));
}

describe("Command", () => {
  it("costs an action and 2 focus, and gives the ally one action to take now", async () => {
    const f = await fight();
    const result = await command(f, "Clementine");
    expect(result.ok).toBe(true);
    expect(f.member("Roland").economy.actionsLeft).toBe(2);
    expect(focus(f, "Roland")).toBe(1);
    expect(f.member("Clementine").economy.grantedBy).toBe(f.member("Roland").id);
    expect(lastCard()?.content).toContain("Roland commands Clementine");
  });

  it("lets the ally's owner spend that action during the commander's turn, once", async () => {
    const f = await fight();
    await command(f, "Clementine");
    const first = await asClementine(() => f.member("Clementine").spendAction("attack"));
    expect(first.ok).toBe(true);
    expect(f.member("Clementine").economy.attacksThisRound).toBe(1);
    const second = await asClementine(() => f.member("Clementine").spendAction("attack"));
    expect(second).toMatchObject({ ok: false });
  });

  it("lapses when the commander's turn ends", async () => {
    const f = await fight();
    await command(f, "Clementine");
    await asRoland(() => f.combat.endTurn());
    expect(f.member("Clementine").economy.grantedBy).toBeNull();
    const late = await asClementine(() => f.member("Clementine").spendAction("attack"));
    expect(late).toMatchObject({ ok: false, reason: "BRINK.Combat.Economy.notYourTurn" });
  });

  it("is once per turn per ally", async () => {
    const f = await fight();
    await command(f, "Clementine");
    const again = await command(f, "Clementine");
    expect(again).toMatchObject({ ok: false, reason: "BRINK.Combat.Economy.alreadyCommanded" });
    expect(focus(f, "Roland")).toBe(1);
  });

  for (const [who, reason, prepare] of [
    ["Guard", "BRINK.Allies.Refusal.notAlly", null],
    ["Roland", "BRINK.Allies.Refusal.self", null],
    ["Fabian", "BRINK.Allies.Refusal.cannotAct", "unconscious"],
  ] as const) {
    it(`is refused for ${who} before anything is spent`, async () => {
      const f = await fight();
      if (prepare) await f.actor(who).toggleStatusEffect(prepare, { active: true });
      // The GM's client takes the fallen ally out of the schedule before the command is asked for.
      await f.combat.whenSynced();
      const writes = await writesDuring(() => command(f, who));
      expect(writes).toEqual([]);
      const result = await command(f, who);
      expect(result).toMatchObject({ ok: false, reason });
      expect(game.i18n.has(reason)).toBe(true);
      expect(focus(f, "Roland")).toBe(3);
      expect(f.member("Roland").economy.actionsLeft).toBe(3);
    });
  }

  it("is started from the actions panel's prompt: the player picks the ally", async () => {
    const f = await fight();
    const prompt = actionPrompt("command");
    expect(prompt).toBeDefined();
    answerDialog({ target: f.member("Clementine").id ?? "" });
    await asRoland(() => prompt!(f.member("Roland"), f.actor("Roland")));
    expect(f.member("Clementine").economy.grantedBy).toBe(f.member("Roland").id);
  });

  it("shows the commanded ally's owner a panel with the action to take, on the sheet and in the tracker", async () => {
    const f = await fight();
    const row = (root: ParentNode, key: string) =>
      root.querySelector(`.brink-actions-panel .action-row[data-key='${key}'] button.action-take`);
    const sheet = (await asClementine(() =>
      openSheet(CharacterSheet, f.actor("Clementine")),
    )) as DocumentSheetSurface<unknown>;
    // Off her turn the panel shows only what she waits with: her reactions.
    expect(row(sheet.element, "attack")).toBeNull();
    expect(row(sheet.element, "dodge")).not.toBeNull();
    await command(f, "Clementine");
    await sheet.render();
    expect(row(sheet.element, "attack")?.getAttribute("aria-disabled")).not.toBe("true");
    const tracker = await asClementine(() => mountTracker());
    const member = tracker.element.querySelector(`[data-combatant-id='${f.member("Clementine").id}']`);
    expect(member?.querySelector(".brink-actions-panel")).not.toBeNull();
  });
});
