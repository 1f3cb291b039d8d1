/**
 * RULES §7.4 (S3) at the table: the GM selects like NPC tokens and clicks "Form detachment" among
 * the token controls; a detachment NPC with the members' summed pools stands at their centre, the
 * members are hidden, and a card tells it. Disband on the card brings the members back and removes
 * what the formation made. Everything goes through the tool, the card's button and the documents.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { FakeScene } from "../fake-foundry/combat";
import { hooks, notifications, resetWorld, session, settings, writeLog } from "../fake-foundry/install";
import { asUser } from "../fake-foundry/runtime";
import { player } from "./combat-fixtures";
import { bootBrink } from "./boot";
import { clickAndFinish, waitUntil } from "../support/wait";
import type { BrinkCombat } from "../../src/documents/combat";

await bootBrink();
// The optional rule's setting is the optional rules' own (settings/rules.ts); registered here until it lands.
if (!settings.settings.has("brink.detachments"))
  settings.register("brink", "detachments", { scope: "world", config: true, type: Boolean, default: false });
const { FORM_DETACHMENT_TOOL } = await import("../../src/applications/detachments");
const { activateCardButtons } = await import("../../src/applications/chat/card-buttons");
const { requestFormDetachment, requestDisbandDetachment } = await import("../../src/workflows/detachments");
const { GM_ONLY } = await import("../../src/requests");

type Card = ChatMessage.Implementation & { renderHTML(): Promise<HTMLElement> };
interface Tool {
  button?: boolean;
  title?: string;
  onChange?: () => void;
}
interface Pools {
  endurance: { value: number; max: number };
  health: { value: number; max: number };
  detachment: { enabled: boolean; members: number };
}

const cards = () => game.messages.contents.filter((message) => message.type === "detachment") as Card[];
const warnings = () =>
  notifications.log.filter((entry) => entry.level === "warn").map((entry) => entry.message);
const cardText = async (card: Card | undefined) =>
  (await card?.renderHTML())?.textContent?.replace(/\s+/g, " ").trim();

async function npc(name: string, system: object = {}, type = "npc") {
  const actor = await Actor.implementation.create({
    name,
    type,
    system: { endurance: { value: 4, max: 4 }, health: { value: 3, max: 3 }, ...system },
    items: [{ name: "Rusty blade", type: "weapon", system: { damage: 4, damageType: "slashing" } }],
  } as never);
  if (!actor) throw new Error(`${name} was not created`);
  return actor;
}

/** The scene the GM's canvas shows, with an unlinked token for each actor at (x, 0). */
async function sceneWith(actors: Actor.Implementation[], extra: object[] = []) {
  const scene = (await FakeScene.create({
    name: "Goblin Warren",
    tokens: [
      ...actors.map((actor, index) => ({
        name: `${actor.name} ${index + 1}`,
        actorId: actor.id,
        actorLink: false,
        x: index * 200,
        y: 100,
        disposition: -1,
      })),
      ...extra,
    ],
  })) as FakeScene;
  Object.assign(canvas as object, { scene });
  return scene;
}

function select(scene: FakeScene, count = scene.tokens.size) {
  for (const token of scene.tokens.contents.slice(0, count))
    (token as unknown as TokenDocument.Implementation).object?.control({ releaseOthers: false });
}

function tokenControls(): Record<string, Tool> {
  const controls: Record<string, { tools: Record<string, Tool> }> = { tokens: { tools: { select: {} } } };
  hooks.callAll("getSceneControlButtons", controls);
  return controls.tokens?.tools ?? {};
}

async function clickTool() {
  const tool = tokenControls()[FORM_DETACHMENT_TOOL];
  if (!tool?.onChange) throw new Error("The token controls have no Form detachment tool.");
  const before = cards().length + warnings().length;
  tool.onChange();
  await waitUntil(() => cards().length + warnings().length > before, "the detachment card or a warning");
}

async function clickDisband(card: Card | undefined) {
  if (!card) throw new Error("no card");
  const html = await card.renderHTML();
  activateCardButtons(card, html);
  const button = html.querySelector<HTMLElement>('[data-action="disband-detachment"]');
  if (!button) throw new Error("The card shows no Disband button.");
  await clickAndFinish(button);
}

const hidden = (scene: FakeScene) =>
  Object.fromEntries(
    scene.tokens.contents.map((token) => [token.name, (token as unknown as { hidden: boolean }).hidden]),
  );
const detachments = () =>
  game.actors.filter((actor) => (actor.system as unknown as Pools).detachment?.enabled === true);

beforeEach(async () => {
  resetWorld();
  Object.assign(canvas as object, { scene: null });
  await settings.set("brink", "detachments", true);
  writeLog.length = 0;
});

