import { Window } from "happy-dom";
import { beforeEach, describe, expect, it } from "vitest";
import { clearDice, queueDice } from "../fake-foundry/dice";
import { resetWorld, session } from "../fake-foundry/install";
import { asUser } from "../fake-foundry/runtime";
import { answerDialog, clearCanvas } from "../fake-foundry/ui";
import type { BrinkActor } from "../../src/documents/actor";
import { bootCombat, DISPOSITIONS, player, setUpFight } from "./combat-fixtures";

await bootCombat();
const { promptAttack } = await import("../../src/applications/rolls/flows");
const { actionPrompt } = await import("../../src/applications/actions/prompts");

/** RULES §3 Seek Cover and §9 in cover: ranged attackers have disadvantage until the next turn. */

const rolandsPlayer = player("roland-player");
beforeEach(() => {
  resetWorld();
  clearDice();
  clearCanvas();
});

const parse = (html: string) => {
  const window = new Window();
  window.document.body.innerHTML = html;
  return window.document;
};

async function ambush() {
  const f = await setUpFight([
    { name: "Roland", disposition: DISPOSITIONS.friendly, owner: rolandsPlayer },
    { name: "Crossbowman", disposition: DISPOSITIONS.hostile },
  ]);
  const shooter = f.actor("Crossbowman") as BrinkActor;
  await shooter.createEmbeddedDocuments("Item", [
    {
      name: "Crossbow",
      type: "weapon",
      system: { attributes: ["dex"], damage: 4, damageType: "piercing", properties: ["projectile"] },
    },
    { name: "Knife", type: "weapon", system: { attributes: ["dex"], damage: 2, damageType: "piercing" } },
  ]);
  await f.combat.begin({ startingTeam: f.teamId("Party") });
  return { f, shooter };
}

/** Roland's player takes his turn and seeks cover from the actions panel's prompt, then ends the turn. */
async function rolandSeeksCover(f: Awaited<ReturnType<typeof ambush>>["f"]) {
  const prompt = actionPrompt("seekCover");
  expect(prompt).toBeDefined();
  await asUser(rolandsPlayer, async () => {
    await f.combat.takeTurn(f.member("Roland").id ?? "");
    await prompt?.(f.member("Roland"), f.actor("Roland"));
    expect(f.member("Roland").economy.actionsLeft).toBe(2);
    await f.combat.endTurn();
  });
}

/** The crossbowman's shot at Roland: two dice faces queued (6 then 2), luck 10. */
async function shoot(f: Awaited<ReturnType<typeof ambush>>["f"], shooter: BrinkActor, weapon: string) {
  session.user.targets.clear();
  session.user.targets.add(f.token("Roland") as never);
  queueDice(6, 2, 10);
  answerDialog({ attribute: "dex", advantage: "0", modifier: "0" });
  await promptAttack(shooter, shooter.items.getName(weapon) as Item.Implementation);
  return parse((game.messages.contents.at(-1) as unknown as { content: string }).content);
}

describe("Seek Cover", () => {
  it("is offered to the actions panel and puts the character in cover for one action", async () => {
    const { f } = await ambush();
    await rolandSeeksCover(f);
    expect(f.actor("Roland").statuses.has("in-cover")).toBe(true);
  });

  it("gives a ranged attack at the covered character disadvantage: two rolls, the lower kept, a miss", async () => {
    const { f, shooter } = await ambush();
    await rolandSeeksCover(f);
    await f.combat.takeTurn(f.member("Crossbowman").id ?? "");
    const card = await shoot(f, shooter, "Crossbow");
    const pools = [...card.querySelectorAll(".card-dice .pool")];
    expect(pools).toHaveLength(2);
    expect(card.querySelector(".card-dice .pool.kept .card-die")?.textContent).toBe("2");
    expect(card.querySelector(".target")?.classList.contains("miss")).toBe(true);
  });

  it("does nothing to a melee attack", async () => {
    const { f, shooter } = await ambush();
    await rolandSeeksCover(f);
    await f.combat.takeTurn(f.member("Crossbowman").id ?? "");
    const card = await shoot(f, shooter, "Knife");
    expect(card.querySelectorAll(".card-dice .pool")).toHaveLength(1);
    expect(card.querySelector(".target")?.classList.contains("hit")).toBe(true);
  });
});
