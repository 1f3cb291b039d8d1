import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { clearDice, plannedDiceLeft, queueDice } from "../fake-foundry/dice";
import { notifications, resetWorld } from "../fake-foundry/install";
import { asUser } from "../fake-foundry/runtime";
import { trackerView } from "../../src/applications/combat";
import { bootCombat, DISPOSITIONS, player, renderTracker, setUpFight, type Fight } from "./combat-fixtures";

await bootCombat();

/** RULES §3 initiative modes: S1's fixed DEX order with delay, S3's DEX test splitting the party. */

const rolandsPlayer = player("roland-player");
const fabiansPlayer = player("fabian-player");

beforeEach(() => {
  resetWorld();
  clearDice();
});
afterEach(() => clearDice());

const sections = (f: Fight) =>
  trackerView(f.combat, { isGM: true, owns: () => true }).sections.map((section) => ({
    name: section.name,
    toMove: section.toMove,
    members: section.members.map((m) => m.name),
  }));

/** Each DEX test on the last initiative card, as the chat log draws it from its record. */
async function initiativeTests() {
  const message = game.messages.contents.at(-1) as unknown as { renderHTML(): Promise<HTMLElement> };
  const html = await message.renderHTML();
  const text = (element: Element | null) => element?.textContent?.replace(/\s+/g, " ").trim() ?? "";
  return [...html.querySelectorAll(".initiative-test")].map((test) => ({
    name: text(test.querySelector("h4")),
    dice: [...test.querySelectorAll(".card-dice .card-die")].map(text),
    steps: [...test.querySelectorAll(".card-steps li")].map((step) => [...step.children].map(text).join(" ")),
    luck: text(test.querySelector(".card-luck .note")),
    total: text(test.querySelector(".card-total .total")),
    versus: text(test.querySelector(".card-total .versus")),
    outcome: text(test.querySelector(".card-total .outcome")),
  }));
}

/** The tracker header's name for the initiative mode, as the table reads it. */
const trackerModeLabel = async () =>
  /<span class="mode-label">([^<]*)<\/span>/.exec((await renderTracker()).html)?.[1];

