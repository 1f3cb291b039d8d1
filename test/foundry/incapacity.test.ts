/**
 * RULES §1: an attribute at 0 and exhaustion 5+ take a character out of the fight. Played through
 * the paths a table uses: an injury item added and removed, the team turns, the attack dialog.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { clearDice, queueDice } from "../fake-foundry/dice";
import { notifications, resetWorld, session, writeLog } from "../fake-foundry/install";
import { answerDialog, clearCanvas } from "../fake-foundry/ui";
import type { BrinkActor } from "../../src/documents/actor";
import { trackerView } from "../../src/applications/combat";
import { openSheet } from "../support/sheets";
import { asUser } from "../fake-foundry/runtime";
import { DISPOSITIONS, bootCombat, player, setUpFight, type Fight } from "./combat-fixtures";

await bootCombat();
const { promptAttack } = await import("../../src/applications/rolls/flows");
const { CharacterSheet } = await import("../../src/applications");

beforeEach(() => {
  resetWorld();
  clearDice();
  clearCanvas();
});

const spear = {
  name: "Spear",
  type: "weapon" as const,
  system: { attributes: ["str", "dex"], damage: 4, damageType: "piercing" },
};

/** A lasting injury as the packs ship it: the attribute one die smaller, by the item's effect. */
const maimed = (attribute: string) => ({
  name: `Maimed ${attribute}`,
  type: "injury" as const,
  system: { kind: "maiming", attribute, heals: "gm" },
  effects: [
    {
      name: `Maimed ${attribute}`,
      changes: [
        { key: `system.attributes.${attribute}.steps`, mode: CONST.ACTIVE_EFFECT_MODES.ADD, value: "1" },
      ],
    },
  ],
});

async function fight(): Promise<{ f: Fight; boudica: BrinkActor }> {
  const f = await setUpFight([
    { name: "Boudica", disposition: DISPOSITIONS.friendly, dex: 4, owner: player("boudica-player") },
    { name: "Anne", disposition: DISPOSITIONS.friendly },
    { name: "Guard", disposition: DISPOSITIONS.hostile },
  ]);
  const boudica = f.actor("Boudica") as BrinkActor;
  await boudica.createEmbeddedDocuments("Item", [spear as never]);
  await f.combat.begin({ startingTeam: f.teamId("Party") });
  session.user.targets.clear();
  session.user.targets.add(f.token("Guard") as never);
  return { f, boudica };
}

const markOf = (f: Fight, name: string): string =>
  trackerView(f.combat, { isGM: true, owns: () => true })
    .sections.flatMap((section) => section.members)
    .find((member) => member.name === name)?.mark ?? "missing";

async function attack(actor: BrinkActor): Promise<void> {
  queueDice(3, 10);
  answerDialog({ attribute: "str", advantage: "0", modifier: "0" });
  await promptAttack(actor, actor.items.getName("Spear") as Item.Implementation);
}

describe("an attribute at 0 (RULES §1)", () => {
  it("DEX stepped to 0 by an injury paralyses: skipped, no attack; healing the injury brings her back", async () => {
    const { f, boudica } = await fight();
    const [injury] = await boudica.createEmbeddedDocuments("Item", [maimed("dex") as never]);
    await f.combat.whenSynced();

    expect(boudica.statuses.has("paralysed")).toBe(true);
    expect(markOf(f, "Boudica")).toBe("unable");
    notifications.log.length = 0;
    const claim = await f.combat.takeTurn(f.member("Boudica").id ?? "");
    expect(claim.ok).toBe(false);
    expect(notifications.log.at(-1)?.message).toBe("Boudica cannot act right now.");

    const cards = game.messages.size;
    const writes = writeLog.length;
    await attack(boudica);
    expect(game.messages.size).toBe(cards);
    expect(writeLog.length).toBe(writes);
    expect(notifications.log.at(-1)?.message).toBe("Boudica is paralysed and cannot attack.");

    // Nothing about the paralysis was written: it is read from her dice.
    expect([...(boudica.system as unknown as { conditions: Set<string> }).conditions]).toEqual([]);

    await boudica.deleteEmbeddedDocuments("Item", [injury?.id ?? ""]);
    await f.combat.whenSynced();
    expect(boudica.statuses.has("paralysed")).toBe(false);
    expect(markOf(f, "Boudica")).toBe("ready");
    expect(await f.combat.takeTurn(f.member("Boudica").id ?? "")).toEqual({ ok: true });
    await attack(boudica);
    expect(game.messages.size).toBe(cards + 1);
  });

  it("WIS at 0 leaves a character delirious, INT or CHA unable to act", async () => {
    const { f, boudica } = await fight();
    await boudica.update({ system: { attributes: { wis: { die: 4 }, cha: { die: 4 } } } } as never);
    const [wis] = await boudica.createEmbeddedDocuments("Item", [maimed("wis") as never]);
    expect(boudica.statuses.has("delirious")).toBe(true);
    await boudica.deleteEmbeddedDocuments("Item", [wis?.id ?? ""]);
    await boudica.createEmbeddedDocuments("Item", [maimed("cha") as never]);
    await f.combat.whenSynced();
    expect(boudica.statuses.has("delirious")).toBe(false);
    expect(boudica.statuses.has("incapacitated")).toBe(true);
    expect(markOf(f, "Boudica")).toBe("unable");
  });

  it("STR at 0 kills, and the death is written: restoring the die does not bring her back", async () => {
    const { f, boudica } = await fight();
    await boudica.update({ system: { attributes: { str: { die: 4 } } } } as never);
    const [injury] = await boudica.createEmbeddedDocuments("Item", [maimed("str") as never]);
    await f.combat.whenSynced();
    const conditions = () => [...(boudica.system as unknown as { conditions: Set<string> }).conditions];
    expect(conditions()).toContain("dead");
    expect(markOf(f, "Boudica")).toBe("unable");
    await boudica.deleteEmbeddedDocuments("Item", [injury?.id ?? ""]);
    expect(conditions()).toContain("dead");
    expect(boudica.statuses.has("dead")).toBe(true);
  });
});

describe("exhaustion 5 or more (RULES §1)", () => {
  it("sets speed to 0 on the sheet and refuses attacks, but she still takes her turn", async () => {
    const { f, boudica } = await fight();
    await boudica.update({ system: { exhaustion: 5 } } as never);
    const sheet = await openSheet(CharacterSheet, boudica);
    expect(sheet.element.querySelector(".stat-speed dd")?.textContent?.trim()).toBe("0 m");

    expect(await f.combat.takeTurn(f.member("Boudica").id ?? "")).toEqual({ ok: true });
    const cards = game.messages.size;
    const writes = writeLog.length;
    notifications.log.length = 0;
    // Her player asks; the GM's client refuses before anything is rolled or spent.
    await asUser(player("boudica-player"), async () => {
      game.user.targets.clear();
      game.user.targets.add(f.token("Guard") as never);
      await attack(boudica);
    });
    expect(game.messages.size).toBe(cards);
    expect(writeLog.length).toBe(writes);
    expect(notifications.log.at(-1)?.message).toBe(
      "Boudica is too exhausted to fight (exhaustion 5); rest first.",
    );
    expect(f.member("Boudica").economy.actionsLeft).toBe(3);

    await boudica.update({ system: { exhaustion: 4 } } as never);
    await sheet.render();
    expect(sheet.element.querySelector(".stat-speed dd")?.textContent?.trim()).toBe("6 m");
    await attack(boudica);
    expect(game.messages.size).toBe(cards + 1);
  });
});
