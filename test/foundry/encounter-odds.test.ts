import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetWorld, settings } from "../fake-foundry/install";
import { asUser } from "../fake-foundry/runtime";
import { dropData } from "../support/drag";
import { bootCombat, DISPOSITIONS, mountTracker, player, setUpFight } from "./combat-fixtures";
import {
  choosePolicy,
  combatEncounter,
  forgetSessionPolicy,
  knownOdds,
  oddsHistory,
  openEncounterPlanner,
  PLANNER_ID,
  resetOdds,
  type EncounterPlanner,
} from "../../src/applications/odds";
import type { BrinkCombatTracker } from "../../src/applications/combat";

await bootCombat();

const GOBLIN = "Compendium.brink.adversaries.Actor.lfgJ8Nc5NTlmBC59";
const ROLAND = "Compendium.brink.characters.Actor.1rdKzLneu2npD7So";
const PETRA = "Compendium.brink.characters.Actor.l4CundUg9DXPLb2j";
const POLICY = { foes: "fight-to-the-end", party: "fight-to-the-end" } as const;

/** A world actor copied from a pack's, as a GM imports one. */
async function imported(uuid: string, name: string): Promise<Actor.Implementation> {
  const source = (await fromUuid(uuid)) as Actor.Implementation;
  const actor = await Actor.implementation.create({ ...source.toObject(), name });
  if (!actor) throw new Error(`${name} was not created`);
  return actor;
}

async function goblinFight() {
  return setUpFight([
    { name: "Roland", disposition: DISPOSITIONS.friendly, actor: await imported(ROLAND, "Roland") },
    { name: "Petra", disposition: DISPOSITIONS.friendly, actor: await imported(PETRA, "Petra") },
    { name: "Goblin A", disposition: DISPOSITIONS.hostile, actor: await imported(GOBLIN, "Goblin A") },
    { name: "Goblin B", disposition: DISPOSITIONS.hostile, actor: await imported(GOBLIN, "Goblin B") },
  ]);
}

const oddsSection = (tracker: BrinkCombatTracker) =>
  tracker.element.querySelector<HTMLElement>(".brink-odds");
const figure = (root: HTMLElement | null, key: string) =>
  root?.querySelector(`.figure-${key} dd`)?.textContent?.trim() ?? "";

beforeEach(() => {
  resetWorld();
  resetOdds();
  forgetSessionPolicy();
});

/** What a reload forgets: every result in memory and the session's policy (the combat's flags stay). */
function reload(): void {
  resetOdds();
  forgetSessionPolicy();
}

describe("snapshot of a combat for the simulator", () => {
  it("reads the real actors: sides by team, armour in deflection, wielded weapons, shield, injuries' state", async () => {
    const f = await goblinFight();
    await f.actor("Petra").update({ system: { exhaustion: 2, health: { value: 4 } } });
    const encounter = combatEncounter(f.combat, POLICY);
    const roland = encounter.fighters.find((x) => x.name === "Roland");
    const petra = encounter.fighters.find((x) => x.name === "Petra");
    expect(encounter.fighters.map((x) => x.side).sort()).toEqual(["foes", "foes", "party", "party"]);
    expect(roland?.life.deflection.physical).toBe(5);
    expect(roland?.blockItem?.blockValue).toBe(4);
    expect(roland?.weapons.length).toBeGreaterThan(0);
    expect(petra?.exhaustion).toBe(2);
    expect(petra?.modifiers.exhaustion).toBe(2);
    expect(petra?.life.health.value).toBe(4);
    expect(encounter.turns).toBeUndefined();
    // Plain data: it survives a structured clone (what posting it to a worker does).
    expect(structuredClone(encounter)).toEqual(encounter);
  });

  it("follows the world's optional rules, and once begun carries the fight's own schedule", async () => {
    await settings.set("brink", "deathRule", "dying");
    await settings.set("brink", "morale", true);
    const f = await goblinFight();
    await f.combat.begin({ startingTeam: f.teamId("Foes") });
    const encounter = combatEncounter(f.combat, POLICY);
    expect(encounter.rules).toMatchObject({ deathRule: "dying", morale: true });
    expect(encounter.turns?.phase).toBe("normal");
    expect(encounter.turns?.members).toHaveLength(4);
  });
});

