/**
 * The hostile player against Brink's combat, turn-economy, rest and retreat requests: every call
 * below is one a player can make from their browser console. Each is refused with a reason that
 * says what was wrong, the GM's handler never throws, and nothing is written.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { notifications, resetWorld, session, writeLog } from "../fake-foundry/install";
import { asUser } from "../fake-foundry/runtime";
import { bootCombat, DISPOSITIONS, player, setUpFight } from "../foundry/combat-fixtures";

await bootCombat();
const { registerRecovery } = await import("../../src/workflows/recovery");
registerRecovery();
const { requestFromGM, notifyRefusal } = await import("../../src/requests");

const gm = session.user;
const roland = player("roland-player");
const clementine = player("clementine-player");
const en = (await import("../../lang/en.json")).default as Record<string, unknown>;

/** The English text of a lang key, which must exist. */
function english(key: string): string {
  const text = key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], en);
  if (typeof text !== "string") throw new Error(`${key} is not in lang/en.json`);
  return text;
}

beforeEach(() => resetWorld());

async function begunFight() {
  const fight = await setUpFight([
    { name: "Roland", disposition: DISPOSITIONS.friendly, owner: roland, type: "character" },
    { name: "Clementine", disposition: DISPOSITIONS.friendly, owner: clementine, type: "character" },
    { name: "Guard", disposition: DISPOSITIONS.hostile },
  ]);
  await fight.combat.begin({ startingTeam: fight.teamId("Party") });
  await asUser(roland, () => fight.combat.takeTurn(fight.member("Roland").id ?? ""));
  writeLog.length = 0;
  notifications.log.length = 0;
  return fight;
}

type Fight = Awaited<ReturnType<typeof begunFight>>;

/** Asks as Roland's player and expects a refusal with `reason` and no write. */
async function refusedAs(
  user: typeof roland,
  name: string,
  payload: Record<string, unknown>,
  reason: string,
) {
  english(reason);
  const result = await asUser(user, () => requestFromGM(name, payload));
  expect(result).toMatchObject({ ok: false, reason });
  expect(writeLog).toEqual([]);
  return result;
}

const economy = (fight: Fight, request: unknown) => ({
  combatId: fight.combat.id,
  combatantId: fight.member("Roland").id,
  request,
});

describe("custom actions", () => {
  it("cannot reuse a built-in key: a custom 'wait' that costs 1 never hands out reactions", async () => {
    const fight = await begunFight();
    const before = JSON.stringify(fight.member("Roland").economy);
    // A custom "killingStrike" would start the strike's landing with nothing checked behind it.
    for (const key of [
      "wait",
      "guard",
      "move",
      "attack",
      "command",
      "dodge",
      "step",
      "killingStrike",
      "stabilise",
    ]) {
      await refusedAs(
        roland,
        "combatant.economy",
        economy(fight, { operation: "action", action: { key, cost: 1 } }),
        "BRINK.Combat.Refusal.reservedAction",
      );
    }
    expect(JSON.stringify(fight.member("Roland").economy)).toBe(before);
    expect(english("BRINK.Combat.Refusal.reservedAction")).toMatch(/built-in/);
  });

  it("must cost a whole number of actions within the rules' range", async () => {
    const fight = await begunFight();
    for (const cost of [1e300, -1, 0, 1.5, Number.NaN, "2", null, [2], 100]) {
      await refusedAs(
        roland,
        "combatant.economy",
        economy(fight, { operation: "action", action: { key: "reload", cost } }),
        "BRINK.Combat.Refusal.badCost",
      );
    }
  });

  it("must have a short plain name, never a prototype key", async () => {
    const fight = await begunFight();
    for (const key of ["__proto__", "constructor", "", "x".repeat(10_000), ["reload"]]) {
      await refusedAs(
        roland,
        "combatant.economy",
        economy(fight, { operation: "action", action: { key, cost: 2 } }),
        "BRINK.Combat.Refusal.badActionName",
      );
    }
  });

  it("an unknown action or operation is refused", async () => {
    const fight = await begunFight();
    for (const request of [
      { operation: "action", action: "fly" },
      { operation: "action", action: "__proto__" },
      { operation: "teleport" },
      { operation: "constructor" },
      "action",
      ["action"],
    ]) {
      await refusedAs(
        roland,
        "combatant.economy",
        economy(fight, request),
        "BRINK.Combat.Refusal.unknownRequest",
      );
    }
  });

  it("a well-formed custom action still goes through, in one write", async () => {
    const fight = await begunFight();
    const result = await asUser(roland, () =>
      requestFromGM(
        "combatant.economy",
        economy(fight, { operation: "action", action: { key: "reload", cost: 2 } }),
      ),
    );
    expect(result).toMatchObject({ ok: true });
    expect(writeLog).toHaveLength(1);
    expect(fight.member("Roland").economy.actionsLeft).toBe(1);
  });
});

