/** Serious and minor injuries: which attribute each strikes, and what a serious one steps down. */
import { ATTRIBUTES, stepDown, type Attribute } from "../characters";
import type { DiceSource, DieRating } from "../dice";
import { nextInjuryId, type Draft } from "./draft";
import { singleDie } from "./rolls";
import type { RollRecord } from "./state";

/**
 * Attributes a serious injury may still step down: not already reduced by a serious injury, not
 * already at 0, and not STR or CON at d4 — stepping those to 0 kills, and nobody dies from a retreat.
 */
export function attributesLeftToReduce(
  attributes: Readonly<Record<Attribute, DieRating>>,
  alreadyReduced: ReadonlySet<Attribute>,
): Attribute[] {
  return ATTRIBUTES.filter((attribute) => {
    const rating = attributes[attribute];
    if (alreadyReduced.has(attribute) || rating === 0) return false;
    return !(rating === 4 && (attribute === "str" || attribute === "con"));
  });
}

export interface AttributePick {
  readonly attribute: Attribute | null;
  readonly rolls: readonly RollRecord<"serious-attribute" | "serious-repick">[];
}

/**
 * d6 over STR…CHA. When it lands on an attribute that cannot be reduced, the re-pick is one die
 * over the attributes still left, so the choice stays uniform and always ends.
 */
export function pickSeriousInjuryAttribute(
  attributes: Readonly<Record<Attribute, DieRating>>,
  alreadyReduced: ReadonlySet<Attribute>,
  dice: DiceSource,
): AttributePick {
  const left = attributesLeftToReduce(attributes, alreadyReduced);
  if (left.length === 0) return { attribute: null, rolls: [] };
  const face = dice.roll(ATTRIBUTES.length);
  const rolled = ATTRIBUTES[face - 1];
  const first = singleDie("serious-attribute", ATTRIBUTES.length, face);
  if (rolled !== undefined && left.includes(rolled)) return { attribute: rolled, rolls: [first] };
  if (left.length === 1) return { attribute: left[0] ?? null, rolls: [first] };
  const repick = dice.roll(left.length);
  return {
    attribute: left[repick - 1] ?? null,
    rolls: [first, singleDie("serious-repick", left.length, repick)],
  };
}

function seriouslyInjuredAttributes(draft: Draft): Set<Attribute> {
  const reduced = new Set<Attribute>();
  for (const injury of [...draft.character.injuries, ...draft.injuries]) {
    if (injury.kind === "serious") reduced.add(injury.attribute);
  }
  return reduced;
}

export function applySeriousInjury(draft: Draft, dice: DiceSource): void {
  const pick = pickSeriousInjuryAttribute(draft.attributes, seriouslyInjuredAttributes(draft), dice);
  draft.rolls.push(...pick.rolls);
  if (pick.attribute === null) {
    draft.consequences.push({ key: "no-attribute-left" });
    return;
  }
  const attribute = pick.attribute;
  const from = draft.attributes[attribute];
  const to = stepDown(from);
  draft.attributes = { ...draft.attributes, [attribute]: to };
  const injuryId = nextInjuryId(draft);
  draft.injuries.push({ id: injuryId, kind: "serious", attribute, from, to, origin: draft.id });
  draft.consequences.push({ key: "serious-injury", attribute, from, to, injuryId });
}

export function applyMinorInjury(draft: Draft, dice: DiceSource): void {
  const face = dice.roll(ATTRIBUTES.length);
  draft.rolls.push(singleDie("minor-attribute", ATTRIBUTES.length, face));
  const attribute = ATTRIBUTES[face - 1] ?? "str";
  const injuryId = nextInjuryId(draft);
  draft.injuries.push({
    id: injuryId,
    kind: "minor",
    attribute,
    testModifier: -1,
    safeRests: 0,
    origin: draft.id,
  });
  draft.consequences.push({ key: "minor-injury", attribute, injuryId });
}