describe("the Odds line in the combat tracker", () => {
  it("before Begin the GM sees the odds with their margins once the simulation is done", async () => {
    await goblinFight();
    const tracker = await mountTracker();
    await vi.waitFor(() => expect(figure(oddsSection(tracker), "partyWins")).toMatch(/^\d+% ± \d+$/), {
      timeout: 20_000,
    });
    const section = oddsSection(tracker);
    expect(figure(section, "anyDeath")).toMatch(/^\d+% ± \d+$/);
    expect(figure(section, "rounds")).toMatch(/^\d+\.\d ± \d\.\d$/);
    expect(figure(section, "retreatBetter")).toMatch(/%/);
    expect(figure(section, "threat")).toMatch(/Goblin/);
    expect(section?.textContent).toContain("10000 fights");
  });

  it("a player sees no odds at all", async () => {
    await goblinFight();
    await asUser(player("roland-player"), async () => {
      const tracker = await mountTracker();
      expect(oddsSection(tracker)?.hidden).toBe(true);
      expect(oddsSection(tracker)?.textContent?.trim()).toBe("");
    });
  });

  it("is recomputed after each turn, and the history records the swing", async () => {
    const f = await goblinFight();
    const tracker = await mountTracker();
    await vi.waitFor(() => expect(oddsHistory(f.combat.id ?? "")).toHaveLength(1), { timeout: 20_000 });
    await f.combat.begin({ startingTeam: f.teamId("Party") });
    await f.actor("Goblin A").update({ system: { health: { value: 0 } } });
    await f.actor("Goblin A").toggleStatusEffect("unconscious", { active: true });
    await f.combat.takeTurn(f.member("Roland").id ?? "");
    await f.combat.endTurn();
    await tracker.render({ parts: ["odds"] });
    await vi.waitFor(() => expect(oddsHistory(f.combat.id ?? "")).toHaveLength(2), { timeout: 20_000 });
    const [before = 0, after = 0] = oddsHistory(f.combat.id ?? "");
    expect(after).toBeGreaterThan(before);
    await vi.waitFor(() =>
      expect(oddsSection(tracker)?.querySelector(".odds-sparkline polyline")).not.toBeNull(),
    );
    expect(oddsSection(tracker)?.querySelector(".odds-swing")?.textContent).toContain("→");
  });

  it("the GM picks the policy: foes that break at morale are easier", async () => {
    await settings.set("brink", "morale", true);
    const f = await goblinFight();
    const tracker = await mountTracker();
    await vi.waitFor(() => expect(figure(oddsSection(tracker), "partyWins")).not.toBe(""), {
      timeout: 20_000,
    });
    const stubborn = knownOdds(combatEncounter(f.combat, POLICY));
    oddsSection(tracker)
      ?.querySelector<HTMLElement>('[data-action="oddsPolicy"][data-value="break-at-morale"]')
      ?.click();
    const breaking = combatEncounter(f.combat, { ...POLICY, foes: "break-at-morale" });
    await vi.waitFor(() => expect(knownOdds(breaking)).toHaveProperty("final", true), { timeout: 20_000 });
    const a = stubborn && "odds" in stubborn ? stubborn.odds.partyWins.value : 1;
    const b = knownOdds(breaking);
    expect(b && "odds" in b ? b.odds.partyWins.value : 0).toBeGreaterThan(a);
    expect(oddsSection(tracker)?.textContent).toContain("Foes check morale");
  });

  it("the policy picked and the swing survive a reload: both are stored on the combat", async () => {
    await settings.set("brink", "morale", true);
    const f = await goblinFight();
    const tracker = await mountTracker();
    await vi.waitFor(() => expect(oddsHistory(f.combat.id ?? "")).toHaveLength(1), { timeout: 20_000 });
    oddsSection(tracker)
      ?.querySelector<HTMLElement>('[data-action="oddsPolicy"][data-value="break-at-morale"]')
      ?.click();
    await vi.waitFor(() =>
      expect(f.combat.getFlag("brink", "oddsPolicy")).toEqual({
        foes: "break-at-morale",
        party: "fight-to-the-end",
      }),
    );
    await vi.waitFor(() => expect(oddsHistory(f.combat.id ?? "")).toHaveLength(2), { timeout: 20_000 });
    const swing = oddsHistory(f.combat.id ?? "");
    reload();
    const again = await mountTracker();
    const picked = () =>
      oddsSection(again)?.querySelector('[data-action="oddsPolicy"][data-value="break-at-morale"]');
    await vi.waitFor(() => expect(picked()?.getAttribute("aria-pressed")).toBe("true"));
    expect(oddsSection(again)?.textContent).toContain("Foes check morale");
    await vi.waitFor(() =>
      expect(oddsSection(again)?.querySelector(".odds-sparkline polyline")).not.toBeNull(),
    );
    // The same state after the reload is not recorded a second time.
    await vi.waitFor(
      () =>
        expect(knownOdds(combatEncounter(f.combat, { ...POLICY, foes: "break-at-morale" }))).toHaveProperty(
          "final",
          true,
        ),
      { timeout: 20_000 },
    );
    expect(oddsHistory(f.combat.id ?? "")).toEqual(swing);
  });

  it("a combat stored before the odds kept anything (or with a malformed flag) shows the session's policy and starts its swing", async () => {
    const f = await goblinFight();
    await f.combat.setFlag("brink", "oddsPolicy", { foes: "run-away" });
    await f.combat.setFlag("brink", "oddsSwing", "x");
    const tracker = await mountTracker();
    const pressed = () =>
      oddsSection(tracker)
        ?.querySelector('[data-action="oddsPolicy"][aria-pressed="true"]')
        ?.getAttribute("data-value");
    expect(pressed()).toBe("fight-to-the-end");
    await vi.waitFor(() => expect(oddsHistory(f.combat.id ?? "")).toHaveLength(1), { timeout: 20_000 });
  });

  it("a player cannot store a policy on the combat", async () => {
    const f = await goblinFight();
    await asUser(player("roland-player"), () => choosePolicy("foes", "break-at-morale", f.combat));
    expect(f.combat.getFlag("brink", "oddsPolicy")).toBeUndefined();
  });

  it("posting shares the odds with everyone in chat, as a typed card drawn from its record", async () => {
    const f = await goblinFight();
    const tracker = await mountTracker();
    await vi.waitFor(() => expect(figure(oddsSection(tracker), "partyWins")).not.toBe(""), {
      timeout: 20_000,
    });
    oddsSection(tracker)?.querySelector<HTMLElement>('[data-action="postOdds"]')?.click();
    await vi.waitFor(() => expect(game.messages.contents.at(-1)?.type).toBe("odds"));
    const message = game.messages.contents.at(-1);
    const shown = knownOdds(combatEncounter(f.combat, POLICY));
    // The card is a record: the figures, rules, policy and first side the GM simulated.
    expect(message?.system).toMatchObject({
      source: "tracker",
      policy: POLICY,
      startingSide: "party",
      odds: { fights: 10000, partyWins: shown && "odds" in shown ? shown.odds.partyWins : {} },
    });
    // Drawn from that record each time the chat log shows it, for a player too.
    if (!message) throw new Error("no card");
    const drawn = await asUser(player("roland-player"), () => message.renderHTML());
    const text = drawn.querySelector(".message-content")?.textContent ?? "";
    expect(text).toContain("Party wins");
    expect(text).toMatch(/\d+% ± \d+/);
    expect(text).toContain("The party acts first");
    expect(text).toContain("Foes fight to the end");
  });
});

