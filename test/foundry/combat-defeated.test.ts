/**
 * The tracker's "defeated" toggle. Core's toggle also applies the special DEFEATED status to the
 * actor, and Brink's dead condition would then make a character dead by the rules. In Brink the
 * toggle only takes a member out of the fight (skipped by the team order) and brings it back.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { resetWorld, writeLog } from "../fake-foundry/install";
import { userEvent } from "../fake-foundry/combat-tracker";
import { bootCombat, DISPOSITIONS, mountTracker, player, setUpFight } from "./combat-fixtures";

await bootCombat();
const en = (await import("../../lang/en.json")).default as unknown as {
  BRINK: { Combat: { Tracker: Record<string, string> } };
};

beforeEach(() => resetWorld());

async function clickDefeated(name: string, f: Awaited<ReturnType<typeof setUpFight>>) {
  const tracker = await mountTracker();
  const row = tracker.element.querySelector(`[data-combatant-id="${f.member(name).id}"]`);
  const toggle = row?.querySelector<HTMLElement>('[data-action="toggleDefeated"]');
  if (!toggle) throw new Error(`The tracker shows no defeated toggle for ${name}.`);
  writeLog.length = 0;
  userEvent(toggle, "click");
  await (tracker as unknown as { settled(): Promise<void> }).settled();
  await f.combat.whenSynced();
}

describe("the tracker's defeated toggle", () => {
  it("takes a character out of the fight without killing it, and brings it back", async () => {
    const f = await setUpFight([
      {
        name: "Roland",
        disposition: DISPOSITIONS.friendly,
        owner: player("roland-player"),
        type: "character",
      },
      { name: "Guard", disposition: DISPOSITIONS.hostile },
    ]);
    await f.combat.begin({ startingTeam: f.teamId("Party") });
    await clickDefeated("Roland", f);
    const roland = f.actor("Roland");
    expect(roland.statuses.has("dead")).toBe(false);
    expect([...roland.effects].map((effect) => [...effect.statuses])).toEqual([]);
    expect(f.member("Roland").defeated).toBe(true);
    expect(f.combat.memberState(f.member("Roland").id ?? "")?.canAct).toBe(false);
    expect(writeLog.filter((write) => write.documentName === "ActiveEffect")).toEqual([]);

    await clickDefeated("Roland", f);
    expect(f.member("Roland").defeated).toBe(false);
    expect(f.combat.memberState(f.member("Roland").id ?? "")?.canAct).toBe(true);
    expect(roland.statuses.has("dead")).toBe(false);
  });

  it("says in its tooltip that it takes out of the fight and does not kill", () => {
    expect(en.BRINK.Combat.Tracker.toggleDefeated).toMatch(/out of the fight/i);
    expect(en.BRINK.Combat.Tracker.toggleDefeated).toMatch(/not dead/i);
  });
});
