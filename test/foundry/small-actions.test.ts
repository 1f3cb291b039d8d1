import { beforeEach, describe, expect, it } from "vitest";
import { notifications, resetWorld, writeLog } from "../fake-foundry/install";
import { asUser } from "../fake-foundry/runtime";
import { answerDialog } from "../fake-foundry/ui";
import { queueDice } from "../fake-foundry/dice";
import type { BrinkActor } from "../../src/documents/actor";
import { bootCombat, player, rolandAgainstGuard, writesDuring, type Fight } from "./combat-fixtures";

await bootCombat();
const { actionPrompt } = await import("../../src/applications/actions/prompts");
const { requestSmallAction, readiedActionOf } = await import("../../src/workflows/small-actions");
const { trackerView } = await import("../../src/applications/combat");
const { promptAttack } = await import("../../src/applications/rolls/flows");

/** S4 small actions: Ready, Brandish, Interact, Short Task, Stand Up, Drop Prone, Drop Item. */

const rolandsPlayer = player("roland-player");
const stranger = player("stranger");

beforeEach(() => resetWorld());

const asRoland = <T>(work: () => Promise<T>) => asUser(rolandsPlayer, work);
const roland = (f: Fight) => f.member("Roland");
const messages = () => notifications.log.map((notice) => notice.message);
const lastCard = () =>
  game.messages.contents.at(-1) as unknown as { type: string; content: string } | undefined;

async function rolandsTurn(): Promise<Fight> {
  const f = await rolandAgainstGuard(rolandsPlayer);
  await f.actor("Roland").createEmbeddedDocuments("Item", [
    { name: "Spear", type: "weapon", system: { equipped: false } },
    { name: "Shield", type: "shield", system: { equipped: false } },
    { name: "Torch", type: "gear", system: { equipped: true } },
  ] as never);
  await asRoland(() => f.combat.takeTurn(roland(f).id ?? ""));
  return f;
}

const prompt = async (f: Fight, key: string) => {
  const start = actionPrompt(key);
  expect(start, `a prompt for ${key}`).toBeDefined();
  await asRoland(() => start!(roland(f), f.actor("Roland")));
};
const item = (f: Fight, name: string) =>
  f.actor("Roland").items.find((i) => i.name === name) as unknown as {
    id: string;
    system: { equipped: boolean; dropped: boolean };
  };
const statuses = (f: Fight) => [
  ...(f.actor("Roland").system as unknown as { conditions: Set<string> }).conditions,
];

