/**
 * RULES §3 reaction tests the GM calls for by name: Resist (1 focus, a WIS test against a mental
 * effect) and Fortify (1 stamina, STR + Athletics + fortitude against poison, a shove, a grab).
 * Brink applies no such effect by itself, so each is taken from the actions panel by the owner or
 * the GM: the difficulty the GM names is entered, the GM's client spends the reaction and its pool
 * (refused, nothing rolled, when either is missing), rolls the test and posts its card; the GM reads
 * the card and decides what the effect does. (Fortify against a blow stays on the attack card.)
 */
import { postTestCard } from "../../chat/post";
import { BrinkActor } from "../../documents/actor";
import { resistAdjustment, testSpecFor } from "../../documents/actor-rolls";
import { BrinkCombatant } from "../../documents/combatant";
import { resolveWithFoundryDice } from "../../dice";
import { defineRequest, refuse, type RequestResult } from "../../requests";
import { MAX_RESIST_DIFFICULTY, RESIST_ATTRIBUTE } from "../../rules/allies";
import type { Attribute, Skill } from "../../rules/characters";
import { resolveTest } from "../../rules/tests";
import type { Fields } from "../../requests/fields";

export interface ResistAsk {
  combatId: string;
  combatantId: string;
  difficulty: number;
}

/** What each reaction test rolls, and the card's name for it. */
const REACTION_TESTS = {
  resist: { attribute: RESIST_ATTRIBUTE, skill: null, label: "BRINK.Allies.Resist.label" },
  fortify: { attribute: "str", skill: "athletics", label: "BRINK.Allies.Fortify.label" },
} as const satisfies Record<string, { attribute: Attribute; skill: Skill | null; label: string }>;
type ReactionTest = keyof typeof REACTION_TESTS;

async function handleReactionTest(
  reaction: ReactionTest,
  ask: ResistAsk,
  user: User.Implementation,
): Promise<RequestResult> {
  const combat = game.combats?.get(ask.combatId);
  if (!combat) return refuse("BRINK.Combat.Refusal.unknownCombat");
  const member = combat.combatants.get(ask.combatantId);
  if (!(member instanceof BrinkCombatant)) return refuse("BRINK.Combat.Refusal.unknownCombatant");
  const actor = member.actor;
  if (!(actor instanceof BrinkActor)) return refuse("BRINK.Damage.Refusal.targetGone");
  const spent = await member.resolveEconomy(user, { operation: "reaction", reaction });
  if (!spent.ok) return spent;
  const { difficulty } = ask;
  const { attribute, skill, label } = REACTION_TESTS[reaction];
  const choice = { attribute, skill, proficient: false, modifier: 0, advantage: 0, difficulty };
  // A defence test: the resist list (exhaustion, effects, Guard's +1) replaces the plain test's.
  const adjustment = resistAdjustment(actor.rolling, attribute, skill);
  const fortitude = reaction === "fortify" ? fortitudeOf(actor) : [];
  const spec = {
    ...testSpecFor(actor.rolling, choice),
    modifiers: [...adjustment.modifiers, ...fortitude],
    advantages: adjustment.advantages,
    disadvantages: adjustment.disadvantages,
  };
  const { result, rolls } = await resolveWithFoundryDice((dice) => resolveTest(spec, difficulty, dice));
  await postTestCard(actor, game.i18n.localize(label), choice, result, rolls, adjustment.edges);
  return { ok: true };
}

/** The character's fortitude (RULES §4), named as the card shows it; none at 0. */
function fortitudeOf(actor: BrinkActor) {
  const value = actor.system.fortitude;
  return value ? [{ label: game.i18n.localize("BRINK.Allies.Fortify.fortitude"), value }] : [];
}

const readAsk = (fields: Fields): ResistAsk => ({
  combatId: fields.id("combatId"),
  combatantId: fields.id("combatantId"),
  difficulty: fields.whole("difficulty", 1, MAX_RESIST_DIFFICULTY),
});

const askResist = defineRequest<ResistAsk>({
  name: "allies.resist",
  who: "any",
  parse: readAsk,
  handle: (ask, { user }) => handleReactionTest("resist", ask, user),
});

const askFortify = defineRequest<ResistAsk>({
  name: "allies.fortify",
  who: "any",
  parse: readAsk,
  handle: (ask, { user }) => handleReactionTest("fortify", ask, user),
});

/** The asker's side: the GM's client checks, spends and rolls; a refusal is shown to this user. */
export const requestResist = (ask: ResistAsk): Promise<RequestResult> => askResist(ask);
export const requestFortify = (ask: ResistAsk): Promise<RequestResult> => askFortify(ask);
