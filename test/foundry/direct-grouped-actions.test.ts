/**
 * Direct damage (RULES §7.3): when the GM groups several attackers on one target, each grouped
 * attacker in the fight spends an action too; one who cannot is named in a refusal and nothing is
 * spent, rolled or posted.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { clearDice, queueDice } from "../fake-foundry/dice";
import { resetWorld, settings, writeLog } from "../fake-foundry/install";
import { answerDialog, clearCanvas } from "../fake-foundry/ui";
import { DISPOSITIONS, bootCombat, setUpFight } from "./combat-fixtures";

await bootCombat();
const { requestFromGM } = await import("../../src/requests");

const spear = {
  name: "Spear",
  type: "weapon",
  system: { attributes: ["str"], damage: 4, damageDie: 6, damageType: "piercing", equipped: true },
};

beforeEach(async () => {
  resetWorld();
  clearDice();
  clearCanvas();
  await settings.set("brink", "damageRule", "direct");
});

async function ambush() {
  const f = await setUpFight([
    { name: "Roland", disposition: DISPOSITIONS.friendly },
    { name: "Boss", disposition: DISPOSITIONS.hostile },
    { name: "Grunt", disposition: DISPOSITIONS.hostile },
  ]);
  for (const name of ["Boss", "Grunt"]) await f.actor(name).createEmbeddedDocuments("Item", [spear] as never);
  answerDialog({ startingTeam: f.teamId("Foes"), attackedTeam: "" });
  await f.combat.startCombat();
  const weaponId = (name: string) => f.actor(name).items.getName("Spear")?.id ?? "";
  const ask = {
    actorUuid: f.actor("Boss").uuid,
    weaponId: weaponId("Boss"),
    offhandId: "",
    targets: [f.token("Roland").document.uuid],
    position: "normal",
    grouped: [{ actorUuid: f.actor("Grunt").uuid, weaponId: weaponId("Grunt") }],
    rollMode: "publicroll",
  };
  return { f, ask };
}

describe("grouped direct attackers in a fight", () => {
  it("refuses, naming the grouped attacker, when one cannot spend an action: nothing spent or posted", async () => {
    const { f, ask } = await ambush();
    await f.combat.takeTurn(f.member("Boss").id ?? "");
    const actions = f.member("Boss").economy.actionsLeft;
    const messages = game.messages.size;
    writeLog.length = 0;

    const refused = await requestFromGM("attack.direct", ask);

    expect(refused).toMatchObject({ ok: false, data: { name: "Grunt" } });
    const { reason, data } = refused as { reason: string; data: Record<string, string> };
    expect(game.i18n.format(reason, data)).toBe("It is not Grunt's turn.");
    expect(f.member("Boss").economy.actionsLeft).toBe(actions);
    expect(game.messages.size).toBe(messages);
    expect(writeLog).toEqual([]);
  });

  it("spends an action of the attacker and of each grouped attacker (here one Command gave it)", async () => {
    const { f, ask } = await ambush();
    const boss = f.member("Boss");
    const grunt = f.member("Grunt");
    await f.combat.takeTurn(boss.id ?? "");
    const command = { operation: "action", action: "command", target: grunt.id ?? "" } as const;
    expect(await boss.resolveEconomy(game.user, command)).toMatchObject({ ok: true });
    expect(grunt.economy.grantedBy).not.toBeNull();
    const left = boss.economy.actionsLeft;
    queueDice(3, 5);

    expect(await requestFromGM("attack.direct", ask)).toMatchObject({ ok: true });

    expect(boss.economy.actionsLeft).toBe(left - 1);
    expect(grunt.economy.grantedBy).toBeNull();
  });
});
