/**
 * Every chat card a user meets, each posted by Brink's own workflow (a roll, an applied attack, a
 * rest...) and drawn as the chat log draws it for the GM, in the 300 px chat column. Where a card
 * changes its look after a button is used (applied, reverted), that state is a surface too.
 */
import { queueDice } from "../../fake-foundry/dice";
import { session } from "../../fake-foundry/install";
import { answerDialog, placeToken } from "../../fake-foundry/ui";
import type { BrinkActor } from "../../../src/documents/actor";
import { card, lastCard, type Surface } from "./frame";

const { promptAttack, promptTest } = await import("../../../src/applications/rolls/flows");

export async function targetFoes(...names: string[]) {
  session.user.targets.clear();
  for (const [index, name] of names.entries()) {
    const foe = await Actor.implementation.create({
      name,
      type: "npc",
      system: { evasion: 6, deflection: { physical: 8, elemental: 0 } },
    });
    session.user.targets.add(placeToken(foe as BrinkActor, 4 + index * 2, 4));
  }
}

export const SPEAR = {
  name: "Spear",
  type: "weapon" as const,
  system: {
    attributes: ["str"],
    proficiencies: ["martial"],
    damage: 4,
    criticalDamage: 8,
    criticalThreshold: 19,
    damageType: "piercing",
  },
};

const boudica = async () =>
  (await Actor.implementation.create({
    name: "Boudica",
    type: "character",
    system: { skills: { combat: { die: 6 } }, proficiencies: ["martial"] },
    items: [SPEAR],
  })) as BrinkActor;

export const CARDS: Surface[] = [
  card("attack", async () => {
    const actor = await boudica();
    await targetFoes("Guard with a very long name indeed", "Guard Captain");
    queueDice(2, 3, 10, 6, 5, 19);
    answerDialog({ attribute: "str", advantage: "0", modifier: "0" });
    await promptAttack(actor, actor.items.getName("Spear") as Item.Implementation);
    return lastCard();
  }),
  card("test", async () => {
    queueDice(2, 5, 6, 6, 20);
    answerDialog({ attribute: "dex", skill: "sneak", advantage: "1", modifier: "1", difficulty: "10" });
    const actor = await Actor.implementation.create({ name: "Clementine", type: "character" });
    await promptTest(actor as BrinkActor, { skill: "sneak" });
    return lastCard();
  }),
];
