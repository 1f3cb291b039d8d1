/**
 * The hostile player against the combat's roster (issue 23): Foundry lets a player create a
 * combatant for a token or an actor they own, mid-fight. In a Brink fight one token (and one actor,
 * for a character that is not a token's own copy) is one combatant: the GM's client removes a
 * second one before it joins a team, and tells the GM whose it was.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { notifications, resetWorld } from "../fake-foundry/install";
import { asUser } from "../fake-foundry/runtime";
import { bootCombat, DISPOSITIONS, player, setUpFight } from "../foundry/combat-fixtures";

await bootCombat();
const roland = player("roland-player");

beforeEach(() => resetWorld());

async function begunFight() {
  const fight = await setUpFight([
    { name: "Roland", disposition: DISPOSITIONS.friendly, owner: roland, type: "character" },
    { name: "Guard", disposition: DISPOSITIONS.hostile },
  ]);
  await fight.combat.begin({ startingTeam: fight.teamId("Party") });
  notifications.log.length = 0;
  return fight;
}
type Fight = Awaited<ReturnType<typeof begunFight>>;

const rolands = (fight: Fight) =>
  [...fight.combat.combatants].filter((c) => c.actor === fight.actor("Roland"));
const membersOf = (fight: Fight) => fight.combat.turnState.members.map((member) => member.id).sort();

describe("a second combatant for a character already fighting", () => {
  it("for the same token is removed by the GM's client before it joins a team; the GM is told", async () => {
    const fight = await begunFight();
    const members = membersOf(fight);
    const token = fight.member("Roland").token;
    await asUser(roland, () =>
      fight.combat.createEmbeddedDocuments("Combatant", [
        { tokenId: token?.id, actorId: fight.actor("Roland").id },
      ] as never),
    );
    await fight.combat.whenSynced();
    expect(rolands(fight)).toHaveLength(1);
    expect(rolands(fight)[0]).toBe(fight.member("Roland"));
    expect(membersOf(fight)).toEqual(members);
    const said = game.i18n.format("BRINK.Combat.duplicateRemoved", { name: "Roland" });
    expect(said).toContain("Roland");
    expect(notifications.log.map((n) => n.message)).toContain(said);
  });

  it("for the same actor without a token, even placed straight in the party's team, is removed", async () => {
    const fight = await begunFight();
    const members = membersOf(fight);
    await asUser(roland, () =>
      fight.combat.createEmbeddedDocuments("Combatant", [
        { actorId: fight.actor("Roland").id, group: fight.teamId("Party") },
      ] as never),
    );
    await fight.combat.whenSynced();
    expect(rolands(fight)).toHaveLength(1);
    expect(membersOf(fight)).toEqual(members);
  });
});
