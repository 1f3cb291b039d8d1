/**
 * Guards Brink has that nothing checked (issue 23): each test below fails when its guard is
 * removed. A retreat's drop choice is taken once; a revert that needs an injury item the player has
 * deleted since writes nothing and says why; when two steps on one blow merge their records, the
 * values before the first step are the ones a revert gives back; a retreat table with a row that
 * runs past its die is not used.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { queueDice } from "../fake-foundry/dice";
import { settings, writeLog } from "../fake-foundry/install";
import { asUser } from "../fake-foundry/runtime";
import { fakePacks, resetFakePacks, type FakeRollTable } from "../fake-foundry/packs";
import { placeToken } from "../fake-foundry/ui";
import { onCard } from "../support/cards";
import { character, cleanWorldEachTest } from "../support/characters";
import { attackWith, mindBladeFoe } from "../support/attacks";
import { bootCombat, DISPOSITIONS, player, setUpFight } from "../foundry/combat-fixtures";

await bootCombat();
const { requestFromGM } = await import("../../src/requests");
const { requestRetreat, requestDrop, retreatRecordOf } = await import("../../src/workflows/retreat");

const mallory = player("mallory");
cleanWorldEachTest();
beforeEach(() => resetFakePacks());

const lastCard = () =>
  game.messages.contents.at(-1) as unknown as ChatMessage.Implementation & { content: string };
const droppedNames = (actor: Actor.Implementation) =>
  actor.items
    .filter((item) => (item.system as unknown as { dropped?: boolean }).dropped === true)
    .map((item) => item.name)
    .sort();

describe("a retreat's drop choice", () => {
  /** Clementine alone retreats: 7 → a setback, 5 → she drops 1d3 = 2 of the four things she wears. */
  async function clementineRetreats() {
    const fight = await setUpFight([
      { name: "Clementine", disposition: DISPOSITIONS.friendly, owner: mallory, type: "character" },
      { name: "Guard", disposition: DISPOSITIONS.hostile },
    ]);
    const clementine = fight.actor("Clementine");
    const worn = (name: string, type: "weapon" | "shield" | "armour") => ({
      name,
      type,
      system: { equipped: true },
    });
    await clementine.createEmbeddedDocuments("Item", [
      worn("Spear", "weapon"),
      worn("Round shield", "shield"),
      worn("Leather armour", "armour"),
      worn("Dagger", "weapon"),
    ] as never);
    queueDice(7, 5, 2);
    expect(await requestRetreat(fight.combat.id ?? "", [clementine.uuid])).toMatchObject({ ok: true });
    const card = lastCard();
    const choice = retreatRecordOf(card)?.characters[0]?.drops[0]?.choice;
    expect(choice?.count).toBe(2);
    return { clementine, card, choice: { id: choice?.id ?? "", candidates: choice?.candidateIds ?? [] } };
  }

  it("is taken once: a second pick of other items is refused and drops nothing more", async () => {
    const { clementine, card, choice } = await clementineRetreats();
    const [a, b, c, d] = choice.candidates;
    expect(await requestDrop(card.id ?? "", choice.id, [a ?? "", b ?? ""])).toEqual({ ok: true });
    const first = droppedNames(clementine);
    expect(first).toHaveLength(2);
    const writes = writeLog.length;
    const again = await requestDrop(card.id ?? "", choice.id, [c ?? "", d ?? ""]);
    expect(again).toEqual({ ok: false, reason: "BRINK.Retreat.Refusal.choiceTaken" });
    expect(droppedNames(clementine)).toEqual(first);
    expect(writeLog.length).toBe(writes);
  });
});

describe("the GM's revert of a blow", () => {
  beforeEach(async () => {
    await settings.set("brink", "deathRule", "dying");
  });

  /** Mallory's Petra, 3 health and no endurance, takes a blow to 0 and rolls an injury (d12 11: a mangled leg). */
  async function injured() {
    const petra = await character("Petra", "mallory", { endurance: { value: 0 }, health: { value: 3 } });
    const token = placeToken(petra, 5, 5);
    await attackWith(await mindBladeFoe(), token, 4);
    const card = lastCard();
    expect(await requestFromGM("damage.apply", onCard(card, token))).toEqual({ ok: true });
    queueDice(11);
    const chose = await asUser(mallory, () =>
      requestFromGM("damage.choose", { ...onCard(card, token), choice: "injury" }),
    );
    expect(chose).toEqual({ ok: true });
    expect(petra.items.getName("Mangled Leg")).toBeDefined();
    return { petra, token, card };
  }

  it("writes nothing and says why when an injury item it made was deleted since", async () => {
    const { petra, token, card } = await injured();
    // Mallory owns Petra, so her console may delete the injury from the sheet.
    const leg = petra.items.getName("Mangled Leg");
    await asUser(mallory, async () => leg?.delete());
    const writes = writeLog.length;
    const before = structuredClone(petra.toObject());
    const result = await requestFromGM("damage.revert", onCard(card, token));
    expect(result).toEqual({ ok: false, reason: "BRINK.Damage.Refusal.itemGone", data: { name: "Petra" } });
    expect(writeLog.length).toBe(writes);
    expect(petra.toObject()).toEqual(before);
  });

  it("gives back the values from before the first of its merged steps", async () => {
    const petra = await character("Petra", "mallory", { endurance: { value: 0 }, health: { value: 3 } });
    const before = structuredClone(petra.toObject().system);
    const token = placeToken(petra, 5, 5);
    await attackWith(await mindBladeFoe(), token, 4);
    const card = lastCard();
    await requestFromGM("damage.apply", onCard(card, token));
    queueDice(2);
    await asUser(mallory, () => requestFromGM("damage.choose", { ...onCard(card, token), choice: "strain" }));
    expect([...(petra.system as unknown as { conditions: Set<string> }).conditions]).toContain("dying");
    expect(await requestFromGM("damage.revert", onCard(card, token))).toEqual({ ok: true });
    expect(petra.toObject().system).toEqual(before);
  });
});

describe("a retreat table whose row runs past its die", () => {
  const retreatTable = () =>
    fakePacks
      .get("brink.tables")
      ?.contents.find((table) => table.getFlag("brink", "table") === "retreat") as FakeRollTable;

  it("is not used: the default table stands in, and the GM is told", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    fakePacks.get("brink.tables")?.configure({ locked: false });
    const table = retreatTable();
    const top = [...table.results].sort((x, y) => y.range[1] - x.range[1])[0];
    await table.updateEmbeddedDocuments("TableResult", [{ _id: top?.id, range: [top?.range[0], 12] }]);
    const fight = await setUpFight([
      { name: "Petra", disposition: DISPOSITIONS.friendly, type: "character" },
      { name: "Goblin", disposition: DISPOSITIONS.hostile },
    ]);
    queueDice(1, 3);
    await requestRetreat(fight.combat.id ?? "", [fight.actor("Petra").uuid]);
    expect(lastCard().content).toContain("the default table stood in for it");
    expect(String(warn.mock.calls[0]?.[0])).toContain("retreat");
    warn.mockRestore();
  });
});
