/**
 * RULES §2 at the table: an opposed test. The asker rolls for a character they own against another
 * character they can see; the active GM's client rolls both sides (so no player rolls the other
 * side's dice) and writes one card naming the winner, a tie going to the defender.
 */
import { BrinkActor } from "../documents/actor";
import { rollAdjustment, testSpecFor, type TestChoice } from "../documents/actor-rolls";
import type { Edge } from "../rules/modifiers";
import { luckPurpose, resolveWithFoundryDice } from "../dice";
import { postOpposedCard, ROLL_MODES, type RollMode } from "../chat/post";
import { defineRequest, refuse, type RequestContext, type RequestResult } from "../requests";
import type { Fields } from "../requests/fields";
import { ATTRIBUTES, SKILLS, type Attribute, type Skill } from "../rules/characters";
import { MAX_ADVANTAGE, resolveOpposedTest } from "../rules/tests";
import { ATTRIBUTE_ABBR, ATTRIBUTE_LABEL, SKILL_LABEL } from "../helpers/lang-keys";

/** One side's choice: the attribute and the skill (or none) it tests, as the test dialog offers them. */
export interface OpposedChoice {
  attribute: Attribute;
  skill: Skill | null;
  proficient: boolean;
  /** −2 … +2: double disadvantage to double advantage, chosen in the dialog. */
  advantage: number;
}

export interface OpposedAsk {
  /** The asker's own character. */
  actorUuid: string;
  /** The other side: a token's uuid (one the asker sees) or an actor's. */
  defenderUuid: string;
  attacker: OpposedChoice;
  defender: OpposedChoice;
  rollMode: RollMode;
}

const NO_SKILL = "";

function readSide(fields: Fields, key: string): OpposedChoice {
  const side = fields.record(key);
  // The asker's "No skill" travels as null (OpposedChoice), or as "".
  const skill = side.raw("skill") === null ? NO_SKILL : side.oneOf("skill", [NO_SKILL, ...SKILLS]);
  return {
    attribute: side.oneOf("attribute", ATTRIBUTES),
    skill: skill === NO_SKILL ? null : skill,
    proficient: side.flag("proficient"),
    advantage: side.whole("advantage", -MAX_ADVANTAGE, MAX_ADVANTAGE, 0),
  };
}

function readOpposed(fields: Fields): OpposedAsk {
  return {
    actorUuid: fields.uuid("actorUuid"),
    defenderUuid: fields.uuid("defenderUuid"),
    attacker: readSide(fields, "attacker"),
    defender: readSide(fields, "defender"),
    rollMode: fields.oneOf("rollMode", ROLL_MODES),
  };
}

/** "Notice (WIS)", or the attribute alone. */
export function sideLabel({ attribute, skill }: OpposedChoice): string {
  return skill
    ? `${game.i18n.localize(SKILL_LABEL[skill])} (${game.i18n.localize(ATTRIBUTE_ABBR[attribute])})`
    : game.i18n.localize(ATTRIBUTE_LABEL[attribute]);
}

export const choiceOf = ({ attribute, skill, proficient, advantage }: OpposedChoice): TestChoice => ({
  attribute,
  skill,
  proficient,
  modifier: 0,
  advantage,
  difficulty: 0,
});

/** Every edge on one side, as the card names it: the character's state (light, conditions) and the dialog's. */
export function sideEdges(who: BrinkActor, choice: OpposedChoice): Edge[] {
  const { edges } = rollAdjustment(who.rolling, "test", choice.attribute, choice.skill);
  const chosen = choice.advantage
    ? [{ label: game.i18n.localize("BRINK.Opposed.chosenEdge"), advantage: choice.advantage }]
    : [];
  return [...edges, ...chosen];
}

/**
 * The other side, if the asker may name it: a token on a scene that is not hidden (the GM sees
 * hidden ones too), or an actor the asker may at least see (Limited).
 */
async function defenderFor(uuid: string, user: User.Implementation): Promise<BrinkActor | null> {
  const document = await fromUuid(uuid);
  if (document instanceof BrinkActor)
    return user.isGM || document.testUserPermission(user, "LIMITED") ? document : null;
  if (document instanceof TokenDocument && (user.isGM || !document.hidden)) {
    const actor = document.actor;
    return actor instanceof BrinkActor ? actor : null;
  }
  return null;
}

async function handleOpposed(ask: OpposedAsk, { user }: RequestContext): Promise<RequestResult> {
  const actor = await fromUuid(ask.actorUuid);
  if (!(actor instanceof BrinkActor)) return refuse("BRINK.Damage.Refusal.targetGone");
  if (!actor.testUserPermission(user, "OWNER")) return refuse("BRINK.Roll.notOwner");
  const defender = await defenderFor(ask.defenderUuid, user);
  if (!defender) return refuse("BRINK.Opposed.Refusal.unseen");
  if (defender === actor) return refuse("BRINK.Opposed.Refusal.self");
  const attackerSpec = testSpecFor(actor.rolling, choiceOf(ask.attacker));
  const defenderSpec = testSpecFor(defender.rolling, choiceOf(ask.defender));
  const { result, rolls } = await resolveWithFoundryDice(
    (dice) => resolveOpposedTest(attackerSpec, defenderSpec, dice),
    luckPurpose,
  );
  const side = (who: BrinkActor, choice: OpposedChoice) => ({
    actorUuid: who.uuid,
    name: who.name,
    label: sideLabel(choice),
    attribute: choice.attribute,
    skill: choice.skill ?? "",
    edges: sideEdges(who, choice),
  });
  await postOpposedCard(
    actor,
    { attacker: side(actor, ask.attacker), defender: side(defender, ask.defender), result },
    rolls,
    { rollMode: ask.rollMode, userId: user.id ?? "" },
  );
  return { ok: true };
}

const askOpposed = defineRequest({
  name: "test.opposed",
  who: "any",
  parse: readOpposed,
  handle: handleOpposed,
});

/** Asks the GM's client to roll an opposed test; shows a refusal to the user who asked. */
export const requestOpposedTest = (ask: OpposedAsk): Promise<RequestResult> => askOpposed(ask);
