/**
 * Every request declared in the registry (src/requests/registry.ts), played by a hostile player
 * over the real socket relay: malformed payloads of every kind are refused with a reason the
 * player can read (a key of lang/en.json), and nothing is written. A request only the GM may ask
 * for is refused to a player whatever the payload. A new request must add a sample payload below,
 * or this test fails.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { resetWorld, session, writeLog } from "../fake-foundry/install";
import { asUser } from "../fake-foundry/runtime";
import { bootCombat, DISPOSITIONS, player, setUpFight } from "../foundry/combat-fixtures";
import { PLAIN_ATTACK } from "../support/attacks";

await bootCombat();
const { registerRecovery } = await import("../../src/workflows/recovery");
registerRecovery();
const { declaredRequests, requestFromGM, GM_ONLY } = await import("../../src/requests");

const gm = session.user;
const roland = player("roland-player");
const en = (await import("../../lang/en.json")).default as Record<string, unknown>;

const isLangKey = (key: string): boolean =>
  typeof key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], en) ===
  "string";

beforeEach(() => resetWorld());

/** A begun fight in which Roland's player owns Roland and has claimed the turn. */
async function world() {
  const fight = await setUpFight([
    { name: "Roland", disposition: DISPOSITIONS.friendly, owner: roland, type: "character" },
    { name: "Guard", disposition: DISPOSITIONS.hostile },
  ]);
  await fight.combat.begin({ startingTeam: fight.teamId("Party") });
  await asUser(roland, () => fight.combat.takeTurn(fight.member("Roland").id ?? ""));
  const combatId = fight.combat.id ?? "";
  const rolandId = fight.member("Roland").id ?? "";
  const guardId = fight.member("Guard").id ?? "";
  const actorUuid = fight.member("Roland").actor?.uuid ?? "";
  const teamId = fight.teamId("Party");
  return { combatId, rolandId, guardId, actorUuid, teamId };
}

type World = Awaited<ReturnType<typeof world>>;

