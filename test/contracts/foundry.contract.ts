import { createdDocuments, type ContractContext } from "./context";

type Tracker = ReturnType<typeof createdDocuments>;

/** A player of the world: an existing one, or one made for the contract and deleted afterwards. */
async function aPlayer(track: Tracker): Promise<User.Implementation> {
  const existing = game.users.find((user) => !user.isGM);
  if (existing) return existing;
  const created = await User.implementation.create({
    name: "Brink contract player",
    role: CONST.USER_ROLES.PLAYER,
  });
  return track(created);
}

/**
 * How Foundry's server and client treat writes, hooks, chat and the token HUD, where Brink relies on
 * it; each line of test/fake-foundry/README.md names the contract here that checks it.
 */
export function foundryContracts(context: ContractContext): void {
  const { describe, it, assert } = context;
  const track = createdDocuments(context);
  const newActor = async (name: string, data: object = {}) =>
    track(await Actor.implementation.create({ name: `Contract: ${name}`, type: "character", ...data }));

  describe("Foundry writes", () => {
    it("write nothing and fire no update hook for an update that changes nothing, after preUpdate", async () => {
      const actor = await newActor("no-op");
      const heard: string[] = [];
      const pre = Hooks.on("preUpdateActor", () => void heard.push("pre"));
      const post = Hooks.on("updateActor", () => void heard.push("update"));
      const result = await actor.update({ name: actor.name });
      Hooks.off("preUpdateActor", pre);
      Hooks.off("updateActor", post);
      assert.equal(result, undefined, "update resolves to undefined");
      assert.deepEqual(heard, ["pre"]);
    });

    it("write what a preUpdate hook adds to the changes, in the same update", async () => {
      const actor = await newActor("pre-add");
      const pre = Hooks.on("preUpdateActor", (_document, changes) => {
        foundry.utils.setProperty(changes, "system.xp", 7);
      });
      await actor.update({ system: { level: 2 } } as never);
      Hooks.off("preUpdateActor", pre);
      const system = actor.system as unknown as { level: number; xp: number };
      assert.deepEqual([system.level, system.xp], [2, 7]);
    });

    it("expand dotted keys at any depth of creation data", async () => {
      const actor = await newActor("dotted", { flags: { brink: { "a.b": { "c.d": 1 } } } });
      assert.deepEqual(actor.getFlag("brink" as never, "a" as never), { b: { c: { d: 1 } } });
    });

    it("give a created document a new id unless keepId, and keep its embedded documents' ids", async () => {
      const id = foundry.utils.randomID();
      const groupId = foundry.utils.randomID();
      const combatantId = foundry.utils.randomID();
      const source = {
        _id: id,
        groups: [{ _id: groupId, name: "Contract: team" }],
        combatants: [{ _id: combatantId, name: "Contract: fighter", group: groupId }],
      };
      const fresh = await Combat.implementation.create(source as never);
      assert.isFalse(fresh?.id === id, "without keepId the id is new");
      await fresh?.delete();
      const kept = track(await Combat.implementation.create(source as never, { keepId: true }));
      assert.equal(kept.id, id, "keepId keeps the id");
      assert.equal(kept.groups.get(groupId)?.name, "Contract: team");
      const fighter = kept.combatants.get(combatantId);
      assert.isTrue(fighter !== undefined && kept.groups.get(groupId)?.members.has(fighter) === true);
    });

    it("pass the writing user's id as the last argument of a document hook", async () => {
      const actor = await newActor("hook user");
      let userId: unknown = null;
      const id = Hooks.on("updateActor", (...args: unknown[]) => void (userId = args.at(-1)));
      await actor.update({ name: "Contract: hook user renamed" });
      Hooks.off("updateActor", id);
      assert.equal(userId, game.user.id);
    });
  });

  describe("Foundry permissions", () => {
    it("let a player change an actor only when they own it, and its items with it", async () => {
      const player = await aPlayer(track);
      const OWNER = CONST.DOCUMENT_OWNERSHIP_LEVELS.OWNER;
      const theirs = await newActor("owned", { ownership: { default: 0, [player.id ?? ""]: OWNER } });
      const others = await newActor("not owned", { ownership: { default: 0 } });
      const [item] = await others.createEmbeddedDocuments("Item", [{ name: "Rope", type: "gear" }]);
      assert.isTrue(theirs.canUserModify(player, "update"));
      assert.isFalse(others.canUserModify(player, "update"));
      assert.isFalse(item?.canUserModify(player, "update"), "an item follows its actor");
    });

    it("read Brink's GM-only fields per document subtype from system.json documentTypes", () => {
      // The loaded manifest: documentTypes.<Document>.<subtype>.gmOnlyFields, paths relative to system.
      const types = (game.system as unknown as { documentTypes?: Record<string, Record<string, unknown>> })
        .documentTypes;
      const character = types?.Actor?.character as { gmOnlyFields?: unknown } | undefined;
      assert.isTrue(Array.isArray(character?.gmOnlyFields), "the character declares gmOnlyFields");
      assert.isTrue((character?.gmOnlyFields as string[]).includes("death.dying"));
    });

    it("let only a chat message's author or a GM change it", async () => {
      const player = await aPlayer(track);
      const message = track(await ChatMessage.implementation.create({ content: "Contract: authored" }));
      assert.isTrue(message.canUserModify(game.user, "update"));
      assert.isFalse(message.canUserModify(player, "update"));
      assert.isFalse(message.canUserModify(player, "delete"));
      const forged = new ChatMessage.implementation({ content: "Contract: forged", author: game.user.id });
      assert.isFalse(forged.canUserModify(player, "create"), "a player posts only as themselves");
    });

    it("keep a combat's own data and its creation for the GM", async () => {
      const player = await aPlayer(track);
      const combat = track(await Combat.implementation.create({}));
      assert.isFalse(combat.canUserModify(player, "update", { system: { probe: 1 } } as never));
      assert.isFalse(combat.canUserModify(player, "delete"));
      assert.isFalse(new Combat.implementation({}).canUserModify(player, "create"));
    });
  });

  describe("Foundry chat and dice", () => {
    it("blind a roll for the GMs' eyes only", () => {
      const data: Record<string, unknown> = {};
      ChatMessage.implementation.applyRollMode(data as never, "blindroll");
      assert.isTrue(data.blind);
      assert.isTrue((data.whisper as string[]).includes(game.user.id ?? ""));
    });

    it("roll without asking the user when allowInteractive is false, whatever their manual dice entry says", async () => {
      // Core's per-user dice configuration; fvtt-types does not list this core setting's shape.
      const setting = ["core", "diceConfiguration"] as never;
      const before = game.settings.get(...(setting as [never, never])) as unknown;
      await game.settings.set(...(setting as [never, never]), { d6: "manual" } as never);
      try {
        const roll = await new Roll("1d6").evaluate({ allowInteractive: false });
        assert.isTrue(Number(roll.total) >= 1 && Number(roll.total) <= 6);
      } finally {
        await game.settings.set(...(setting as [never, never]), before as never);
      }
    });

    it("clear a whisper and a blind when a roll goes public, and blind nothing but a blind roll", () => {
      const data: Record<string, unknown> = { whisper: [game.user.id ?? ""], blind: true };
      ChatMessage.implementation.applyRollMode(data as never, "publicroll");
      assert.deepEqual(data.whisper, []);
      assert.isFalse(data.blind);
      const gm: Record<string, unknown> = { blind: true };
      ChatMessage.implementation.applyRollMode(gm as never, "gmroll");
      assert.isFalse(gm.blind);
    });

    it("keep a whisper between two other users from a GM: content visible only to its author and recipients", () => {
      // An unsaved message: its author and recipient are two other users, the reader a GM.
      const message = new ChatMessage.implementation({
        author: "ContractAuthor01",
        whisper: ["ContractReader01"],
        content: "<p>Contract: private</p>",
      } as never);
      assert.isTrue(game.user.isGM);
      assert.isFalse(message.isContentVisible);
    });

    it("fire renderChatMessageHTML with the message and its element when a message is drawn", async () => {
      const message = track(await ChatMessage.implementation.create({ content: "<p>Contract: drawn</p>" }));
      const heard: unknown[][] = [];
      const id = Hooks.on("renderChatMessageHTML", (...args: unknown[]) => void heard.push(args));
      const element = await message.renderHTML();
      Hooks.off("renderChatMessageHTML", id);
      assert.equal(heard.length, 1);
      assert.equal(heard[0]?.[0], message);
      assert.equal(heard[0]?.[1], element);
      assert.isTrue(element.textContent?.includes("Contract: drawn") ?? false);
    });

    it("draw a Brink card from its record when the message is rendered, then fire brink.renderChatCard", async () => {
      const message = track(
        await ChatMessage.implementation.create({
          type: "healing",
          content: "<p>stale copy</p>",
          system: { label: "Contract: drawn card", formula: "1d4", amount: 3 },
        } as never),
      );
      const heard: string[] = [];
      const core = Hooks.on("renderChatMessageHTML", () => void heard.push("core"));
      const brink = Hooks.on("brink.renderChatCard", () => void heard.push("brink"));
      const element = await message.renderHTML();
      Hooks.off("renderChatMessageHTML", core);
      Hooks.off("brink.renderChatCard", brink);
      assert.deepEqual(heard, ["core", "brink"]);
      const content = element.querySelector(".message-content")?.textContent ?? "";
      assert.isTrue(content.includes("Contract: drawn card"), "drawn from system");
      assert.isFalse(content.includes("stale copy"), "the stored copy is replaced");
    });

    it("restore a message's rolls as the class CONFIG.Dice.rolls names, and draw one privately", async () => {
      const RollClass = CONFIG.Dice.rolls.at(-1) as typeof Roll;
      const roll = await new RollClass("1d6").evaluate();
      const message = track(await ChatMessage.implementation.create({ content: "", rolls: [roll] } as never));
      assert.instanceOf(message.rolls[0], RollClass);
      const hidden = await roll.render({ isPrivate: true });
      assert.isTrue(hidden.includes("???"), "the formula is hidden");
      assert.isFalse(hidden.includes(String(roll.total) + "<"), "the total is hidden");
    });
  });

  describe("Foundry scenes", () => {
    it("place a token by x and y in pixels and width and height in grid squares, on a scene with a grid size and distance", async () => {
      const scene = track(
        await Scene.implementation.create({
          name: "Contract: scene",
          grid: { size: 100, distance: 1 },
          tokens: [{ name: "Contract: token", x: 300, y: 200, width: 2, height: 1, hidden: true }],
        } as never),
      );
      const token = scene.tokens.contents[0];
      assert.equal(token?.x, 300);
      assert.equal(token?.y, 200);
      assert.equal(token?.width, 2);
      assert.equal(token?.height, 1);
      assert.isTrue(token?.hidden);
      assert.equal(token?.parent, scene);
      assert.equal(scene.grid.size, 100);
      assert.equal(scene.grid.distance, 1);
      assert.equal(fromUuidSync(token?.uuid ?? ""), token);
    });
  });

  describe("Foundry token control", () => {
    it("list the tokens this client controls on the scene it shows, several at once, in canvas.tokens.controlled", async () => {
      const scene = canvas?.scene;
      if (!scene) return assert.fail("a scene must be shown on the canvas");
      const made = await scene.createEmbeddedDocuments("Token", [
        { name: "Contract: first", x: 0, y: 0 },
        { name: "Contract: second", x: 100, y: 0 },
      ] as never);
      const [first, second] = made.map((token) => track(token));
      if (!first?.object || !second?.object) return assert.fail("both tokens are drawn");
      const held = () => (canvas?.tokens?.controlled ?? []).map((token) => token.document.id).sort();
      first.object.control();
      second.object.control({ releaseOthers: false });
      assert.deepEqual(held(), [first.id, second.id].sort());
      first.object.control();
      assert.deepEqual(held(), [first.id], "control() releases the others by default");
      first.object.release();
      assert.deepEqual(held(), []);
    });
  });

  describe("Foundry token ruler", () => {
    it("let a system's TokenRuler colour segments, highlight spaces and label waypoints", () => {
      const { TokenRuler } = foundry.canvas.placeables.tokens;
      const proto = TokenRuler.prototype as unknown as Record<string, unknown>;
      for (const hook of ["_getSegmentStyle", "_getGridHighlightStyle", "_getWaypointLabelContext"]) {
        assert.equal(typeof proto[hook], "function", hook);
      }
      assert.isTrue(CONFIG.Token.rulerClass.prototype instanceof TokenRuler);
    });
  });

  describe("Foundry token HUD", () => {
    it("build its status palette in _getStatusEffectChoices, which Brink's HUD extends", () => {
      const { TokenHUD } = foundry.applications.hud;
      const proto = TokenHUD.prototype as unknown as Record<string, unknown>;
      assert.equal(typeof proto._getStatusEffectChoices, "function");
      assert.isTrue(CONFIG.Token.hudClass.prototype instanceof TokenHUD);
    });

    it("toggle a Brink condition to the state the HUD asks for", async () => {
      const actor = await newActor("hud");
      await actor.toggleStatusEffect("prone", { active: true });
      assert.isTrue(actor.statuses.has("prone"));
      await actor.toggleStatusEffect("prone", { active: false });
      assert.isFalse(actor.statuses.has("prone"));
    });
  });
}
