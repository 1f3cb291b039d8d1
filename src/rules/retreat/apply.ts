/** A retreat's update and the GM's drops applied to a character, modelled on plain data. */
import type { RetreatActorUpdate, RetreatChanges, RetreatCharacter } from "./state";
import type { ItemDrop } from "./setbacks";

/** The character after an update: what the Foundry layer writes, modelled on plain data. */
export function applyRetreatUpdate(
  character: RetreatCharacter,
  update: RetreatActorUpdate,
): RetreatCharacter {
  return {
    ...applyChanges(character, update.changes),
    statuses: [...character.statuses, ...update.addStatuses],
    injuries: [...character.injuries, ...update.createInjuries],
  };
}

export function applyItemDrops(character: RetreatCharacter, drops: readonly ItemDrop[]): RetreatCharacter {
  const dropped = new Set(drops.map((drop) => drop.itemId));
  return {
    ...character,
    items: character.items.map((item) => (dropped.has(item.id) ? { ...item, dropped: true } : item)),
  };
}

export function applyChanges(character: RetreatCharacter, changes: RetreatChanges): RetreatCharacter {
  return {
    ...character,
    attributes: { ...character.attributes, ...changes.attributes },
    endurance: { ...character.endurance, value: changes.endurance ?? character.endurance.value },
    health: { ...character.health, value: changes.health ?? character.health.value },
    hitDice: { ...character.hitDice, value: changes.hitDice ?? character.hitDice.value },
    exhaustion: changes.exhaustion ?? character.exhaustion,
  };
}