describe("ids in a combat request", () => {
  const BAD_IDS: unknown[] = [
    "__proto__",
    "constructor",
    "toString",
    ["x"],
    { id: "x" },
    7,
    "x".repeat(100_000),
  ];

  it("a combatant id must be a plain id, or the request is refused with that reason", async () => {
    const fight = await begunFight();
    for (const combatantId of BAD_IDS) {
      const payload = { combatId: fight.combat.id, combatantId };
      await refusedAs(roland, "combat.takeTurn", payload, "BRINK.Request.badId");
      // Skipping is the GM's (a player is refused before the payload is read): the GM's ids are checked too.
      await refusedAs(gm, "combat.skipTurn", payload, "BRINK.Request.badId");
      await refusedAs(roland, "combat.skipTurn", payload, "BRINK.Request.gmOnly");
      await refusedAs(
        roland,
        "combatant.economy",
        { ...payload, request: { operation: "action", action: "move" } },
        "BRINK.Request.badId",
      );
    }
  });

  it("a combat, team or 'after' id must be a plain id too", async () => {
    const fight = await begunFight();
    const combatId = fight.combat.id;
    const rolandId = fight.member("Roland").id;
    for (const bad of BAD_IDS) {
      await refusedAs(roland, "combat.endTurn", { combatId: bad }, "BRINK.Request.badId");
      await refusedAs(
        roland,
        "combat.delay",
        { combatId, combatantId: rolandId, afterId: bad },
        "BRINK.Request.badId",
      );
      await refusedAs(
        gm,
        "combat.moveToTeam",
        { combatId, combatantId: rolandId, teamId: bad },
        "BRINK.Request.badId",
      );
    }
  });

  it("an id that names nothing in this combat is refused as unknown", async () => {
    const fight = await begunFight();
    const combatId = fight.combat.id;
    await refusedAs(
      roland,
      "combat.takeTurn",
      { combatId, combatantId: "nobodyAtAll00000" },
      "BRINK.Combat.Refusal.unknownCombatant",
    );
    await refusedAs(
      roland,
      "combat.endTurn",
      { combatId: "noSuchCombat0000" },
      "BRINK.Combat.Refusal.unknownCombat",
    );
  });

  it("Command's target must be another combatant in this combat", async () => {
    const fight = await begunFight();
    for (const target of ["__proto__", "nobodyAtAll00000", ["x"], 3]) {
      await refusedAs(
        roland,
        "combatant.economy",
        economy(fight, { operation: "action", action: "command", target }),
        "BRINK.Combat.Refusal.unknownTarget",
      );
    }
  });

  it("a team's name and colour are bounded strings", async () => {
    const fight = await begunFight();
    const combatId = fight.combat.id;
    const teamId = fight.teamId("Party");
    for (const name of [["a"], { a: 1 }, "x".repeat(100_000)]) {
      await refusedAs(gm, "combat.addTeam", { combatId, name }, "BRINK.Request.badText");
      await refusedAs(
        gm,
        "combat.editTeam",
        { combatId, teamId, name, color: "#a33b32" },
        "BRINK.Request.badText",
      );
    }
    for (const offset of [1e300, Number.NaN, "1", [1]]) {
      await refusedAs(gm, "combat.moveTeam", { combatId, teamId, offset }, "BRINK.Request.badNumber");
    }
  });
});

// ---------------------------------------------------------------------------------------------------

const OWNER = CONST.DOCUMENT_OWNERSHIP_LEVELS.OWNER;
async function character(name: string, owner: typeof roland) {
  const actor = await Actor.implementation.create({
    name,
    type: "character",
    ownership: { default: CONST.DOCUMENT_OWNERSHIP_LEVELS.NONE, [owner.id]: OWNER },
  });
  if (!actor) throw new Error(`${name} was not created`);
  return actor;
}

