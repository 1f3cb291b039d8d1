/**
 * Issue 13, the attack card as a player reads it: a labelled total and named dice, the defender's
 * answers in their own section before Apply damage, a headline that shows what gets through the
 * reaction, and a target's name that names itself and pans to its token.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { clearDice, queueDice } from "../fake-foundry/dice";
import { resetWorld } from "../fake-foundry/install";
import { canvasLog } from "../fake-foundry/combat-tracker";
import { answerDialog, clearCanvas, placeToken, sceneOnCanvas, type PlacedToken } from "../fake-foundry/ui";
import type { BrinkActor } from "../../src/documents/actor";
import { onCard } from "../support/cards";
import { bootBrink } from "./boot";
import { waitUntil } from "../support/wait";

await bootBrink();
const { promptAttack } = await import("../../src/applications/rolls/flows");
const { requestCardAction } = await import("../../src/workflows/damage");

type Card = ChatMessage.Implementation & { renderHTML(): Promise<HTMLElement> };
const lastCard = () => game.messages.contents.at(-1) as unknown as Card;
const text = (element: Element | null | undefined) =>
  (element?.textContent ?? "").replace(/\s+/g, " ").trim();

async function captain() {
  return (await Actor.implementation.create({
    name: "Guard Captain",
    type: "npc",
    system: { attributes: { str: { die: 6 } }, skills: { combat: { die: 8 } } },
    items: [
      {
        name: "Longsword",
        type: "weapon",
        system: { attributes: ["str"], damage: 5, damageType: "slashing" },
      },
    ],
  } as never)) as BrinkActor;
}

async function boudica(): Promise<{ actor: BrinkActor; token: PlacedToken }> {
  const actor = (await Actor.implementation.create({
    name: "Boudica",
    type: "character",
    system: {
      evasion: 4,
      deflection: { physical: 2, elemental: 0 },
      attributes: { dex: { die: 4 } },
      endurance: { value: 20, max: 20 },
    },
    items: [
      {
        name: "Round shield",
        type: "shield",
        system: { block: 3, equipped: true, durability: { value: 2, max: 4 } },
      },
      {
        name: "Arming sword",
        type: "weapon",
        system: { attributes: ["str"], damage: 4, parry: 2, equipped: true },
      },
    ],
  } as never)) as BrinkActor;
  return { actor, token: placeToken(actor, 3, 3) };
}

/** The captain swings at Boudica: d6 4 + d8 5 = 9, + 5 damage = 14 before her deflection of 2. */
async function swing(token: PlacedToken, faces: number[] = [4, 5, 10]) {
  const attacker = await captain();
  game.user.targets.clear();
  game.user.targets.add(token as never);
  queueDice(...faces);
  answerDialog({ attribute: "str", advantage: "0", modifier: "0" });
  await promptAttack(attacker, attacker.items.getName("Longsword") as Item.Implementation);
  return lastCard();
}

const row = (html: HTMLElement) => html.querySelector<HTMLElement>("li.target");

beforeEach(() => {
  resetWorld();
  clearDice();
  clearCanvas();
  canvasLog.length = 0;
  Object.assign(canvas as object, { scene: sceneOnCanvas() });
});

