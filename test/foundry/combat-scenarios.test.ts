import { beforeEach, describe, expect, it, vi } from "vitest";
import { hooks } from "../fake-foundry/hooks";
import { notifications, resetWorld, writeLog } from "../fake-foundry/install";
import { asUser } from "../fake-foundry/runtime";
import type { FakeUser } from "../fake-foundry/documents";
import { trackerView } from "../../src/applications/combat";
import { onClientOf } from "../support/clients";
import { bootCombat, DISPOSITIONS, player, setUpFight, writesDuring, type Fight } from "./combat-fixtures";

await bootCombat();

/** RULES §3 and the S4 worked examples, played through the documents as the tracker would. */

const owners: Record<string, FakeUser> = {
  Roland: player("roland-player"),
  Clementine: player("clementine-player"),
  Fabian: player("fabian-player"),
  Odette: player("odette-player"),
};

beforeEach(() => resetWorld());

const party = (...names: string[]) =>
  names.map((name) => ({
    name,
    disposition: DISPOSITIONS.friendly,
    owner: owners[name],
    type: "character" as const,
  }));
const hostile = (...names: string[]) => names.map((name) => ({ name, disposition: DISPOSITIONS.hostile }));

/** Whoever owns the combatant (the GM for NPCs) takes its turn and ends it. */
async function takeTurn(fight: Fight, name: string): Promise<void> {
  const owner = owners[name];
  const id = fight.member(name).id ?? "";
  const claim = owner
    ? await asUser(owner, () => fight.combat.takeTurn(id))
    : await fight.combat.takeTurn(id);
  expect(claim, `${name} claims a turn`).toEqual({ ok: true });
  const end = owner ? await asUser(owner, () => fight.combat.endTurn()) : await fight.combat.endTurn();
  expect(end, `${name} ends the turn`).toEqual({ ok: true });
}

/** What a player looking at the tracker sees for a member. */
function markOf(fight: Fight, name: string): string {
  const view = trackerView(fight.combat, { isGM: true, owns: () => true });
  const member = view.sections.flatMap((section) => section.members).find((m) => m.name === name);
  return member?.mark ?? "missing";
}

const teamToMoveName = (fight: Fight): string | undefined => {
  const toMove = fight.combat.turnState.toMove;
  return [...fight.combat.groups].find((group) => group.id === toMove)?.name ?? undefined;
};

async function setStatus(fight: Fight, name: string, status: string, active: boolean): Promise<void> {
  await fight.actor(name).toggleStatusEffect(status, { active });
  await fight.combat.whenSynced();
}

describe("S4: four players against the guards and their captain", () => {
  async function fight() {
    const started = await setUpFight([
      ...party("Roland", "Clementine", "Fabian", "Odette"),
      ...hostile("Guard Captain", "Guard 1", "Guard 2", "Guard 3"),
    ]);
    await started.combat.begin({
      startingTeam: started.teamId("Party"),
      attackedTeam: started.teamId("Foes"),
    });
    return started;
  }

  it("alternates: Roland, the captain, Clementine, a guard… until everyone has acted, then a new round", async () => {
    const f = await fight();
    expect(teamToMoveName(f)).toBe("Party");
    const order = [
      "Roland",
      "Guard Captain",
      "Clementine",
      "Guard 1",
      "Fabian",
      "Guard 2",
      "Odette",
      "Guard 3",
    ];
    for (const [index, name] of order.entries()) {
      expect(teamToMoveName(f), `before ${name}`).toBe(index % 2 === 0 ? "Party" : "Foes");
      await takeTurn(f, name);
    }
    expect(f.combat.turnState.round).toBe(2);
    // Acted marks reset: the players may act now, the guards wait for their team's move.
    expect(order.map((name) => `${name}: ${markOf(f, name)}`)).toEqual(
      order.map((name, index) => `${name}: ${index % 2 === 0 ? "ready" : "waiting"}`),
    );
    // In the new round the players may pick someone else to go first.
    await takeTurn(f, "Odette");
    expect(teamToMoveName(f)).toBe("Foes");
  });

  it("lets the players take the remaining turns once the guards have fallen (lopsided teams)", async () => {
    const f = await fight();
    for (const name of [
      "Roland",
      "Guard Captain",
      "Clementine",
      "Guard 1",
      "Fabian",
      "Guard 2",
      "Odette",
      "Guard 3",
    ]) {
      await takeTurn(f, name);
    }
    // Two guards fall: four players against the captain and one guard.
    const fall = await writesDuring(async () => {
      await setStatus(f, "Guard 2", "dead", true);
      await setStatus(f, "Guard 3", "dead", true);
    });
    expect(fall.filter((write) => write.documentName === "Combat")).toHaveLength(2);
    expect(markOf(f, "Guard 2")).toBe("unable");

    for (const name of ["Roland", "Guard Captain", "Clementine", "Guard 1"]) await takeTurn(f, name);
    // Both teams have taken two turns; only the players have members left to act.
    expect(teamToMoveName(f)).toBe("Party");
    await takeTurn(f, "Fabian");
    expect(teamToMoveName(f)).toBe("Party");
    await takeTurn(f, "Odette");
    expect(f.combat.turnState.round).toBe(3);
    expect(teamToMoveName(f)).toBe("Party");
  });
});

