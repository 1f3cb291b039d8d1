/**
 * RULES §3 Resist: a reaction for 1 focus, a test against a mental effect. Brink applies no mental
 * effect by itself yet, so Resist is taken from the actions panel: the player enters the difficulty
 * the GM names, the GM's client spends the reaction and the focus (refused, nothing rolled, when
 * either is missing), rolls a plain WIS test (rules/allies.ts) and posts its card; the GM reads
 * the card and decides what the effect does.
 */
import { postTestCard } from "../../chat/post";
import { BrinkActor } from "../../documents/actor";
import { resistAdjustment, testSpecFor } from "../../documents/actor-rolls";
import { BrinkCombatant } from "../../documents/combatant";
import { resolveWithFoundryDice } from "../../dice";
import { defineRequest, refuse, type RequestResult } from "../../requests";
import { MAX_RESIST_DIFFICULTY, RESIST_ATTRIBUTE } from "../../rules/allies";
import { resolveTest } from "../../rules/tests";

export interface ResistAsk {
  combatId: string;
  combatantId: string;
  difficulty: number;
}

async function handleResist(ask: ResistAsk, user: User.Implementation): Promise<RequestResult> {
  const combat = game.combats?.get(ask.combatId);
  if (!combat) return refuse("BRINK.Combat.Refusal.unknownCombat");
  const member = combat.combatants.get(ask.combatantId);
  if (!(member instanceof BrinkCombatant)) return refuse("BRINK.Combat.Refusal.unknownCombatant");
  const actor = member.actor;
  if (!(actor instanceof BrinkActor)) return refuse("BRINK.Damage.Refusal.targetGone");
  const spent = await member.resolveEconomy(user, { operation: "reaction", reaction: "resist" });
  if (!spent.ok) return spent;
  const { difficulty } = ask;
  const choice = {
    attribute: RESIST_ATTRIBUTE,
    skill: null,
    proficient: false,
    modifier: 0,
    advantage: 0,
    difficulty,
  };
  // A defence test: the resist list (exhaustion, effects, Guard's +1) replaces the plain test's.
  const adjustment = resistAdjustment(actor.rolling, RESIST_ATTRIBUTE, null);
  const spec = {
    ...testSpecFor(actor.rolling, choice),
    modifiers: adjustment.modifiers,
    advantages: adjustment.advantages,
    disadvantages: adjustment.disadvantages,
  };
  const { result, rolls } = await resolveWithFoundryDice((dice) => resolveTest(spec, difficulty, dice));
  const label = game.i18n.localize("BRINK.Allies.Resist.label");
  await postTestCard(actor, label, choice, result, rolls, adjustment.edges);
  return { ok: true };
}

const askResist = defineRequest<ResistAsk>({
  name: "allies.resist",
  who: "any",
  parse: (fields) => ({
    combatId: fields.id("combatId"),
    combatantId: fields.id("combatantId"),
    difficulty: fields.whole("difficulty", 1, MAX_RESIST_DIFFICULTY),
  }),
  handle: (ask, { user }) => handleResist(ask, user),
});

/** The asker's side: the GM's client checks, spends and rolls; a refusal is shown to this user. */
export const requestResist = (ask: ResistAsk): Promise<RequestResult> => askResist(ask);