describe("Ready", () => {
  it("declares a reaction and trigger, ends the turn, and the card says so", async () => {
    const f = await rolandsTurn();
    expect(roland(f).system.readiedAction).toBeNull(); // a combatant written before the field existed
    answerDialog({ action: "Attack", trigger: "when the goblin comes through the door" });
    await prompt(f, "ready");
    expect(readiedActionOf(roland(f))).toEqual({
      action: "Attack",
      trigger: "when the goblin comes through the door",
    });
    expect(f.combat.turnState.current).not.toBe(roland(f).id);
    expect(lastCard()?.type).toBe("action");
    expect(lastCard()?.content).toContain("Roland readies: Attack — when the goblin comes through the door");
  });

  it("is taken as a reaction from the tracker's button, with a card saying what was done", async () => {
    const f = await rolandsTurn();
    await asRoland(() =>
      requestSmallAction(roland(f), { action: "ready", text: "Attack", trigger: "door opens" }),
    );
    await asRoland(() => requestSmallAction(roland(f), { action: "trigger" }));
    expect(lastCard()?.content).toContain("Roland takes the readied action: Attack — door opens");
    expect(roland(f).economy.reactionsLeft).toBe(0);
    expect(readiedActionOf(roland(f))).toBeNull();
  });

  it("can then be done out of turn, on the trigger: one attack (or one move) in the turn it fires", async () => {
    const f = await rolandsTurn();
    await f
      .actor("Roland")
      .createEmbeddedDocuments("Item", [
        { name: "Axe", type: "weapon", system: { attributes: ["str"], damage: 4, damageType: "slashing" } },
      ]);
    await asRoland(() =>
      requestSmallAction(roland(f), { action: "ready", text: "Attack", trigger: "the guard moves" }),
    );
    await f.combat.takeTurn(f.member("Guard").id ?? "");
    await asRoland(() => requestSmallAction(roland(f), { action: "trigger" }));
    const axe = f.actor("Roland").items.getName("Axe") as Item.Implementation;
    const cards = game.messages.size;
    rolandsPlayer.targets.clear();
    rolandsPlayer.targets.add(f.token("Guard") as never);
    queueDice(3, 10);
    answerDialog({ attribute: "str", advantage: "0", modifier: "0" });
    await asRoland(() => promptAttack(f.actor("Roland") as BrinkActor, axe));
    expect(game.messages.size).toBe(cards + 1);
    expect(lastCard()?.content).toContain("Attack total");
    expect(roland(f).attacksThisRound).toBe(1);
    // The readied action was one action: a second is refused, and it lapses with the Guard's turn.
    expect((await asRoland(() => roland(f).spendAction("move"))).ok).toBe(false);
    expect(roland(f).economy.grantedBy).toBeNull();
  });

  it("a readied move is taken as the trigger's one action, and lapses unused when that turn ends", async () => {
    const f = await rolandsTurn();
    await asRoland(() =>
      requestSmallAction(roland(f), { action: "ready", text: "Move", trigger: "door opens" }),
    );
    await f.combat.takeTurn(f.member("Guard").id ?? "");
    await asRoland(() => requestSmallAction(roland(f), { action: "trigger" }));
    expect((await asRoland(() => roland(f).spendAction("move"))).ok).toBe(true);
  });

  it("lapses unused when the turn it fired in ends", async () => {
    const f = await rolandsTurn();
    await asRoland(() =>
      requestSmallAction(roland(f), { action: "ready", text: "Move", trigger: "door opens" }),
    );
    await f.combat.takeTurn(f.member("Guard").id ?? "");
    await asRoland(() => requestSmallAction(roland(f), { action: "trigger" }));
    expect(roland(f).economy.grantedBy).toBe(f.member("Guard").id);
    await f.combat.endTurn();
    expect(roland(f).economy.grantedBy).toBeNull();
  });

  it("shows on the tracker row, with the button to take it only for its owner and the GM", async () => {
    const f = await rolandsTurn();
    await asRoland(() =>
      requestSmallAction(roland(f), { action: "ready", text: "Attack", trigger: "door opens" }),
    );
    const row = (owns: boolean) =>
      trackerView(f.combat, { isGM: false, owns: () => owns })
        .sections.flatMap((section) => section.members)
        .find((member) => member.name === "Roland");
    expect(row(true)?.readied).toBe("Readied: Attack — door opens");
    expect(row(true)?.canTakeReadied).toBe(true);
    expect(row(false)?.readied).toBe("Readied: Attack — door opens");
    expect(row(false)?.canTakeReadied).toBe(false);
  });

  it("lapses when Roland's next turn starts", async () => {
    const f = await rolandsTurn();
    await asRoland(() =>
      requestSmallAction(roland(f), { action: "ready", text: "Attack", trigger: "door opens" }),
    );
    await f.combat.takeTurn(f.member("Guard").id ?? "");
    await f.combat.endTurn();
    expect(readiedActionOf(roland(f))).not.toBeNull();
    await asRoland(() => f.combat.takeTurn(roland(f).id ?? ""));
    expect(readiedActionOf(roland(f))).toBeNull();
    expect(roland(f).system.readiedAction).toBeNull();
  });

  it("refuses an over-long trigger or another's combatant, and writes nothing", async () => {
    const f = await rolandsTurn();
    writeLog.length = 0;
    const long = await asRoland(() =>
      requestSmallAction(roland(f), { action: "ready", text: "Attack", trigger: "x".repeat(500) }),
    );
    expect(long.ok).toBe(false);
    const theirs = await asUser(stranger, () =>
      requestSmallAction(roland(f), { action: "ready", text: "Attack", trigger: "door" }),
    );
    expect(theirs.ok).toBe(false);
    expect(messages().at(-1)).toBe("You do not own Roland.");
    const bare = await asRoland(() => roland(f).spendAction("ready"));
    expect(bare.ok).toBe(false);
    expect(messages().at(-1)).toBe("Say what Roland does first.");
    expect(writeLog).toEqual([]);
  });
});

