/**
 * Issue 11, "DEX stepped to 0 by a retreat": played as a table plays it. An Emergency Retreat whose
 * serious injury lands on a d4 DEX steps it to 0 (RULES §5, §1); in the next fight the team order
 * passes her by; the GM deleting the injury, or a week of bed rest, puts her back in the order.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { clearDice, plannedDiceLeft, queueDice } from "../fake-foundry/dice";
import { notifications, resetWorld } from "../fake-foundry/install";
import { resetFakePacks } from "../fake-foundry/packs";
import { asUser } from "../fake-foundry/runtime";
import { answerDialog, shownDialogs } from "../fake-foundry/ui";
import { trackerView } from "../../src/applications/combat";
import { bootCombat, DISPOSITIONS, player, setUpFight, type Fight } from "./combat-fixtures";

await bootCombat();
const { registerRecovery } = await import("../../src/workflows/recovery");
registerRecovery();
const { emergencyRetreat } = await import("../../src/applications/retreat");
const { promptRest } = await import("../../src/applications/rest");

const boudicasPlayer = player("boudica-player");
const annesPlayer = player("anne-player");

/** Boudica's retreat: d10 1 → a serious injury, d6 2 → Dexterity. */
const SERIOUS_DEX = [1, 2];

interface Sheet {
  attributes: Record<string, { die: number; value: number }>;
}
const dex = (actor: Actor.Implementation) => (actor.system as unknown as Sheet).attributes.dex;
const itemNames = (actor: Actor.Implementation) => actor.items.map((item) => item.name).sort();

const markOf = (f: Fight, name: string): string =>
  trackerView(f.combat, { isGM: true, owns: () => true })
    .sections.flatMap((section) => section.members)
    .find((member) => member.name === name)?.mark ?? "missing";

const teamToMove = (f: Fight): string | undefined =>
  [...f.combat.groups].find((group) => group.id === f.combat.turnState.toMove)?.name ?? undefined;

beforeEach(() => {
  resetWorld();
  resetFakePacks();
  clearDice();
  shownDialogs.length = 0;
});

/** A fight in which Boudica (DEX d4) retreats between turns and draws a serious injury to DEX. */
async function retreatWithDexAtD4(): Promise<Actor.Implementation> {
  const first = await setUpFight([
    { name: "Boudica", disposition: DISPOSITIONS.friendly, dex: 4, owner: boudicasPlayer, type: "character" },
    { name: "Guard", disposition: DISPOSITIONS.hostile },
  ]);
  await first.combat.begin({ startingTeam: first.teamId("Party") });
  queueDice(...SERIOUS_DEX);
  answerDialog({ "member-0": true });
  expect(await emergencyRetreat(first.combat)).toMatchObject({ ok: true });
  expect(plannedDiceLeft()).toBe(0);
  return first.actor("Boudica");
}

/** The next fight: Boudica as she came back, Anne, and a guard. */
async function nextFight(boudica: Actor.Implementation): Promise<Fight> {
  const f = await setUpFight([
    { name: "Boudica", disposition: DISPOSITIONS.friendly, owner: boudicasPlayer, actor: boudica },
    { name: "Anne", disposition: DISPOSITIONS.friendly, owner: annesPlayer, type: "character" },
    { name: "Guard", disposition: DISPOSITIONS.hostile },
  ]);
  await f.combat.begin({ startingTeam: f.teamId("Party") });
  return f;
}

async function turn(f: Fight, name: string, user?: ReturnType<typeof player>): Promise<void> {
  const take = async () => {
    expect(await f.combat.takeTurn(f.member(name).id ?? "")).toEqual({ ok: true });
    await f.combat.endTurn();
  };
  await (user ? asUser(user, take) : take());
}

describe("DEX d4 stepped to 0 by an Emergency Retreat's serious injury (RULES §1, §5)", () => {
  it("paralyses her: the next fight's team order passes her by; the GM deleting the injury brings her back", async () => {
    const boudica = await retreatWithDexAtD4();
    expect(itemNames(boudica)).toEqual(["Serious Injury (Dexterity)"]);
    expect(dex(boudica)).toMatchObject({ die: 4, value: 0 });
    expect(boudica.statuses.has("paralysed")).toBe(true);
    const card = game.messages.contents.at(-1) as unknown as { content: string };
    // Brink writes a rating of 0 as "—", on the card as on the sheet.
    expect(card.content).toContain("Serious injury: Dexterity d4 → — until a week of bed rest");

    const f = await nextFight(boudica);
    expect(markOf(f, "Boudica")).toBe("unable");
    notifications.log.length = 0;
    const refused = await asUser(boudicasPlayer, () => f.combat.takeTurn(f.member("Boudica").id ?? ""));
    expect(refused.ok).toBe(false);
    expect(notifications.log.at(-1)?.message).toBe("Boudica cannot act right now.");

    // Anne acts, the guard acts, and the round ends: nobody waits for Boudica.
    await turn(f, "Anne", annesPlayer);
    expect(teamToMove(f)).toBe("Foes");
    await turn(f, "Guard");
    expect(f.combat.turnState.round).toBe(2);
    expect(markOf(f, "Boudica")).toBe("unable");

    // The GM deletes the injury from her sheet: DEX d4 again, back in the order this round.
    const injury = boudica.items.getName("Serious Injury (Dexterity)");
    await boudica.deleteEmbeddedDocuments("Item", [injury?.id ?? ""]);
    await f.combat.whenSynced();
    expect(dex(boudica)).toMatchObject({ die: 4, value: 4 });
    expect(boudica.statuses.has("paralysed")).toBe(false);
    expect(markOf(f, "Boudica")).toBe("ready");
    await turn(f, "Boudica", boudicasPlayer);
    expect(f.combat.turnState.members.find((m) => m.id === f.member("Boudica").id)?.acted).toBe(true);
  });

  it("heals with a week of bed rest: in the fight after it she takes her turn", async () => {
    const boudica = await retreatWithDexAtD4();
    expect(boudica.statuses.has("paralysed")).toBe(true);

    answerDialog({ kind: "bed-rest" });
    await asUser(boudicasPlayer, () => promptRest(boudica));
    expect(itemNames(boudica)).toEqual([]);
    expect(dex(boudica)).toMatchObject({ die: 4, value: 4 });
    expect(boudica.statuses.has("paralysed")).toBe(false);

    const f = await nextFight(boudica);
    expect(markOf(f, "Boudica")).toBe("ready");
    await turn(f, "Boudica", boudicasPlayer);
    expect(teamToMove(f)).toBe("Foes");
  });
});