describe("S4: Roland knocked out before his turn, revived by Clementine", () => {
  it("skips him while unconscious, then lets him act after the guards' next move", async () => {
    const f = await setUpFight([
      ...party("Roland", "Clementine", "Fabian"),
      ...hostile("Guard 1", "Guard 2", "Guard 3"),
    ]);
    await f.combat.begin({ startingTeam: f.teamId("Party") });
    await takeTurn(f, "Fabian");

    // A guard's attack knocks Roland unconscious during the guard's turn: one write brings the schedule up to date.
    await f.combat.takeTurn(f.member("Guard 1").id ?? "");
    const knockOut = await writesDuring(() => setStatus(f, "Roland", "unconscious", true));
    // One write records the condition (wherever the actor keeps it), one brings the schedule up to date.
    expect(knockOut).toHaveLength(2);
    expect(knockOut.filter((write) => write.documentName === "Combat")).toHaveLength(1);
    await f.combat.endTurn();

    expect(markOf(f, "Roland")).toBe("unable");
    notifications.log.length = 0;
    const refused = await asUser(owners.Roland as FakeUser, () =>
      f.combat.takeTurn(f.member("Roland").id ?? ""),
    );
    expect(refused.ok).toBe(false);
    expect(notifications.log.map((n) => n.message)).toEqual(["Roland cannot act right now."]);

    // Clementine resuscitates him on her turn; the move still passes to the guards first.
    await asUser(owners.Clementine as FakeUser, () => f.combat.takeTurn(f.member("Clementine").id ?? ""));
    await setStatus(f, "Roland", "unconscious", false);
    expect(markOf(f, "Roland")).toBe("waiting");
    await asUser(owners.Clementine as FakeUser, () => f.combat.endTurn());
    expect(teamToMoveName(f)).toBe("Foes");

    await takeTurn(f, "Guard 2");
    expect(teamToMoveName(f)).toBe("Party");
    expect(markOf(f, "Roland")).toBe("ready");
    await takeTurn(f, "Roland");
    expect(f.combat.turnState.members.find((m) => m.id === f.member("Roland").id)?.acted).toBe(true);
  });
});