describe("rest requests", () => {
  it("naming the same character twice is refused", async () => {
    const petra = await character("Petra", roland);
    writeLog.length = 0;
    const entry = { actorUuid: petra.uuid, hitDice: 1, sleptInArmour: false };
    await refusedAs(
      roland,
      "rest.apply",
      { kind: "long-safe", entries: [entry, entry] },
      "BRINK.Rest.Refusal.duplicate",
    );
  });

  it("the kind must be one of the rest kinds", async () => {
    const petra = await character("Petra", roland);
    writeLog.length = 0;
    const entries = [{ actorUuid: petra.uuid, hitDice: 0 }];
    for (const kind of ["nap", "__proto__", ["short"], 1, null]) {
      await refusedAs(roland, "rest.apply", { kind, entries }, "BRINK.Rest.Refusal.unknownKind");
    }
  });

  it("hit dice to spend must be a whole number in range", async () => {
    const petra = await character("Petra", roland);
    writeLog.length = 0;
    for (const hitDice of [1e300, -1, 1.5, "2", [1]]) {
      await refusedAs(
        roland,
        "rest.apply",
        { kind: "short", entries: [{ actorUuid: petra.uuid, hitDice }] },
        "BRINK.Request.badNumber",
      );
    }
  });

  it("a long rest while a named character is in an active combat is refused", async () => {
    const fight = await begunFight();
    const actor = fight.actor("Roland");
    for (const kind of ["long-safe", "long-unsafe", "bed-rest"]) {
      await refusedAs(
        roland,
        "rest.apply",
        { kind, entries: [{ actorUuid: actor.uuid, hitDice: 0 }] },
        "BRINK.Rest.Refusal.inCombat",
      );
    }
    expect(english("BRINK.Rest.Refusal.inCombat")).toMatch(/combat/);
  });

  it("a player may rest only characters they own", async () => {
    const petra = await character("Petra", clementine);
    writeLog.length = 0;
    await refusedAs(
      roland,
      "rest.apply",
      { kind: "long-safe", entries: [{ actorUuid: petra.uuid, hitDice: 0 }] },
      "BRINK.Rest.Refusal.notOwner",
    );
  });
});

describe("retreat requests", () => {
  it("naming the same character twice, or one not in the party, is refused", async () => {
    const fight = await begunFight();
    const combatId = fight.combat.id;
    const uuid = fight.actor("Roland").uuid;
    await refusedAs(
      roland,
      "retreat.request",
      { combatId, actorUuids: [uuid, uuid] },
      "BRINK.Retreat.Refusal.duplicate",
    );
    await refusedAs(roland, "retreat.request", { combatId, actorUuids: [uuid, 7] }, "BRINK.Request.badId");
    await refusedAs(
      roland,
      "retreat.request",
      { combatId, actorUuids: [fight.actor("Guard").uuid] },
      "BRINK.Retreat.Refusal.notInParty",
    );
    await refusedAs(
      roland,
      "retreat.request",
      { combatId, actorUuids: ["Actor.nobody"] },
      "BRINK.Retreat.Refusal.notInParty",
    );
  });

  it("a player cannot do what only the GM may", async () => {
    const fight = await begunFight();
    const combatId = fight.combat.id;
    const actorUuids = [fight.actor("Roland").uuid];
    await refusedAs(roland, "retreat.resolve", { combatId, actorUuids }, "BRINK.Request.gmOnly");
    await refusedAs(
      roland,
      "retreat.drop",
      { messageId: "x", choiceId: "y", itemIds: [] },
      "BRINK.Request.gmOnly",
    );
    await refusedAs(roland, "retreat.revert", { messageId: "x" }, "BRINK.Request.gmOnly");
    await refusedAs(roland, "retreat.reunite", {}, "BRINK.Request.gmOnly");
  });
});

describe("names in refusal notifications", () => {
  it("are shown as text, never as HTML", () => {
    notifications.log.length = 0;
    notifyRefusal({
      ok: false,
      reason: "BRINK.Combat.Refusal.notOwner",
      data: { name: "<img src=x onerror=alert(1)>" },
    });
    const shown = notifications.log.at(-1)?.message ?? "";
    expect(shown).not.toContain("<img");
    expect(shown).toBe("You do not own &lt;img src=x onerror=alert(1)&gt;.");
  });

  it("a team named with HTML appears escaped when the GM's refusal comes back", async () => {
    const fight = await begunFight();
    const teamId = fight.teamId("Party");
    await fight.combat.groups.get(teamId)?.update({ name: `<img src=x onerror=alert(1)>` });
    notifications.log.length = 0;
    const result = await requestFromGM("combat.removeTeam", { combatId: fight.combat.id, teamId });
    notifyRefusal(result);
    expect(notifications.log.at(-1)?.message).toBe(
      "&lt;img src=x onerror=alert(1)&gt; still has members. Move them to another team first.",
    );
  });
});
