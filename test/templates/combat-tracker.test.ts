import { Window } from "happy-dom";
import { beforeEach, describe, expect, it } from "vitest";
import { resetWorld, session } from "../fake-foundry/install";
import { asUser } from "../fake-foundry/runtime";
import {
  bootCombat,
  DISPOSITIONS,
  midRoundFight,
  player,
  renderTracker,
  setUpFight,
} from "../foundry/combat-fixtures";

await bootCombat();

const parse = (html: string) => {
  const window = new Window();
  window.document.body.innerHTML = html;
  return window.document;
};

beforeEach(() => resetWorld());

const text = (element: { textContent: string | null } | null | undefined) =>
  element?.textContent?.trim() ?? "";

describe("the combat tracker", () => {
  it("shows each team with its members' marks, whose move it is, and the round", async () => {
    await midRoundFight();
    const doc = parse((await renderTracker()).html);
    expect(text(doc.querySelector(".round-label"))).toBe("Round 1");
    expect(text(doc.querySelector(".move-label"))).toBe("Foes: choose who acts next.");
    const teams = [...doc.querySelectorAll(".brink-team")].map((team) => ({
      name: text(team.querySelector(".section-name")),
      toMove: team.classList.contains("to-move"),
      progress: text(team.querySelector(".team-progress")),
      members: [...team.querySelectorAll(".brink-member")].map(
        (row) => `${text(row.querySelector(".member-name"))}: ${text(row.querySelector(".member-mark"))}`,
      ),
    }));
    expect(teams).toEqual([
      {
        name: "Party",
        toMove: false,
        progress: "2/4",
        members: ["Roland: Acted", "Clementine: Acted", "Fabian: Cannot act", "Odette: Waiting"],
      },
      {
        name: "Foes",
        toMove: true,
        progress: "1/3",
        members: ["Guard Captain: Acted", "Guard: Can act", "Crossbowman of the Watch: Can act"],
      },
      { name: "Bystanders", toMove: false, progress: "0/1", members: ["Innkeeper: Waiting"] },
    ]);
    expect(doc.querySelector(".brink-team.to-move")?.getAttribute("style")).toContain("#a33b32");
  });

  it("shows actions and reactions as pips, Guard's bonus and an extended action still to pay", async () => {
    await midRoundFight();
    const doc = parse((await renderTracker()).html);
    const row = (name: string) =>
      [...doc.querySelectorAll(".brink-member")].find((r) => text(r.querySelector(".member-name")) === name);
    const filled = (name: string, kind: string) => {
      const pips = [...(row(name)?.querySelectorAll(`.pips.${kind} .pip`) ?? [])];
      return `${pips.filter((p) => p.classList.contains("filled")).length}/${pips.length}`;
    };
    expect(filled("Guard", "actions")).toBe("3/3");
    expect(filled("Roland", "actions")).toBe("0/3");
    expect(filled("Roland", "reactions")).toBe("1/1");
    expect(text(row("Roland")?.querySelector(".member-tag.extended"))).toBe("reload: 1 to pay");
    expect(text(row("Clementine")?.querySelector(".member-tag.guarding"))).toBe("Guarding +1");
    expect(row("Guard")?.querySelector(".pips.actions")?.getAttribute("aria-label")).toBe("Actions left: 3");
  });

  it("offers a player Take turn only for their own members who may act on their team's move, and no GM tools", async () => {
    const fight = await midRoundFight();
    const takers = async (user: string) => {
      const doc = parse((await asUser(player(user), () => renderTracker())).html);
      return [...doc.querySelectorAll("[data-action='takeTurn']")].map((button) =>
        text(button.closest(".brink-member")?.querySelector(".member-name")),
      );
    };
    expect(await takers("clementine-player")).toEqual([]);
    for (const name of ["Guard", "Innkeeper"]) {
      await fight.combat.takeTurn(fight.member(name).id ?? "");
      await fight.combat.endTurn();
    }
    // The party's move: Odette may act; Clementine and Roland have acted; Fabian is not theirs.
    expect(await takers("clementine-player")).toEqual(["Odette"]);
    expect(await takers("roland-player")).toEqual([]);
    const doc = parse((await asUser(player("roland-player"), () => renderTracker())).html);
    const gmTools = ["skipTurn", "undoTurn", "endRound", "addTeam", "editTeam", "endBrinkCombat"];
    for (const action of gmTools) expect(doc.querySelector(`[data-action='${action}']`), action).toBeNull();
    expect(doc.querySelectorAll(".brink-member[draggable='true']")).toHaveLength(0);
  });

  it("offers the GM Take turn for any member who can act, Skip, Undo, End round, team tools and End combat", async () => {
    await midRoundFight();
    expect(session.user.isGM).toBe(true);
    const doc = parse((await renderTracker()).html);
    const takers = [...doc.querySelectorAll("[data-action='takeTurn']")].map((button) =>
      text(button.closest(".brink-member")?.querySelector(".member-name")),
    );
    expect(takers).toEqual(["Odette", "Guard", "Crossbowman of the Watch", "Innkeeper"]);
    for (const action of ["skipTurn", "undoTurn", "endRound", "addTeam", "editTeam", "endBrinkCombat"]) {
      expect(doc.querySelector(`[data-action='${action}']`), action).not.toBeNull();
    }
    expect(doc.querySelectorAll(".brink-member[draggable='true']")).toHaveLength(8);
  });

  it("shows End turn to the player whose member is acting, and hides hidden foes from players", async () => {
    const roland = player("roland-player");
    const fight = await setUpFight([
      { name: "Roland", disposition: DISPOSITIONS.friendly, owner: roland },
      { name: "Guard", disposition: DISPOSITIONS.hostile },
      { name: "Crossbowman in hiding", disposition: DISPOSITIONS.hostile },
    ]);
    await fight.member("Crossbowman in hiding").update({ hidden: true });
    await fight.combat.begin({ startingTeam: fight.teamId("Party") });
    await asUser(roland, () => fight.combat.takeTurn(fight.member("Roland").id ?? ""));
    const doc = parse((await asUser(roland, () => renderTracker())).html);
    expect(text(doc.querySelector(".move-label"))).toBe("Roland is taking a turn.");
    const rolandRow = doc.querySelector(".brink-member.mark-acting");
    expect(text(rolandRow?.querySelector(".member-name"))).toBe("Roland");
    expect(rolandRow?.querySelector("[data-action='endTurn']")).not.toBeNull();
    expect(doc.querySelector(".brink-combat-controls [data-action='endTurn']")).not.toBeNull();
    const names = [...doc.querySelectorAll(".member-name")].map((name) => text(name));
    expect(names).toEqual(["Roland", "Guard"]);
    // The GM still sees everyone.
    expect(
      [...parse((await renderTracker()).html).querySelectorAll(".member-name")].map((name) => text(name)),
    ).toContain("Crossbowman in hiding");
  });
});