describe("S4: the goblins' surprise round, and Clementine's danger sense", () => {
  it("lets only the goblins and Clementine act, one goblin fewer once she kills one, then normal rounds", async () => {
    const f = await setUpFight([
      ...party("Roland", "Fabian"),
      { name: "Clementine", disposition: DISPOSITIONS.friendly, owner: owners.Clementine, dangerSense: true },
      ...hostile("Goblin 1", "Goblin 2", "Goblin 3"),
    ]);
    expect(
      f.combat.turnState.members.find((m) => m.id === f.member("Clementine").id)?.cannotBeSurprised,
    ).toBe(true);
    await f.combat.begin({ startingTeam: f.teamId("Foes"), surprisingTeams: [f.teamId("Foes")] });
    expect(f.combat.turnState.phase).toBe("surprise");
    expect(markOf(f, "Roland")).toBe("surprised");
    expect(markOf(f, "Clementine")).toBe("waiting");

    await takeTurn(f, "Goblin 1");
    notifications.log.length = 0;
    const roland = await asUser(owners.Roland as FakeUser, () =>
      f.combat.takeTurn(f.member("Roland").id ?? ""),
    );
    expect(roland.ok).toBe(false);
    expect(notifications.log.map((n) => n.message)).toEqual([
      "Roland was caught by surprise and sits out the surprise round.",
    ]);

    await asUser(owners.Clementine as FakeUser, () => f.combat.takeTurn(f.member("Clementine").id ?? ""));
    await setStatus(f, "Goblin 2", "dead", true);
    await asUser(owners.Clementine as FakeUser, () => f.combat.endTurn());
    await takeTurn(f, "Goblin 3");

    // Three turns in the surprise round (one goblin fewer), then the first normal round, goblins first.
    expect(f.combat.turnState.phase).toBe("normal");
    expect(f.combat.turnState.round).toBe(2);
    expect(teamToMoveName(f)).toBe("Foes");
    expect(markOf(f, "Goblin 2")).toBe("unable");
    for (const name of ["Goblin 1", "Roland", "Goblin 3", "Fabian", "Clementine"]) await takeTurn(f, name);
    expect(f.combat.turnState.round).toBe(3);
  });
});

describe("a combatant marked Surprised from the token HUD (RULES §3, §9)", () => {
  it("sits out the surprise round though its team has surprise, then acts in the normal rounds", async () => {
    const f = await setUpFight([...party("Roland", "Fabian"), ...hostile("Goblin 1")]);
    await setStatus(f, "Fabian", "surprised", true);
    await f.combat.begin({ startingTeam: f.teamId("Party"), surprisingTeams: [f.teamId("Party")] });
    expect(f.combat.turnState.phase).toBe("surprise");
    expect(markOf(f, "Fabian")).toBe("surprised");
    expect(markOf(f, "Roland")).toBe("ready");
    const fabian = await asUser(owners.Fabian as FakeUser, () =>
      f.combat.takeTurn(f.member("Fabian").id ?? ""),
    );
    expect(fabian.ok).toBe(false);
    await takeTurn(f, "Roland");
    await asUser(owners.Roland as FakeUser, () => f.combat.endTurn());
    await f.combat.whenSynced();
    // The surprise round is over: Fabian takes his turns as anyone, and the mark has done its work.
    expect(f.combat.turnState.phase).toBe("normal");
    await takeTurn(f, "Fabian");
    await vi.waitFor(() => expect(f.actor("Fabian").statuses.has("surprised")).toBe(false));
  });
});

describe("hooks for other modules", () => {
  it("announce turn starts and ends, the team to move, and the end of each round", async () => {
    const calls: string[] = [];
    const ids = [
      Hooks.on(
        "brink.turnStart",
        onClientOf("gm", (_combat, combatant, info) => calls.push(`start ${combatant?.name} r${info.round}`)),
      ),
      Hooks.on(
        "brink.turnEnd",
        onClientOf("gm", (_combat, combatant) => calls.push(`end ${combatant?.name}`)),
      ),
      Hooks.on(
        "brink.teamMove",
        onClientOf("gm", (_combat, team) => calls.push(`move ${team?.name}`)),
      ),
      Hooks.on(
        "brink.roundEnd",
        onClientOf("gm", (_combat, info) => calls.push(`round ${info.round} over`)),
      ),
    ];
    const f = await setUpFight([...party("Roland"), ...hostile("Guard 1")]);
    await f.combat.begin({ startingTeam: f.teamId("Party") });
    await takeTurn(f, "Roland");
    await takeTurn(f, "Guard 1");
    const names = ["brink.turnStart", "brink.turnEnd", "brink.teamMove", "brink.roundEnd"] as const;
    names.forEach((name, index) => hooks.off(name, ids[index] ?? 0));
    expect(calls).toEqual([
      "move Party",
      "start Roland r1",
      "end Roland",
      "move Foes",
      "start Guard 1 r1",
      "end Guard 1",
      "round 1 over",
      "move Party",
    ]);
    expect(writeLog.every((write) => write.userId === "gm")).toBe(true);
  });
});