describe("the attack card a user reads", () => {
  it("labels the total and names each die the attack rolled", async () => {
    const { token } = await boudica();
    const html = await (await swing(token)).renderHTML();
    expect(text(html.querySelector(".card-total"))).toBe("Attack total 9");
    expect(text(html.querySelector("summary .dice-formula"))).toBe("Strength d6 + Combat d8");
    const dice = [...html.querySelectorAll<HTMLElement>(".pool .card-die")];
    expect(dice.map((die) => [die.dataset.tooltip, die.textContent])).toEqual([
      ["Strength d6", "4"],
      ["Combat d8", "5"],
    ]);
    expect(html.querySelector(".attack > .attribute")).toBeNull();
  });

  it("says which pool counted when advantage rolled several", async () => {
    const { token } = await boudica();
    const attacker = await captain();
    game.user.targets.clear();
    game.user.targets.add(token as never);
    queueDice(1, 2, 6, 7, 10);
    answerDialog({ attribute: "str", advantage: "1", modifier: "0" });
    await promptAttack(attacker, attacker.items.getName("Longsword") as Item.Implementation);
    const html = await lastCard().renderHTML();
    const pools = [...html.querySelectorAll(".pool")].map((pool) => [
      pool.className.trim(),
      [...pool.querySelectorAll(".card-die")].map((die) => die.textContent),
      text(pool.querySelector(".pool-kept")),
    ]);
    expect(pools).toEqual([
      ["pool dropped", ["1", "2"], "Not kept"],
      ["pool kept", ["6", "7"], "Kept"],
    ]);
  });

  it("puts the defender's reactions in their own labelled section, before Apply damage", async () => {
    const { token } = await boudica();
    const html = await (await swing(token)).renderHTML();
    const target = row(html);
    const section = target?.querySelector<HTMLElement>(".defender-reactions");
    expect(text(section?.querySelector("h5"))).toBe("Boudica's reaction");
    expect(section?.getAttribute("role")).toBe("group");
    const reactions = [...(section?.querySelectorAll<HTMLButtonElement>("button") ?? [])];
    expect(reactions.map((button) => [text(button), button.querySelector("i")?.className])).toEqual([
      ["Block 3 · Round shield 2/4 · 1 stamina", "fa-solid fa-shield"],
      ["Parry +2 · Arming sword 4/4 · 1 stamina", "fa-solid fa-hand"],
      // Her DEX d4 with luck's +4 cannot reach the total of 9.
      ["Dodge · 1 stamina · 0%", "fa-solid fa-person-running"],
    ]);
    const apply = target?.querySelector('[data-action="apply-damage"]');
    expect(apply?.closest(".defender-reactions")).toBeNull();
    const FOLLOWING = 4; // Node.DOCUMENT_POSITION_FOLLOWING
    const order = section && apply ? section.compareDocumentPosition(apply) : 0;
    expect(order & FOLLOWING).toBe(FOLLOWING);
    expect(html.innerHTML).not.toContain("fa-khanda");
  });

  it("shows in the headline the damage that gets through a block, a parry, or none after a dodge", async () => {
    const { token } = await boudica();
    const headline = async (card: Card) => {
      const damage = row(await card.renderHTML())?.querySelector(".damage");
      return {
        shown: text(damage?.querySelector("strong")),
        rolled: text(damage?.querySelector("s.rolled")),
        line: text(damage),
      };
    };
    const plain = await swing(token);
    expect(await headline(plain)).toEqual({
      shown: "12",
      rolled: "",
      line: "9 attack total + 5 Longsword − 2 deflection = 12 Slashing",
    });

    await requestCardAction("react", { ...onCard(plain, token), kind: "block" });
    // The shield's block value 3 takes 11; 2 durability is left, so 9 overflows past deflection.
    expect(await headline(plain)).toEqual({ shown: "9", rolled: "12", line: "12 9 Slashing after Block" });
    await requestCardAction("apply", onCard(plain, token));
    expect((await headline(plain)).shown).toBe("9");

    const parried = await swing(token);
    await requestCardAction("react", { ...onCard(parried, token), kind: "parry" });
    expect(await headline(parried)).toEqual({
      shown: "10",
      rolled: "12",
      line: "12 10 Slashing after Parry",
    });

    // A total of 4 hits her evasion 4; her Dodge (DEX d4) rolls 4 and reaches it.
    const dodged = await swing(token, [2, 2, 10]);
    queueDice(4, 10);
    await requestCardAction("react", { ...onCard(dodged, token), kind: "dodge" });
    expect(await headline(dodged)).toEqual({ shown: "0", rolled: "7", line: "7 0 Slashing after Dodge" });
  });

  it("names a cut-off target in a tooltip and pans the canvas to its token on a click", async () => {
    const { token } = await boudica();
    const html = await (await swing(token)).renderHTML();
    const link = row(html)?.querySelector<HTMLButtonElement>('button[data-action="pan-to-target"]');
    expect(link?.textContent).toBe("Boudica");
    expect(link?.dataset.tooltip).toBe("Boudica: show the token on the scene");
    link?.click();
    await waitUntil(() => canvasLog.length > 0, "the canvas to pan");
    expect(canvasLog).toEqual([{ action: "pan", id: "350,350" }]);
  });

  it("offers no pan off the viewed scene, but still names the target in a tooltip", async () => {
    const { token } = await boudica();
    const card = await swing(token);
    Object.assign(canvas as object, { scene: null });
    const html = await card.renderHTML();
    expect(row(html)?.querySelector('[data-action="pan-to-target"]')).toBeNull();
    const name = row(html)?.querySelector<HTMLElement>(".target-label");
    expect([name?.textContent, name?.dataset.tooltip]).toEqual(["Boudica", "Boudica"]);
  });
});

describe("a life card's injuries", () => {
  it("are links to the items it created, gone once the card is reverted", async () => {
    const { lifeCardContext, renderCard } = await import("../../src/data/chat");
    const { actor } = await boudica();
    const [leg] = await actor.createEmbeddedDocuments("Item", [
      { name: "Mangled Leg", type: "injury" },
    ] as never);
    const record = {
      actorUuid: actor.uuid,
      title: "BRINK.Life.Action.strain-or-injury",
      name: "Boudica",
      steps: [],
      revert: {},
      applied: {},
      applying: false,
      injuryItems: { created: [leg?.id ?? ""], madePermanent: [] },
      conDie: { before: 0, after: 0 },
      reverted: false,
    };
    const links = async (reverted: boolean) => {
      const html = await renderCard("chat/life-card.hbs", lifeCardContext({ ...record, reverted }, null));
      return [
        ...html.matchAll(
          /<a class="content-link[^"]*"[^>]*data-uuid="([^"]+)"[^>]*>[^<]*<i[^>]*><\/i> ([^<]+)<\/a>/g,
        ),
      ].map(([, uuid, name]) => [uuid, name]);
    };
    expect(await links(false)).toEqual([[`${actor.uuid}.Item.${leg?.id ?? ""}`, "Mangled Leg"]]);
    expect(await links(true)).toEqual([]);
  });
});
