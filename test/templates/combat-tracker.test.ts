import { Window } from "happy-dom";
import { beforeEach, describe, expect, it } from "vitest";
import { resetWorld, session } from "../fake-foundry/install";
import { asUser } from "../fake-foundry/runtime";
import { canvasLog, userEvent, type FakeCombatTracker } from "../fake-foundry/combat-tracker";
import {
  bootCombat,
  DISPOSITIONS,
  midRoundFight,
  mountTracker,
  player,
  renderTracker,
  setUpFight,
} from "../foundry/combat-fixtures";
import type { BrinkCombatTracker } from "../../src/applications/combat";

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
  it("shows each team with its members' marks, whose move it is, and the round once (core's header)", async () => {
    await midRoundFight();
    const doc = parse((await renderTracker()).html);
    expect(doc.querySelector(".round-label")).toBeNull();
    expect(text(doc.querySelector(".encounter-title"))).toBe("Round 1");
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
    expect(text(row("Clementine")?.querySelector(".member-tag.guarding"))).toBe(
      "Guarding +1 until next turn",
    );
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

  it("calls only the members whose team has the move to Take turn; the GM may start a waiting member's turn quietly", async () => {
    await midRoundFight();
    expect(session.user.isGM).toBe(true);
    const doc = parse((await renderTracker()).html);
    const named = (selector: string) =>
      [...doc.querySelectorAll(selector)].map((button) =>
        text(button.closest(".brink-member")?.querySelector(".member-name")),
      );
    // The Foes have the move: only their members who can act get the call to action.
    expect(named("button.take-turn")).toEqual(["Guard", "Crossbowman of the Watch"]);
    expect(named("button.take-turn-early")).toEqual(["Odette", "Innkeeper"]);
    const early = doc.querySelector("button.take-turn-early");
    expect(early?.getAttribute("data-action")).toBe("takeTurn");
    expect(early?.getAttribute("aria-label")).toBe("Start this turn before its team's move");
    expect(early?.closest(".member-controls")).toBeNull();
    for (const action of ["skipTurn", "undoTurn", "endRound", "addTeam", "editTeam", "endBrinkCombat"]) {
      expect(doc.querySelector(`[data-action='${action}']`), action).not.toBeNull();
    }
    expect(doc.querySelectorAll(".brink-member[draggable='true']")).toHaveLength(8);
  });

  it("starts a waiting member's turn when the GM clicks its quiet button", async () => {
    const fight = await midRoundFight();
    const tracker = await mountTracker();
    const odette = tracker.element.querySelector<HTMLElement>(
      `li.combatant[data-combatant-id="${fight.member("Odette").id ?? ""}"] button.take-turn-early`,
    );
    userEvent(odette as Element, "click");
    await settled(tracker);
    expect(fight.combat.turnState.current).toBe(fight.member("Odette").id);
  });

  it("shows each member's endurance and health to its owners and the GM, and its conditions as named icons", async () => {
    const fight = await midRoundFight();
    await fight.actor("Roland").update({ system: { health: { value: 4 }, endurance: { value: 0 } } });
    const rowIn = (doc: ReturnType<typeof parse>, name: string) =>
      [...doc.querySelectorAll(".brink-member")].find((r) => text(r.querySelector(".member-name")) === name);
    const bars = (doc: ReturnType<typeof parse>, name: string) =>
      [...(rowIn(doc, name)?.querySelectorAll(".vital-bar") ?? [])].map((bar) => ({
        label: bar.getAttribute("aria-label"),
        now: bar.getAttribute("aria-valuenow"),
        width: bar.querySelector(".vital-fill")?.getAttribute("style"),
      }));
    const gm = parse((await renderTracker()).html);
    const { health, endurance } = fight.actor("Roland").system as unknown as {
      health: { max: number };
      endurance: { max: number };
    };
    expect(bars(gm, "Roland")).toEqual([
      { label: `Endurance 0 of ${endurance.max}`, now: "0", width: "width: 0%" },
      {
        label: `Health 4 of ${health.max}`,
        now: "4",
        width: `width: ${Math.round((4 / health.max) * 100)}%`,
      },
    ]);
    expect(bars(gm, "Guard")).toHaveLength(2);
    const owner = parse((await asUser(player("roland-player"), () => renderTracker())).html);
    expect(bars(owner, "Roland")).toHaveLength(2);
    // Another player's character and the foes keep their numbers to themselves.
    expect(bars(owner, "Guard")).toEqual([]);
    const other = parse((await asUser(player("clementine-player"), () => renderTracker())).html);
    expect(bars(other, "Roland")).toEqual([]);
    const fabian = rowIn(other, "Fabian");
    expect(fabian?.querySelector(".token-effects")?.getAttribute("aria-label")).toContain("Unconscious");
    expect(fabian?.querySelector("img.token-effect[alt='Unconscious']")?.getAttribute("data-tooltip")).toBe(
      "Unconscious",
    );
  });

  it("names every member in a tooltip, since a long name is cut short in the sidebar", async () => {
    await midRoundFight();
    const doc = parse((await renderTracker()).html);
    const names = [...doc.querySelectorAll(".member-name")];
    expect(names.length).toBe(8);
    for (const name of names) expect(name.getAttribute("data-tooltip")).toBe(text(name));
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
    // One End turn, in the controls under the list, where it always is.
    expect(doc.querySelectorAll("[data-action='endTurn']")).toHaveLength(1);
    expect(doc.querySelector(".brink-combat-controls [data-action='endTurn']")).not.toBeNull();
    const names = [...doc.querySelectorAll(".member-name")].map((name) => text(name));
    expect(names).toEqual(["Roland", "Guard"]);
    // The GM still sees everyone.
    expect(
      [...parse((await renderTracker()).html).querySelectorAll(".member-name")].map((name) => text(name)),
    ).toContain("Crossbowman in hiding");
  });
});