/** A well-formed payload for each request: the fields it reads, each with a value of the right form. */
function samples(w: World): Record<string, Record<string, unknown>> {
  const onCombat = { combatId: w.combatId };
  const onCard = { messageId: "aaaaaaaaaaaaaaaa", attack: 0, target: w.actorUuid };
  return {
    "combat.sync": onCombat,
    "combat.begin": { ...onCombat, startingTeam: w.teamId, attackedTeam: "", surprisingTeams: [] },
    "combat.takeTurn": { ...onCombat, combatantId: w.rolandId },
    "combat.endTurn": onCombat,
    "combat.skipTurn": { ...onCombat, combatantId: w.rolandId },
    "combat.undoTurn": onCombat,
    "combat.endRound": onCombat,
    "combat.end": onCombat,
    "combat.delay": { ...onCombat, combatantId: w.rolandId, afterId: w.guardId },
    "combat.moveToTeam": { ...onCombat, combatantId: w.rolandId, teamId: w.teamId },
    "combat.addTeam": { ...onCombat, name: "Reinforcements" },
    "combat.editTeam": { ...onCombat, teamId: w.teamId, name: "Party", color: "#aa0000" },
    "combat.moveTeam": { ...onCombat, teamId: w.teamId, offset: 1 },
    "combat.removeTeam": { ...onCombat, teamId: w.teamId },
    "combatant.economy": {
      ...onCombat,
      combatantId: w.rolandId,
      request: { operation: "action", action: "move" },
    },
    "allies.resist": { ...onCombat, combatantId: w.rolandId, difficulty: 10 },
    "allies.fortify": { ...onCombat, combatantId: w.rolandId, difficulty: 10 },
    "allies.intercept": { ...onCard, interceptor: w.actorUuid },
    "allies.revertIntercept": onCard,
    "combatant.smallAction": {
      ...onCombat,
      combatantId: w.rolandId,
      action: "interact",
      text: "opens the door",
    },
    "morale.check": { ...onCombat, groupId: w.teamId, scope: "team", advantage: false, disadvantage: false },
    "retreat.action": {
      ...onCombat,
      combatantId: w.rolandId,
      difficulty: 10,
      modifier: 0,
      attacksInstead: false,
      hit: false,
      followerIds: [],
    },
    "retreat.resolve": { ...onCombat, actorUuids: [w.actorUuid] },
    "retreat.request": { ...onCombat, actorUuids: [w.actorUuid] },
    "retreat.drop": { messageId: "aaaaaaaaaaaaaaaa", choiceId: "choice", itemIds: [] },
    "retreat.revert": { messageId: "aaaaaaaaaaaaaaaa" },
    "retreat.reunite": {},
    "retreat.reuniteRevert": { messageId: "aaaaaaaaaaaaaaaa" },
    "retreat.call": { ...onCombat, actorUuids: [w.actorUuid] },
    "retreat.cancel": { ...onCombat },
    "rest.apply": { kind: "short", entries: [{ actorUuid: w.actorUuid, hitDice: 1, sleptInArmour: false }] },
    "rest.party.start": { kind: "long-safe", actorUuids: [w.actorUuid] },
    "rest.party.confirm": {
      messageId: "aaaaaaaaaaaaaaaa",
      entries: [{ actorUuid: w.actorUuid, hitDice: 1, sleptInArmour: false }],
    },
    "rest.party.finish": { messageId: "aaaaaaaaaaaaaaaa" },
    "rest.party.cancel": { messageId: "aaaaaaaaaaaaaaaa" },
    "rest.revert": { messageId: "aaaaaaaaaaaaaaaa" },
    "recovery.downtime": { actorUuid: w.actorUuid, injuryId: "aaaaaaaaaaaaaaaa" },
    "recovery.levelHeal": { actorUuid: w.actorUuid, injuryId: "aaaaaaaaaaaaaaaa" },
    "recovery.retire": { actorUuid: w.actorUuid },
    "recovery.session": { actorUuid: w.actorUuid },
    "recovery.return": { actorUuid: w.actorUuid },
    "recovery.revert": { messageId: "aaaaaaaaaaaaaaaa" },
    "exploration.travel": { sceneId: "aaaaaaaaaaaaaaaa", approach: "cautious" },
    "exploration.setTurns": { count: 0 },
    "exploration.return": { actorUuids: [w.actorUuid], path: "arduous" },
    "exploration.drop": { messageId: "aaaaaaaaaaaaaaaa", actorUuid: w.actorUuid, itemIds: [] },
    "exploration.revert": { messageId: "aaaaaaaaaaaaaaaa" },
    "exploration.resilience": { actorUuids: [w.actorUuid] },
    "exploration.corruption": { actorUuids: [w.actorUuid], difficulty: 11, attribute: "con" },
    "exploration.light": { actorUuids: [w.actorUuid], level: "darkness" },
    "detachment.form": { sceneId: "aaaaaaaaaaaaaaaa", tokenIds: ["bbbbbbbbbbbbbbbb", "cccccccccccccccc"] },
    "detachment.disband": { messageId: "aaaaaaaaaaaaaaaa" },
    "test.opposed": {
      actorUuid: w.actorUuid,
      defenderUuid: w.actorUuid,
      attacker: { attribute: "wis", skill: "notice" },
      defender: { attribute: "dex", skill: "sneak" },
      rollMode: "publicroll",
    },
    attack: {
      actorUuid: w.actorUuid,
      weaponId: "aaaaaaaaaaaaaaaa",
      targets: [],
      choice: PLAIN_ATTACK,
      rollMode: "publicroll",
      manual: { evasion: 6, deflection: 0 },
    },
    "attack.direct": {
      actorUuid: w.actorUuid,
      weaponId: "aaaaaaaaaaaaaaaa",
      offhandId: "unarmed",
      targets: [],
      position: "impaired",
      grouped: [{ actorUuid: w.actorUuid, weaponId: "unarmed" }],
      rollMode: "publicroll",
      manualDeflection: 3,
    },
    "damage.apply": onCard,
    "damage.choose": { ...onCard, choice: "fortify" },
    "damage.react": { ...onCard, kind: "dodge" },
    "damage.revert": onCard,
    "damage.byHand": { actorUuid: w.actorUuid, amount: 3, type: "fire" },
    life: { actorUuid: w.actorUuid, action: { kind: "death-save" }, rollMode: "publicroll" },
    "life.revert": { messageId: "aaaaaaaaaaaaaaaa" },
    "healing.roll": {
      formula: "1d4",
      pool: "health",
      kind: "natural",
      label: "Potion",
      rollMode: "publicroll",
    },
    "healing.apply": { messageId: "aaaaaaaaaaaaaaaa", actorUuids: [w.actorUuid] },
  };
}

/**
 * Values of the wrong form for a field of any kind a player-askable request reads (ids, uuids,
 * numbers, lists, nested requests): wrong types, prototype keys, 1e300, NaN as a string, arrays
 * where objects or strings belong and objects where arrays belong.
 */
const HOSTILE: unknown[] = [
  1e300,
  -1e300,
  1.5,
  "NaN",
  "__proto__",
  "constructor",
  "toString",
  "",
  "x".repeat(100_000),
  null,
  true,
  [],
  [[]],
  ["__proto__"],
  [1e300],
  {},
  { __proto__: null, constructor: "x" },
  JSON.parse('{"__proto__": {"operation": "continue"}}'),
];

/** Every malformed variant of a sample: each field missing, each field hostile, the whole payload hostile. */
/**
 * Free text a player may write anything short in (a healing roll's label): any short string is a
 * right value there, so only values that are not short strings are hostile.
 */
const FREE_TEXT = new Set(["healing.roll:label", "combatant.smallAction:text"]);
const hostileFor = (request: string, key: string): unknown[] =>
  FREE_TEXT.has(`${request}:${key}`)
    ? HOSTILE.filter((value) => typeof value !== "string" || value.length > 200 || value === "")
    : HOSTILE;

