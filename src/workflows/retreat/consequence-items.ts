/** The items a retreat gives each character: injuries with their effects, and setbacks. */
import type { Attribute } from "../../rules/characters";
import { MINOR_INJURY_SAFE_RESTS } from "../../rules/rest";
import type { CharacterRetreat } from "../../rules/retreat";
import {
  consequenceItemSource,
  withEffectChanges,
  type ConsequenceItemData,
  type ConsequenceKey,
} from "../tables";
import { attributeLabel, format } from "./i18n";
import type { EffectChange } from "../../foundry/generation";
import { setbackData } from "./recovery-actor";

const STEP_CHANGE = (attribute: Attribute): EffectChange => ({
  key: `system.attributes.${attribute}.steps`,
  type: "add",
  value: "1",
});
const BONUS_CHANGE = (attribute: Attribute, modifier: number): EffectChange => ({
  key: `system.attributes.${attribute}.bonus`,
  type: "add",
  value: String(modifier),
});
const DISORIENTED_CHANGES = (): EffectChange[] =>
  ["notice", "investigate"].map((skill) => ({
    key: `system.skills.${skill}.disadvantage`,
    type: "add",
    value: "1",
  }));

/** Copies each linked compendium item once per retreat. */
export class ItemSources {
  readonly #cache = new Map<ConsequenceKey, Promise<ConsequenceItemData>>();
  constructor(readonly links: Record<ConsequenceKey, string>) {}
  get(key: ConsequenceKey): Promise<ConsequenceItemData> {
    let source = this.#cache.get(key);
    if (!source) {
      source = consequenceItemSource(key, this.links[key]);
      this.#cache.set(key, source);
    }
    return source.then((data) => structuredClone(data));
  }
}

const originFlags = (resolutionId: string, injuryId: string | null) => ({
  brink: { retreat: { resolutionId, injuryId } },
});

/**
 * The items one character receives. A serious injury's step-down exists only as the effect on its
 * item (the attribute itself is never written), so ending the injury restores the die.
 */
export async function consequenceItems(
  actor: Actor.Implementation,
  result: CharacterRetreat,
  resolutionId: string,
  sources: ItemSources,
): Promise<ConsequenceItemData[]> {
  const items: ConsequenceItemData[] = [];
  for (const injury of result.update.createInjuries) {
    if (injury.kind !== "serious" && injury.kind !== "minor") continue;
    const key: ConsequenceKey = injury.kind === "serious" ? "serious-injury" : "minor-injury";
    const source = await sources.get(key);
    const name = format("BRINK.Retreat.Item.named", {
      name: source.name,
      attribute: attributeLabel(injury.attribute),
    });
    const system: Record<string, unknown> = {
      ...source.system,
      kind: injury.kind,
      attribute: injury.attribute,
      penalty: 1,
    };
    if (injury.kind === "minor") system.progress = { value: injury.safeRests, max: MINOR_INJURY_SAFE_RESTS };
    const change =
      injury.kind === "serious"
        ? STEP_CHANGE(injury.attribute)
        : BONUS_CHANGE(injury.attribute, injury.testModifier);
    items.push(
      withEffectChanges(
        {
          ...source,
          name,
          system,
          flags: { ...source.flags, ...originFlags(resolutionId, injury.id) },
        },
        name,
        [change],
      ),
    );
  }
  const carried = new Set(actor.items.contents.flatMap((item) => setbackData(item)?.kind ?? []));
  for (const setback of ["separated", "disoriented"] as const) {
    if (!result.setbacks.includes(setback) || carried.has(setback)) continue;
    const source = await sources.get(setback);
    const data = { ...source, flags: { ...source.flags, ...originFlags(resolutionId, null) } };
    items.push(
      setback === "disoriented" ? withEffectChanges(data, source.name, DISORIENTED_CHANGES()) : data,
    );
  }
  return items;
}