describe("dexterity initiative (S1)", () => {
  async function fight() {
    await game.settings.set("brink", "initiativeMode", "dexterity");
    const f = await setUpFight([
      { name: "Roland", disposition: DISPOSITIONS.friendly, owner: rolandsPlayer, dex: 8 },
      { name: "Fabian", disposition: DISPOSITIONS.friendly, owner: fabiansPlayer, dex: 4 },
      { name: "Guard", disposition: DISPOSITIONS.hostile, dex: 8 },
      { name: "Captain", disposition: DISPOSITIONS.hostile, dex: 12 },
    ]);
    // Roland and the guard tie on d8: Roland rolls 3, the guard 7, so the guard goes first.
    queueDice(3, 7);
    await f.combat.begin({});
    expect(plannedDiceLeft()).toBe(0);
    return f;
  }

  it("orders everyone by DEX, ties settled by a roll, and the tracker lists the places", async () => {
    const f = await fight();
    expect(sections(f)).toEqual([
      { name: "Place 1", toMove: true, members: ["Captain"] },
      { name: "Place 2", toMove: false, members: ["Guard"] },
      { name: "Place 3", toMove: false, members: ["Roland"] },
      { name: "Place 4", toMove: false, members: ["Fabian"] },
    ]);
    // The tracker's own words, not the settings menu's "Fixed Dexterity order (optional)".
    expect(await trackerModeLabel()).toBe("Dexterity order");
  });

  it("posts the order with the tie-break rolls on a card", async () => {
    await fight();
    const card = game.messages.contents.at(-1) as unknown as { content: string; rolls: { total: number }[] };
    expect(card.rolls.map((r) => r.total)).toEqual([3, 7]);
    expect(card.content).toContain("Place 1");
    expect(card.content).toContain("Captain");
    // An initiative card, drawn from its record (not its stored copy) when the chat log shows it.
    const message = game.messages.contents.at(-1) as unknown as ChatMessage.Implementation & {
      renderHTML(): Promise<HTMLElement>;
    };
    expect(message.type).toBe("initiative");
    expect(message.system).toMatchObject({
      places: [
        { place: 1, names: "Captain" },
        { place: 2, names: "Guard" },
        { place: 3, names: "Roland" },
        { place: 4, names: "Fabian" },
      ],
    });
    await message.update({ content: "<p>stale copy</p>" } as never);
    const drawn = (await message.renderHTML()).innerHTML;
    expect(drawn).not.toContain("stale copy");
    expect(drawn).toContain("Place 1");
    expect(drawn).toContain("Captain");
    expect(drawn).toContain("<h3>Initiative: Dexterity order</h3>");
    expect(drawn).not.toContain("(optional)");
  });

  it("lets a player act only in their place", async () => {
    const f = await fight();
    notifications.log.length = 0;
    const early = await asUser(rolandsPlayer, () => f.combat.takeTurn(f.member("Roland").id ?? ""));
    expect(early.ok).toBe(false);
    expect(notifications.log.map((n) => n.message)).toEqual(["It is not Roland's place in the order yet."]);
    for (const name of ["Captain", "Guard"]) {
      await f.combat.takeTurn(f.member(name).id ?? "");
      await f.combat.endTurn();
    }
    expect((await asUser(rolandsPlayer, () => f.combat.takeTurn(f.member("Roland").id ?? ""))).ok).toBe(true);
  });

  it("lets a combatant delay to act right after someone later, keeping the new place", async () => {
    const f = await fight();
    await f.combat.takeTurn(f.member("Captain").id ?? "");
    await f.combat.endTurn();
    await f.combat.delayTurn(f.member("Guard").id ?? "", f.member("Fabian").id ?? "");
    expect(sections(f).map((s) => s.members[0])).toEqual(["Captain", "Roland", "Fabian", "Guard"]);
    expect(sections(f)[1]?.toMove).toBe(true);
  });
});

