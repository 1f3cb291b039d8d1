/**
 * Issue 24: Brink runs on Foundry v14 and v13. This file runs under both (the `unit` project plays
 * v14, `foundry-v13` plays v13) and checks Brink's one boundary (src/foundry/generation.ts) against
 * the generation the fake plays; and that a world made on v13 still works (v14 only: generation-v14.test.ts).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { resetWorld } from "../fake-foundry/install";
import { settings } from "../fake-foundry/runtime";
import { generation, messageModeSetting } from "../fake-foundry/generation";
import { bootBrink } from "./boot";

await bootBrink();
const boundary = await import("../../src/foundry/generation");
const { rollModeOptions } = await import("../../src/applications/rolls/roll-choices");
const { modifierState } = await import("../../src/documents/actor-rolls");
const { actorData } = await import("../../src/data");
const { STATUS_IDS } = await import("../../src/status-effects");

beforeEach(() => resetWorld());

describe(`Brink on Foundry v${generation}`, () => {
  it("asks the boundary which generation runs, and it answers what Foundry reports", () => {
    expect(boundary.generation()).toBe(generation);
  });

  it("registers every condition in this generation's CONFIG.statusEffects and finds each by id", () => {
    expect(Array.isArray(CONFIG.statusEffects)).toBe(generation === 13);
    for (const id of STATUS_IDS) expect(boundary.statusEffect(id)?.id, id).toBe(id);
  });

  it("offers the four audiences in the roll dialogs, starting from the user's own mode", async () => {
    await settings.set("core", messageModeSetting, generation === 14 ? "blind" : "blindroll");
    const options = rollModeOptions();
    expect(options.map((o) => o.value)).toEqual(["publicroll", "gmroll", "blindroll", "selfroll"]);
    expect(options.find((o) => o.selected)?.value).toBe("blindroll");
  });

  it("whispers a blind card to the GMs and blinds it through this generation's own call", () => {
    const data: { whisper?: string[]; blind?: boolean } = {};
    boundary.applyMessageMode(data, "blindroll");
    expect(data).toMatchObject({ whisper: ["gm"], blind: true });
  });

  it("writes effect changes in this generation's shape and reads either shape back", () => {
    const change = { key: "system.attributes.str.steps", type: "add", value: "1", priority: 20 } as const;
    const data = boundary.effectChangesData([change]);
    expect(data).toEqual(
      generation === 14
        ? { system: { changes: [{ ...change, phase: "initial" }] } }
        : { changes: [{ key: change.key, mode: 2, value: "1", priority: 20 }] },
    );
    expect(boundary.effectChangesOf(data)).toEqual([change]);
  });
});

describe("a world made with Brink on v13 opens on this generation", () => {
  // What a v13 world stores: top-level changes with a numeric mode, durations in rounds.
  const V13_EFFECTS = [
    {
      name: "Dazzled",
      changes: [{ key: "system.skills.notice.disadvantage", mode: 2, value: "1" }],
      duration: { rounds: 3, startRound: 1, combat: null },
    },
  ];
  const V13_INJURY = {
    name: "Serious Injury (Strength)",
    type: "injury",
    system: { kind: "serious", attribute: "str" },
    effects: [
      {
        name: "Serious Injury (Strength)",
        transfer: true,
        changes: [{ key: "system.attributes.str.bonus", mode: 2, value: "-1" }],
      },
    ],
  };

  it("applies the old effects, and the roll modifiers still name them", async () => {
    const actor = await Actor.implementation.create({
      name: "Old Wren",
      type: "character",
      effects: V13_EFFECTS,
      items: [V13_INJURY],
    } as never);
    if (!actor) throw new Error("Old Wren was not created");
    const effect = actor.effects.contents[0];
    const stored = effect?._source as unknown as Record<string, unknown>;
    if (generation === 14) expect(stored.changes).toBeUndefined();
    expect(boundary.effectChangesOf(effect?._source ?? {})).toEqual([
      { key: "system.skills.notice.disadvantage", type: "add", value: "1", priority: null },
    ]);
    expect(boundary.effectDurationOf(effect?._source ?? {})).toMatchObject({ rounds: 3, startRound: 1 });
    const state = modifierState(actorData(actor));
    expect(state.effects).toEqual([
      { source: "Dazzled", key: "skills.notice.disadvantage", value: 1 },
      { source: "Serious Injury (Strength)", key: "attributes.str.bonus", value: -1 },
    ]);
  });
});
