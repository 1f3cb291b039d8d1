/**
 * What the inventory tab shows: one section per carried item type (and talents), each with its
 * labelled columns, a create button and its rows in the order the player sorted them. A row's
 * description is enriched only while it is expanded, and every row carries the text the search box
 * matches.
 */
import { ArmourData, GearData, ShieldData, WeaponData, physicalData } from "../../data";
import { bySort, itemView, type ItemView } from "./actor-context";
import { optionalRules } from "../../settings";
import { weaponDamageText } from "./weapon-damage";

export const INVENTORY_TYPES = ["weapon", "armour", "shield", "gear", "talent"] as const;
export type InventoryType = (typeof INVENTORY_TYPES)[number];

export const isInventoryType = (type: string): type is InventoryType =>
  (INVENTORY_TYPES as readonly string[]).includes(type);

/** The column headings of each section, after the name. */
const COLUMNS: Record<InventoryType, string[]> = {
  weapon: [
    "BRINK.Inventory.Column.damage",
    "BRINK.Inventory.Column.durability",
    "BRINK.Inventory.Column.quantity",
  ],
  armour: [
    "BRINK.Inventory.Column.deflection",
    "BRINK.Inventory.Column.durability",
    "BRINK.Inventory.Column.quantity",
  ],
  shield: [
    "BRINK.Inventory.Column.block",
    "BRINK.Inventory.Column.durability",
    "BRINK.Inventory.Column.quantity",
  ],
  gear: ["BRINK.Inventory.Column.quantity", "BRINK.Inventory.Column.price"],
  talent: [],
};

/** The weapon section's headings under direct damage: the damage column holds the die. */
const DIRECT_WEAPON_COLUMNS = [
  "BRINK.Inventory.Column.damageDie",
  "BRINK.Inventory.Column.durability",
  "BRINK.Inventory.Column.quantity",
];

/** One value of a row, with its column's heading (narrow sheets show it beside the value). */
export interface InventoryCell {
  label: string;
  value: string;
}

export interface InventoryRow extends ItemView {
  cells: InventoryCell[];
  expanded: boolean;
  /** The enriched description, only for an expanded row. */
  description: string;
  /** Lower-case text the search box matches: name, type and the cells. */
  searchText: string;
}

export interface InventorySection {
  type: InventoryType;
  label: string;
  createLabel: string;
  columns: string[];
  rows: InventoryRow[];
}

const localize = (key: string): string => game.i18n.localize(key);

function durabilityCell(item: Item.Implementation): string {
  const condition = physicalData(item)?.condition;
  return condition ? `${condition.value}/${condition.max}` : "";
}

/** The cells after the name, in the order of the section's columns. */
function cellsOf(item: Item.Implementation, direct: boolean): string[] {
  const { system } = item;
  const quantity = String(physicalData(item)?.quantity ?? "");
  if (system instanceof WeaponData) return [weaponDamageText(system, direct), durabilityCell(item), quantity];
  if (system instanceof ArmourData)
    return [
      game.i18n.format("BRINK.Inventory.deflectionCell", {
        physical: String(system.deflection.physical),
        elemental: String(system.deflection.elemental),
      }),
      durabilityCell(item),
      quantity,
    ];
  if (system instanceof ShieldData) return [String(system.block), durabilityCell(item), quantity];
  if (system instanceof GearData) return [quantity, String(system.price)];
  return [];
}

/** The item's stored description, whatever its type (every Brink item type has one). */
export function descriptionOf(item: Item.Implementation): string {
  const description: unknown = (item.system as { description?: unknown }).description;
  return typeof description === "string" ? description : "";
}

function rowOf(
  item: Item.Implementation,
  columns: string[],
  description: string | undefined,
  direct: boolean,
): InventoryRow {
  const view = itemView(item);
  const values = cellsOf(item, direct);
  return {
    ...view,
    cells: values.map((value, index) => ({ label: columns[index] ?? "", value })),
    expanded: description !== undefined,
    description: description ?? "",
    searchText: [view.name, view.typeLabel, ...values].join(" ").toLowerCase(),
  };
}

/** The enriched descriptions of the expanded rows, by item id; the other rows need none. */
async function expandedDescriptions(
  items: Item.Implementation[],
  expanded: ReadonlySet<string>,
): Promise<Map<string, string>> {
  const shown = items.filter((item) => expanded.has(item.id ?? ""));
  const html = await Promise.all(
    shown.map((item) =>
      foundry.applications.ux.TextEditor.implementation.enrichHTML(descriptionOf(item), {
        secrets: item.isOwner,
        relativeTo: item,
      }),
    ),
  );
  return new Map(shown.map((item, index) => [item.id ?? "", html[index] ?? ""]));
}

export async function inventorySections(
  actor: Actor.Implementation,
  expanded: ReadonlySet<string>,
): Promise<InventorySection[]> {
  const items = [...actor.items].sort(bySort);
  const descriptions = await expandedDescriptions(items, expanded);
  // RULES §7.3: under direct damage a weapon's damage is its die.
  const direct = optionalRules().damageRule === "direct";
  return INVENTORY_TYPES.map((type) => {
    const keys = direct && type === "weapon" ? DIRECT_WEAPON_COLUMNS : COLUMNS[type];
    const columns = keys.map(localize);
    return {
      type,
      label: localize(`BRINK.Inventory.Section.${type}`),
      createLabel: game.i18n.format("BRINK.Inventory.create", { type: localize(`TYPES.Item.${type}`) }),
      columns,
      rows: items
        .filter((item) => item.type === type)
        .map((item) => rowOf(item, columns, descriptions.get(item.id ?? ""), direct)),
    };
  });
}