describe("forming a detachment from the selected tokens", () => {
  it("makes the detachment NPC, its token at the centre, hides the members and posts the card", async () => {
    const goblin = await npc("Goblin");
    const scene = await sceneWith([goblin, goblin, goblin]);
    select(scene);
    writeLog.length = 0;
    await clickTool();

    expect(warnings()).toEqual([]);
    const [band] = detachments();
    expect(band?.name).toBe("Goblin detachment");
    const system = band?.system as unknown as Pools;
    expect(system.detachment).toEqual({ enabled: true, members: 3 });
    expect(system.endurance).toEqual({ value: 12, max: 12 });
    expect(system.health).toEqual({ value: 9, max: 9 });
    expect(band?.items.map((item) => item.name)).toEqual(["Rusty blade"]);
    const token = scene.tokens.find(
      (t) => t.name === "Goblin detachment",
    ) as unknown as TokenDocument.Implementation;
    expect([token.x, token.y, token.actorId, token.hidden]).toEqual([200, 100, band?.id, false]);
    expect(hidden(scene)).toEqual({
      "Goblin 1": true,
      "Goblin 2": true,
      "Goblin 3": true,
      "Goblin detachment": false,
    });
    const html = await cards()[0]?.renderHTML();
    expect(html?.querySelector("p")?.textContent).toBe(
      "Gamemaster formed Goblin detachment from 3 Goblin tokens:",
    );
    expect([...(html?.querySelectorAll(".detachment-members li") ?? [])].map((li) => li.textContent)).toEqual(
      ["Goblin 1", "Goblin 2", "Goblin 3"],
    );
    expect(html?.querySelector('[data-action="disband-detachment"]')?.textContent?.trim()).toBe("Disband");
    // The actor, its token, the members' tokens in one update, the card.
    expect(writeLog.map((w) => `${w.action} ${w.documentName} ${w.count}`)).toEqual([
      "create Actor 1",
      "create Token 1",
      "update Token 3",
      "create ChatMessage 1",
    ]);
  });

  it("sums wounded members' pools as they stand", async () => {
    const goblin = await npc("Goblin");
    const scene = await sceneWith([goblin, goblin]);
    const [first] = scene.tokens.contents as unknown as TokenDocument.Implementation[];
    await scene.updateEmbeddedDocuments("Token", [
      { _id: first?.id, delta: { system: { endurance: { value: 1 }, health: { value: 2 } } } },
    ]);
    select(scene);
    await clickTool();
    const system = detachments()[0]?.system as unknown as Pools;
    expect(system.endurance).toEqual({ value: 5, max: 8 });
    expect(system.health).toEqual({ value: 5, max: 6 });
  });
});

describe("a formation that is refused", () => {
  const refusals: [string, () => Promise<FakeScene>, string][] = [
    [
      "a single token",
      async () => sceneWith([await npc("Goblin")]),
      "Select at least two tokens to form a detachment.",
    ],
    [
      "a character among them",
      async () => {
        const goblin = await npc("Goblin");
        return sceneWith([goblin, await npc("Roland", {}, "character")]);
      },
      "Roland 2 is not an NPC: only NPCs form detachments.",
    ],
    [
      "two kinds",
      async () => sceneWith([await npc("Goblin"), await npc("Orc")]),
      "The selected tokens are of different kinds: a detachment is made from tokens of one actor.",
    ],
    [
      "a detachment already",
      async () => {
        const goblin = await npc("Goblin");
        return sceneWith([goblin, await npc("Goblin band", { detachment: { enabled: true, members: 4 } })]);
      },
      "Goblin band 2 is already a detachment.",
    ],
    [
      "a dead member",
      async () => {
        const goblin = await npc("Goblin");
        return sceneWith([goblin, await npc("Dead goblin", { conditions: ["dead"] })]);
      },
      "Dead goblin 2 is dead: the dead join no detachment.",
    ],
    [
      "a member in a combat",
      async () => {
        const goblin = await npc("Goblin");
        const scene = await sceneWith([goblin, goblin]);
        const combat = (await Combat.implementation.create({ scene: scene.id } as never)) as
          BrinkCombat | undefined;
        const token = scene.tokens.contents[1];
        await combat?.createEmbeddedDocuments("Combatant", [
          { tokenId: token?.id, actorId: goblin.id, sceneId: scene.id },
        ] as never);
        // Brink's GM-side hooks sort the new combatant into a team first.
        await combat?.whenSynced();
        return scene;
      },
      "Goblin 2 is in a combat: form the detachment before the fight, or remove it from the combat first.",
    ],
  ];

  for (const [label, build, message] of refusals) {
    it(`names the problem and writes nothing: ${label}`, async () => {
      const scene = await build();
      select(scene);
      const before = hidden(scene);
      writeLog.length = 0;
      await clickTool();
      expect(warnings()).toEqual([message]);
      expect(writeLog).toEqual([]);
      expect(hidden(scene)).toEqual(before);
      expect(cards()).toHaveLength(0);
    });
  }

  it("is refused when nothing is selected, and when no scene is shown", async () => {
    const goblin = await npc("Goblin");
    await sceneWith([goblin, goblin]);
    await clickTool();
    Object.assign(canvas as object, { scene: null });
    await clickTool();
    expect(warnings()).toEqual([
      "Select at least two tokens to form a detachment.",
      "No scene is shown: open the scene the tokens stand on.",
    ]);
    expect(writeLog.filter((w) => w.action !== "create" || w.documentName !== "Scene")).toEqual([
      { action: "create", documentName: "Actor", parent: null, count: 1, userId: "gm" },
    ]);
  });

  it("has no tool while detachments are off, and the GM's client refuses the request", async () => {
    const goblin = await npc("Goblin");
    const scene = await sceneWith([goblin, goblin]);
    await settings.set("brink", "detachments", false);
    expect(tokenControls()[FORM_DETACHMENT_TOOL]).toBeUndefined();
    writeLog.length = 0;
    const result = await requestFormDetachment(
      scene.id ?? "",
      scene.tokens.map((t) => t.id),
    );
    expect(result).toEqual({ ok: false, reason: "BRINK.Formation.Refusal.off" });
    expect(warnings()).toEqual(["Detachments are off: turn on the optional rule first."]);
    expect(writeLog).toEqual([]);
  });

  it("offers a player no tool, and the GM's client refuses a player's request", async () => {
    const goblin = await npc("Goblin");
    const scene = await sceneWith([goblin, goblin]);
    const roland = player("roland-player");
    await asUser(roland, async () => {
      expect(session.user.isGM).toBe(false);
      expect(tokenControls()[FORM_DETACHMENT_TOOL]).toBeUndefined();
    });
    writeLog.length = 0;
    const result = await asUser(roland, () =>
      requestFormDetachment(
        scene.id ?? "",
        scene.tokens.map((t) => t.id),
      ),
    );
    expect(result).toEqual({ ok: false, reason: GM_ONLY });
    expect(writeLog).toEqual([]);
  });
});

