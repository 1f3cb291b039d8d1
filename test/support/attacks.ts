/**
 * The attacker most damage tests use: an NPC with a psychic blade, which armour never deflects,
 * so each blow deals exactly the d6 face + the blade's damage. `attackWith` makes the current user
 * target a token and strike it, the dice and the attack dialog answered in advance.
 */
import type { BrinkActor } from "../../src/documents/actor";
import { queueDice } from "../fake-foundry/dice";
import { answerDialog } from "../fake-foundry/ui";

/** The attack dialog's choice with nothing ticked: Strength, no advantage, no modifier. */
export const PLAIN_ATTACK = {
  attribute: "str",
  sneak: false,
  flanking: false,
  advantage: 0,
  modifier: 0,
  killingStrike: false,
} as const;

export const mindBlade = (damage = 4) => ({
  name: "Mind blade",
  type: "weapon",
  system: { attributes: ["str"], damage, damageType: "psychic" },
});

export async function mindBladeFoe({ damage = 4, owner }: { damage?: number; owner?: string } = {}) {
  const { NONE, OWNER } = CONST.DOCUMENT_OWNERSHIP_LEVELS;
  return (await Actor.implementation.create({
    name: "Foe",
    type: "npc",
    ...(owner ? { ownership: { default: NONE, [owner]: OWNER } } : {}),
    system: { attributes: { str: { die: 6 } } },
    items: [mindBlade(damage)],
  } as never)) as BrinkActor;
}

export async function attackWith(
  foe: BrinkActor,
  target: { document: { uuid: string } },
  face: number,
  luck = 10,
): Promise<void> {
  const { promptAttack } = await import("../../src/applications/rolls/flows");
  game.user.targets.clear();
  game.user.targets.add(target as never);
  queueDice(face, luck);
  answerDialog({ attribute: "str", advantage: "0", modifier: "0" });
  await promptAttack(foe, foe.items.contents[0] as Item.Implementation);
}
