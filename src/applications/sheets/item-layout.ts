/**
 * How the item sheet groups each type's fields by use: what a GM reaches for first (a weapon's
 * damage and properties) leads, the rarely changed (carrying, condition) follow. Fields are named by
 * their path under `system`. A stored field no group names lands in a last "Other" group, so a new
 * field is never left off the sheet.
 */
export const ITEM_GROUP_IDS = [
  "attack",
  "wielding",
  "defence",
  "protection",
  "light",
  "rules",
  "effect",
  "healing",
  "setback",
  "origin",
  "carried",
  "condition",
  "other",
] as const;
export type ItemGroupId = (typeof ITEM_GROUP_IDS)[number];

export interface ItemGroupLayout {
  id: ItemGroupId;
  fields: readonly string[];
}

const carried: ItemGroupLayout = { id: "carried", fields: ["equipped", "dropped", "quantity", "price"] };
const condition: ItemGroupLayout = {
  id: "condition",
  fields: ["metal", "durability.max", "durability.value"],
};
const origin: ItemGroupLayout = { id: "origin", fields: ["source"] };

export const ITEM_LAYOUTS: Record<string, readonly ItemGroupLayout[]> = {
  weapon: [
    {
      id: "attack",
      fields: [
        "damage",
        // Under direct damage the die is what the weapon deals, so it sits beside the damage.
        "damageDie",
        "damageType",
        "properties",
        "criticalDamage",
        "criticalThreshold",
        "range",
      ],
    },
    { id: "wielding", fields: ["attributes", "proficiencies"] },
    { id: "defence", fields: ["block", "parry"] },
    carried,
    condition,
  ],
  armour: [
    { id: "protection", fields: ["deflection.physical", "deflection.elemental", "heavy"] },
    carried,
    condition,
  ],
  shield: [{ id: "defence", fields: ["block", "parry"] }, carried, condition],
  gear: [carried, { id: "light", fields: ["light.hours", "light.left", "light.consumed"] }, condition],
  talent: [{ id: "rules", fields: ["traits"] }],
  injury: [
    { id: "effect", fields: ["kind", "attribute", "skill", "penalty"] },
    { id: "healing", fields: ["heals", "progress.value", "permanent"] },
    origin,
  ],
  setback: [{ id: "setback", fields: ["kind", "duration", "endsOn"] }, origin],
};

/**
 * Stored fields the sheet does not offer, each with its reason: an injury's count needed is fixed
 * by the rules at three safe rests (RULES §5), so an input for it would change nothing.
 */
export const ITEM_FIELDS_NOT_SHOWN: Record<string, readonly string[]> = {
  injury: ["progress.max"],
};
