/**
 * RULES §7.3: the STR critical damage takes, as an injury item whose effect steps STR down, so the
 * loss shows on the sheet with its source and the GM's revert deletes the item to give it back.
 */
import type { Step } from "../rules/damage-chain";
import { effectChangesData } from "../foundry/generation";
import { writes, type Creation } from "../foundry/typed-writes";

type CriticalStep = Extract<Step, { kind: "critical-damage" }>;

function criticalItem(step: CriticalStep): Creation<Item.Source> {
  const name = game.i18n.format("BRINK.Direct.Critical.item", { steps: String(step.steps) });
  return {
    name,
    type: "injury",
    img: "icons/svg/blood.svg",
    system: {
      description: `<p>${game.i18n.format("BRINK.Direct.Critical.description", {
        remainder: String(step.remainder),
        from: String(step.from),
        to: String(step.to),
      })}</p>`,
      kind: "maiming",
      attribute: "str",
      penalty: step.steps,
      heals: "gm",
      permanent: false,
      source: game.i18n.localize("BRINK.Direct.Critical.source"),
    },
    effects: [
      {
        name,
        img: "icons/svg/blood.svg",
        transfer: true,
        disabled: false,
        // The STR die steps down this many sizes.
        ...effectChangesData([
          { key: "system.attributes.str.steps", type: "add", value: String(step.steps), priority: 20 },
        ]),
      },
    ],
  };
}

/** Creates an item for each critical damage among a rule's steps that took STR down: their ids. */
export async function createCriticalItems(
  actor: Actor.Implementation,
  steps: readonly Step[],
): Promise<string[]> {
  const items = steps
    .filter((s): s is CriticalStep => s.kind === "critical-damage" && s.steps > 0)
    .map(criticalItem);
  if (!items.length) return [];
  // Plain item creation data in Foundry's shape (type, system, embedded effects).
  const created = await actor.createEmbeddedDocuments("Item", writes.Item.creates(items));
  return created.flatMap((item) => (item.id ? [item.id] : []));
}