function variants(request: string, sample: Record<string, unknown>): { label: string; payload: unknown }[] {
  const keys = Object.keys(sample);
  const out: { label: string; payload: unknown }[] = [];
  for (const key of keys) {
    const { [key]: _missing, ...rest } = sample;
    out.push({ label: `without ${key}`, payload: rest });
    for (const [index, value] of hostileFor(request, key).entries())
      out.push({ label: `${key} = hostile #${index}`, payload: { ...sample, [key]: value } });
  }
  for (const [index, value] of HOSTILE.entries())
    out.push({
      label: `every field = hostile #${index}`,
      payload: Object.fromEntries(keys.map((key) => [key, value])),
    });
  // The right values hidden where only an inherited lookup would find them.
  out.push({
    label: "sample under __proto__",
    payload: JSON.parse(`{"__proto__": ${JSON.stringify(sample)}}`),
  });
  out.push({ label: "sample under constructor", payload: { constructor: sample } });
  out.push({ label: "an array for the payload", payload: [sample] });
  out.push({ label: "a string for the payload", payload: "NaN" });
  out.push({ label: "1e300 for the payload", payload: 1e300 });
  return out;
}

/** The player's request through the relay; the payload goes as it is (a hostile client sends anything). */
const ask = (name: string, payload: unknown) =>
  asUser(roland, () => requestFromGM(name, payload as Record<string, unknown>));

describe("the request registry", () => {
  it("lists every request with who may ask, and every one has a sample here", async () => {
    const w = await world();
    const declared = declaredRequests();
    expect(declared.length).toBeGreaterThanOrEqual(24);
    expect(declared.map((entry) => entry.name).sort()).toEqual(Object.keys(samples(w)).sort());
    for (const { who } of declared) expect(["gm", "any"]).toContain(who);
  });

  it("refuses a player every request only the GM may ask for, even well-formed, writing nothing", async () => {
    const w = await world();
    const gmOnly = declaredRequests().filter((entry) => entry.who === "gm");
    expect(gmOnly.map((entry) => entry.name)).toEqual(
      expect.arrayContaining([
        "combat.begin",
        "combat.end",
        "retreat.resolve",
        "retreat.call",
        "retreat.cancel",
        "retreat.reunite",
        "morale.check",
      ]),
    );
    expect(isLangKey(GM_ONLY)).toBe(true);
    writeLog.length = 0;
    for (const { name } of gmOnly) {
      expect(await ask(name, samples(w)[name]), name).toEqual({ ok: false, reason: GM_ONLY });
    }
    expect(writeLog).toEqual([]);
  });

  it("refuses every malformed payload to every request with a reason in lang/en.json, writing nothing", async () => {
    const w = await world();
    writeLog.length = 0;
    let asked = 0;
    for (const { name, who } of declaredRequests()) {
      for (const { label, payload } of variants(name, samples(w)[name] ?? {})) {
        const result = await ask(name, payload);
        asked += 1;
        expect(result.ok, `${name}, ${label}`).toBe(false);
        if (result.ok) continue;
        expect(isLangKey(result.reason), `${name}, ${label}: ${result.reason}`).toBe(true);
        // The relay refuses a payload that is not an object before any request sees it.
        const object = typeof payload === "object" && payload !== null && !Array.isArray(payload);
        if (!object) expect(result.reason, `${name}, ${label}`).toBe("BRINK.Request.malformed");
        else if (who === "gm") expect(result.reason, `${name}, ${label}`).toBe(GM_ONLY);
        expect(writeLog, `${name}, ${label}`).toEqual([]);
      }
    }
    expect(asked).toBeGreaterThan(500);
  });

  it("refuses the GM too when every field of a request is malformed, writing nothing", async () => {
    const w = await world();
    writeLog.length = 0;
    for (const { name } of declaredRequests()) {
      const sample = samples(w)[name] ?? {};
      for (const value of HOSTILE) {
        const payload = Object.fromEntries(Object.keys(sample).map((key) => [key, value]));
        const result = await requestFromGM(name, payload);
        expect(result.ok, `${name} with every field ${JSON.stringify(value)?.slice(0, 20)}`).toBe(false);
        if (!result.ok) expect(isLangKey(result.reason), result.reason).toBe(true);
      }
    }
    expect(writeLog).toEqual([]);
  });

  it("names the bad field when a field is of the wrong form", async () => {
    const w = await world();
    const { combatId, rolandId } = w;
    expect(await ask("combat.takeTurn", { combatId, combatantId: "__proto__" })).toEqual({
      ok: false,
      reason: "BRINK.Request.badId",
      data: { field: "combatantId" },
    });
    expect(
      await requestFromGM("retreat.action", { combatId, combatantId: rolandId, difficulty: 1e300 }),
    ).toEqual({ ok: false, reason: "BRINK.Request.badNumber", data: { field: "difficulty" } });
    expect(gm.isGM).toBe(true);
  });
});