/** Waits for what the clicks so far started (the fake's tracker keeps their promises). */
const settled = (tracker: BrinkCombatTracker) => (tracker as unknown as FakeCombatTracker).settled();

describe("the combat tracker keeps core's tracker behaviours", () => {
  beforeEach(() => {
    canvasLog.length = 0;
  });

  const rowOf = (tracker: BrinkCombatTracker, combatant: { id: string | null }) => {
    const row = tracker.element.querySelector<HTMLElement>(
      `.combat-tracker li.combatant[data-combatant-id="${combatant.id ?? ""}"]`,
    );
    if (!row) throw new Error(`no row for ${combatant.id ?? ""} inside .combat-tracker`);
    return row;
  };

  it("leaves out core's initiative rolls: Brink's teams decide the order", async () => {
    await midRoundFight();
    const tracker = await mountTracker();
    expect(tracker.element.querySelector(".combat-tracker-header")).not.toBeNull();
    for (const action of ["rollAll", "rollNPC", "rollInitiative"]) {
      expect(tracker.element.querySelector(`[data-action='${action}']`), action).toBeNull();
    }
  });

  it("lists every member as core's row inside the .combat-tracker list, with the GM's row controls", async () => {
    await midRoundFight();
    const tracker = await mountTracker();
    const rows = [...tracker.element.querySelectorAll<HTMLElement>(".combat-tracker li.combatant")];
    expect(rows).toHaveLength(8);
    for (const row of rows) {
      expect(row.dataset.action).toBe("activateCombatant");
      expect(row.dataset.combatantId).toBeTruthy();
      for (const action of ["toggleHidden", "toggleDefeated", "pingCombatant"]) {
        expect(row.querySelector(`.combatant-controls [data-action='${action}']`), action).not.toBeNull();
      }
    }
  });

  it("selects and pans to the token on a click, opens the sheet on a double-click, highlights on hover", async () => {
    const fight = await midRoundFight();
    const tracker = await mountTracker();
    const guard = fight.member("Guard");
    const row = rowOf(tracker, guard);
    userEvent(row.querySelector(".member-name") ?? row, "click");
    await settled(tracker);
    const center = `${Number(guard.token?._source.x) + 50},${Number(guard.token?._source.y) + 50}`;
    expect(canvasLog).toEqual([
      { action: "control", id: guard.token?.id },
      { action: "pan", id: center },
    ]);
    canvasLog.length = 0;
    userEvent(row, "dblclick");
    userEvent(row, "pointerover");
    userEvent(row, "pointerout");
    await settled(tracker);
    expect(canvasLog).toEqual([
      { action: "openSheet", id: fight.actor("Guard").id },
      { action: "hoverIn", id: guard.token?.id },
      { action: "hoverOut", id: guard.token?.id },
    ]);
  });

  it("lets the GM hide a combatant, mark it defeated and ping its token from its row", async () => {
    const fight = await midRoundFight();
    const guard = fight.member("Guard");
    let tracker = await mountTracker();
    userEvent(rowOf(tracker, guard).querySelector("[data-action='toggleHidden']") as Element, "click");
    await settled(tracker);
    expect(fight.member("Guard").hidden).toBe(true);
    tracker = await mountTracker();
    userEvent(rowOf(tracker, guard).querySelector("[data-action='toggleDefeated']") as Element, "click");
    await settled(tracker);
    await fight.combat.whenSynced();
    expect(fight.member("Guard").defeated).toBe(true);
    // Defeated takes the member out of the fight (the team order skips it); it is not death.
    expect(fight.actor("Guard").statuses.has("dead")).toBe(false);
    expect(fight.combat.memberState(guard.id ?? "")?.canAct).toBe(false);
    userEvent(rowOf(tracker, guard).querySelector("[data-action='pingCombatant']") as Element, "click");
    await settled(tracker);
    expect(canvasLog.at(-1)?.action).toBe("ping");
  });

  it("shows the effects on each member's actor as core's effect icons", async () => {
    const fight = await midRoundFight();
    const tracker = await mountTracker();
    const icons = [
      ...rowOf(tracker, fight.member("Fabian")).querySelectorAll<HTMLImageElement>(
        ".token-effects img.token-effect",
      ),
    ];
    expect(icons.map((icon) => icon.getAttribute("alt"))).toContain("Unconscious");
    expect(rowOf(tracker, fight.member("Guard")).querySelectorAll(".token-effect")).toHaveLength(0);
  });

  it("gives a player the pan button instead of the GM's toggles", async () => {
    const fight = await midRoundFight();
    const tracker = await asUser(player("roland-player"), () => mountTracker());
    const row = rowOf(tracker, fight.member("Roland"));
    expect(row.querySelector("[data-action='panToCombatant']")).not.toBeNull();
    for (const action of ["toggleHidden", "toggleDefeated"]) {
      expect(tracker.element.querySelector(`[data-action='${action}']`), action).toBeNull();
    }
  });
});