describe("Brandish, Interact, Short Task", () => {
  it("Brandish wields what was ticked and nothing else, in one batched write, for one action", async () => {
    const f = await rolandsTurn();
    answerDialog({
      [`held-${item(f, "Spear").id}`]: true,
      [`held-${item(f, "Shield").id}`]: true,
      [`held-${item(f, "Torch").id}`]: false,
    });
    const writes = await writesDuring(() => prompt(f, "brandish"));
    expect(writes.filter((w) => w.documentName === "Item").length).toBe(1);
    expect(item(f, "Spear").system.equipped).toBe(true);
    expect(item(f, "Shield").system.equipped).toBe(true);
    expect(item(f, "Torch").system.equipped).toBe(false);
    expect(roland(f).economy.actionsLeft).toBe(2);
    expect(lastCard()?.content).toContain("Roland brandishes Spear and Shield");
  });

  it("refuses to brandish another character's item, writing nothing", async () => {
    const f = await rolandsTurn();
    const [blade] = await f
      .actor("Guard")
      .createEmbeddedDocuments("Item", [
        { name: "Blade", type: "weapon", system: { equipped: false } },
      ] as never);
    writeLog.length = 0;
    const result = await asRoland(() =>
      requestSmallAction(roland(f), { action: "brandish", itemIds: [(blade as { id: string }).id] }),
    );
    expect(result.ok).toBe(false);
    expect(messages().at(-1)).toBe("Roland does not carry that.");
    expect(writeLog).toEqual([]);
  });

  it("shows a player's markup as text on the card, never as HTML", async () => {
    const f = await rolandsTurn();
    await asRoland(() =>
      requestSmallAction(roland(f), { action: "interact", text: "<img src=x onerror=alert(1)>" }),
    );
    expect(lastCard()?.content).not.toContain("<img");
    expect(lastCard()?.content).toContain("&lt;img");
  });

  it("Interact costs one action and says what was used", async () => {
    const f = await rolandsTurn();
    answerDialog({ text: "opens the door" });
    await prompt(f, "interact");
    expect(roland(f).economy.actionsLeft).toBe(2);
    expect(lastCard()?.content).toContain("Roland interacts: opens the door");
    // The chat log draws the card from its record, with the player's text escaped.
    const card = game.messages.contents.at(-1) as unknown as { system: { renderContent(): Promise<string> } };
    expect(await card.system.renderContent()).toContain("Roland interacts: opens the door");
  });

  it("Short Task started with actions short is paid on the next turn, then named on its card", async () => {
    const f = await rolandsTurn();
    await asRoland(() => roland(f).spendAction("move"));
    const cards = game.messages.contents.length;
    answerDialog({ text: "pick the lock" });
    await prompt(f, "shortTask");
    expect(roland(f).economy.extended).toEqual({ key: "shortTask", remaining: 1 });
    expect(game.messages.contents.length).toBe(cards);
    await asRoland(() => f.combat.endTurn());
    await f.combat.takeTurn(f.member("Guard").id ?? "");
    await f.combat.endTurn();
    await asRoland(() => f.combat.takeTurn(roland(f).id ?? ""));
    await asRoland(() => roland(f).continueExtended());
    expect(lastCard()?.content).toContain("Roland finishes a short task: pick the lock");
    expect(roland(f).economy.actionsLeft).toBe(2);
  });

  it("Short Task takes three actions, then offers the test by name", async () => {
    const f = await rolandsTurn();
    answerDialog({ text: "pick the lock" });
    await prompt(f, "shortTask");
    expect(roland(f).economy.actionsLeft).toBe(0);
    expect(lastCard()?.content).toContain("Roland finishes a short task: pick the lock");
    expect(lastCard()?.content).toContain("roll its test");
  });
});

describe("prone and dropped items (free actions)", () => {
  it("Drop Prone sets prone for free; Stand Up clears it for one action", async () => {
    const f = await rolandsTurn();
    await prompt(f, "dropProne");
    expect(statuses(f)).toContain("prone");
    expect(roland(f).economy.actionsLeft).toBe(3);
    await prompt(f, "standUp");
    expect(statuses(f)).not.toContain("prone");
    expect(roland(f).economy.actionsLeft).toBe(2);
    expect(lastCard()?.content).toContain("Roland stands up");
  });

  it("Stand Up is refused before spending when not prone", async () => {
    const f = await rolandsTurn();
    writeLog.length = 0;
    await prompt(f, "standUp");
    expect(messages().at(-1)).toBe("Roland is not prone.");
    expect(writeLog).toEqual([]);
  });

  it("Drop Item marks a held item dropped (never deleted), for free", async () => {
    const f = await rolandsTurn();
    answerDialog({ item: item(f, "Torch").id });
    await prompt(f, "dropItem");
    expect(item(f, "Torch").system.dropped).toBe(true);
    expect(roland(f).economy.actionsLeft).toBe(3);
    expect(lastCard()?.content).toContain("Roland drops Torch");
  });

  it("refuses to drop an item that is not held, writing nothing", async () => {
    const f = await rolandsTurn();
    writeLog.length = 0;
    const result = await asRoland(() =>
      requestSmallAction(roland(f), { action: "dropItem", itemIds: [item(f, "Spear").id] }),
    );
    expect(result.ok).toBe(false);
    expect(messages().at(-1)).toBe("Roland is not holding that.");
    expect(writeLog).toEqual([]);
  });
});