describe("disbanding a detachment from its card", () => {
  async function formed(extra: object[] = []) {
    const goblin = await npc("Goblin");
    const scene = await sceneWith([goblin, goblin, goblin], extra);
    select(scene, 3);
    await clickTool();
    return scene;
  }

  it("brings the members back, removes the detachment's token and actor and marks the card", async () => {
    const scene = await formed();
    const card = cards()[0];
    await clickDisband(card);
    expect(hidden(scene)).toEqual({ "Goblin 1": false, "Goblin 2": false, "Goblin 3": false });
    expect(detachments()).toEqual([]);
    expect(await cardText(card)).toContain("Disbanded: the members stand on the scene again.");
    expect((await card?.renderHTML())?.querySelector('[data-action="disband-detachment"]')).toBeNull();
  });

  it("cannot disband twice: the second is refused and writes nothing", async () => {
    await formed();
    const card = cards()[0];
    await clickDisband(card);
    writeLog.length = 0;
    const again = await requestDisbandDetachment(card?.id ?? "");
    expect(again).toEqual({ ok: false, reason: "BRINK.Formation.Refusal.disbanded" });
    expect(warnings()).toContain("This detachment has already been disbanded.");
    expect(writeLog).toEqual([]);
  });

  it("leaves a member the GM had hidden before hidden, and names a member deleted since", async () => {
    const goblin = await npc("Goblin");
    const scene = await sceneWith([goblin, goblin, goblin]);
    const [first, , third] = scene.tokens.contents;
    await scene.updateEmbeddedDocuments("Token", [{ _id: first?.id, hidden: true }]);
    select(scene);
    await clickTool();
    await scene.deleteEmbeddedDocuments("Token", [third?.id ?? ""]);
    const card = cards()[0];
    await clickDisband(card);
    expect(hidden(scene)).toEqual({ "Goblin 1": true, "Goblin 2": false });
    expect(await cardText(card)).toContain("Not restored, their tokens were deleted since: Goblin 3.");
    expect(detachments()).toEqual([]);
  });

  it("takes the detachment out of a combat it joined after forming", async () => {
    const scene = await formed();
    const band = scene.tokens.find((t) => t.name === "Goblin detachment");
    const combat = (await Combat.implementation.create({ scene: scene.id } as never)) as
      BrinkCombat | undefined;
    await combat?.createEmbeddedDocuments("Combatant", [
      { tokenId: band?.id, actorId: detachments()[0]?.id, sceneId: scene.id },
    ] as never);
    await clickDisband(cards()[0]);
    expect(combat?.combatants.size).toBe(0);
    expect(scene.tokens.contents.some((t) => t.name === "Goblin detachment")).toBe(false);
  });

  it("is refused to a player, writing nothing", async () => {
    await formed();
    writeLog.length = 0;
    const result = await asUser(player("roland-player"), () =>
      requestDisbandDetachment(cards()[0]?.id ?? ""),
    );
    expect(result).toEqual({ ok: false, reason: GM_ONLY });
    expect(writeLog).toEqual([]);
  });
});