describe("the encounter planner", () => {
  async function planned(): Promise<EncounterPlanner> {
    const planner = await openEncounterPlanner();
    const zone = (side: string) => planner.element.querySelector(`[data-drop-side="${side}"]`);
    const party = zone("party");
    if (!party) throw new Error("no party zone");
    dropData(party, { type: "Actor", uuid: ROLAND });
    await vi.waitFor(() => expect(planner.element.textContent).toContain("Roland"));
    const foes = zone("foes");
    if (!foes) throw new Error("no foes zone");
    dropData(foes, { type: "Actor", uuid: GOBLIN });
    await vi.waitFor(() => expect(planner.element.textContent).toContain("Goblin"));
    return planner;
  }

  const plannerFigure = (planner: EncounterPlanner) => figure(planner.element, "partyWins");

  afterEach(async () => {
    await foundry.applications.instances.get(PLANNER_ID)?.close();
  });

  it("actors dropped from a compendium on two sides, no scene or combat: the odds appear", async () => {
    const planner = await planned();
    await vi.waitFor(() => expect(plannerFigure(planner)).toMatch(/^\d+% ± \d+$/), { timeout: 20_000 });
    expect(game.combats?.size ?? 0).toBe(0);
    expect(planner.element.textContent).toContain("Everyone reaches everyone");
  });

  it("one more goblin lowers the party's chance; one fewer brings the same figures back from the cache", async () => {
    const planner = await planned();
    await vi.waitFor(() => expect(plannerFigure(planner)).not.toBe(""), { timeout: 20_000 });
    const one = plannerFigure(planner);
    const goblinRow = () => planner.element.querySelector('[data-drop-side="foes"] [data-entry]');
    goblinRow()?.querySelector<HTMLElement>('[data-action="countUp"]')?.click();
    goblinRow()?.querySelector<HTMLElement>('[data-action="countUp"]')?.click();
    await vi.waitFor(() => expect(planner.element.textContent).toContain("× 3"));
    await vi.waitFor(() => expect(plannerFigure(planner)).not.toBe(one), { timeout: 20_000 });
    const three = Number(plannerFigure(planner).split("%")[0]);
    expect(three).toBeLessThan(Number(one.split("%")[0]));
    goblinRow()?.querySelector<HTMLElement>('[data-action="countDown"]')?.click();
    goblinRow()?.querySelector<HTMLElement>('[data-action="countDown"]')?.click();
    await vi.waitFor(() => expect(plannerFigure(planner)).toBe(one));
  });

  it("the GM says who acts first: with the goblin first, the party wins less often", async () => {
    const planner = await planned();
    await vi.waitFor(() => expect(plannerFigure(planner)).toMatch(/^\d+% ± \d+$/), { timeout: 20_000 });
    const partyFirst = knownOdds(planner.encounter());
    const first = (side: string) =>
      planner.element.querySelector<HTMLElement>(`[data-action="plannerFirst"][data-side="${side}"]`);
    expect(first("party")?.getAttribute("aria-pressed")).toBe("true");
    first("foes")?.click();
    await vi.waitFor(() => expect(first("foes")?.getAttribute("aria-pressed")).toBe("true"));
    expect(planner.encounter().startingSide).toBe("foes");
    await vi.waitFor(() => expect(knownOdds(planner.encounter())).toHaveProperty("final", true), {
      timeout: 20_000,
    });
    const foesFirst = knownOdds(planner.encounter());
    if (!partyFirst || !("odds" in partyFirst) || !foesFirst || !("odds" in foesFirst))
      throw new Error("no odds");
    // Each is a 95% interval: the goblin's first blow shows beyond both.
    expect(foesFirst.odds.partyWins.high).toBeLessThan(partyFirst.odds.partyWins.low);
  });

  it("refuses what is not an actor, and posts to chat only when the GM asks", async () => {
    const planner = await planned();
    const party = planner.element.querySelector('[data-drop-side="party"]');
    if (party) dropData(party, { type: "Item", uuid: "Compendium.brink.equipment.Item.3DyyRipE1jgHM0Wm" });
    await vi.waitFor(() => expect(plannerFigure(planner)).not.toBe(""), { timeout: 20_000 });
    expect(planner.element.querySelectorAll('[data-drop-side="party"] [data-entry]')).toHaveLength(1);
    expect(game.messages.contents).toHaveLength(0);
    planner.element.querySelector<HTMLElement>('[data-action="postPlannerOdds"]')?.click();
    await vi.waitFor(() => expect(game.messages.contents.at(-1)?.content).toContain("Encounter planner"));
  });
});