describe("dexterity test initiative (S3)", () => {
  it("puts player characters who pass a DEX test vs 6 before their foes and the rest after", async () => {
    await game.settings.set("brink", "initiativeMode", "dexterity-test");
    const f = await setUpFight([
      { name: "Roland", disposition: DISPOSITIONS.friendly, owner: rolandsPlayer, dex: 8 },
      { name: "Fabian", disposition: DISPOSITIONS.friendly, owner: fabiansPlayer, dex: 4 },
      { name: "Goblin 1", disposition: DISPOSITIONS.hostile },
      { name: "Goblin 2", disposition: DISPOSITIONS.hostile },
    ]);
    // Roland: d8 6 and luck 2 → 6, passes. Fabian: d4 2 and luck 3 → 2, fails.
    queueDice(6, 2, 2, 3);
    await f.combat.begin({});
    expect(sections(f)).toEqual([
      { name: "Passed the DEX test: before their foes", toMove: true, members: ["Roland"] },
      { name: "Opponents", toMove: false, members: ["Goblin 1", "Goblin 2"] },
      { name: "Failed the DEX test: after their foes", toMove: false, members: ["Fabian"] },
    ]);
    expect(await trackerModeLabel()).toBe("Dexterity test order");
    await asUser(rolandsPlayer, () => f.combat.takeTurn(f.member("Roland").id ?? ""));
    await asUser(rolandsPlayer, () => f.combat.endTurn());
    // The goblins act in any order they like, then Fabian.
    await f.combat.takeTurn(f.member("Goblin 2").id ?? "");
    await f.combat.endTurn();
    expect(sections(f)[1]?.toMove).toBe(true);
    notifications.log.length = 0;
    await asUser(fabiansPlayer, () => f.combat.takeTurn(f.member("Fabian").id ?? ""));
    expect(notifications.log.map((n) => n.message)).toEqual(["It is not Fabian's place in the order yet."]);
  });
  it("carries the character's modifiers: exhaustion 3 turns a pass into a failure, and the card says why", async () => {
    await game.settings.set("brink", "initiativeMode", "dexterity-test");
    const f = await setUpFight([
      { name: "Roland", disposition: DISPOSITIONS.friendly, owner: rolandsPlayer, dex: 8 },
      { name: "Goblin 1", disposition: DISPOSITIONS.hostile },
    ]);
    await f.member("Roland").actor?.update({ system: { exhaustion: 3 } } as never);
    // Roland: d8 6 and luck 2 → 6 − 3 = 3, short of 6.
    queueDice(6, 2);
    await f.combat.begin({});
    expect(sections(f).map((s) => s.members)).toEqual([["Goblin 1"], ["Roland"]]);
    expect(await initiativeTests()).toEqual([
      {
        name: "Roland",
        dice: ["6"],
        steps: ["Exhaustion 3 −3"],
        luck: "Luck 2: no bonus.",
        total: "3",
        versus: "vs 6",
        outcome: "Failure by 3",
      },
    ]);
  });
  it("carries an injury on DEX too, and not one on STR, each named on the card", async () => {
    await game.settings.set("brink", "initiativeMode", "dexterity-test");
    const f = await setUpFight([
      { name: "Roland", disposition: DISPOSITIONS.friendly, owner: rolandsPlayer, dex: 8 },
      { name: "Goblin 1", disposition: DISPOSITIONS.hostile },
    ]);
    const roland = f.member("Roland").actor;
    await roland?.update({ system: { exhaustion: 3 } } as never);
    const injury = (attribute: string, name: string) => ({
      name: `Minor Injury (${name})`,
      type: "injury",
      system: { kind: "minor", attribute },
      effects: [
        {
          name: `Minor Injury (${name})`,
          transfer: true,
          changes: [{ key: `system.attributes.${attribute}.bonus`, mode: 2, value: "-1" }],
        },
      ],
    });
    await roland?.createEmbeddedDocuments("Item", [
      injury("dex", "Dexterity"),
      injury("str", "Strength"),
    ] as never);
    // Roland: d8 6 and luck 2 → 6 − 3 − 1 = 2.
    queueDice(6, 2);
    await f.combat.begin({});
    const [test] = await initiativeTests();
    expect(test?.steps).toEqual(["Exhaustion 3 −3", "Minor Injury (Dexterity) −1"]);
    expect(test?.total).toBe("2");
    const card = game.messages.contents.at(-1) as unknown as { content: string };
    expect(card.content).not.toContain("Strength");
  });
  it("draws each DEX test in the one roll layout: its die, its steps, the luck die saying what it did, the total", async () => {
    await game.settings.set("brink", "initiativeMode", "dexterity-test");
    const f = await setUpFight([
      { name: "Roland", disposition: DISPOSITIONS.friendly, owner: rolandsPlayer, dex: 8 },
      { name: "Fabian", disposition: DISPOSITIONS.friendly, owner: fabiansPlayer, dex: 4 },
      { name: "Goblin 1", disposition: DISPOSITIONS.hostile },
    ]);
    // Roland: d8 6 and luck 2 → 6, passes. Fabian: d4 2 and luck 20 → 2 + 4 = 6, passes by luck.
    queueDice(6, 2, 2, 20);
    await f.combat.begin({});
    expect(await initiativeTests()).toEqual([
      {
        name: "Roland",
        dice: ["6"],
        steps: [],
        luck: "Luck 2: no bonus.",
        total: "6",
        versus: "vs 6",
        outcome: "Success by 0",
      },
      {
        name: "Fabian",
        dice: ["2"],
        steps: ["Luck +4"],
        luck: "Lucky! +4 to the total.",
        total: "6",
        versus: "vs 6",
        outcome: "Success by 0",
      },
    ]);
    expect(sections(f)[0]?.members).toEqual(["Roland", "Fabian"]);
  });
});
