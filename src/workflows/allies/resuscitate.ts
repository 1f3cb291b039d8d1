/**
 * RULES §3 Resuscitate on the table: two actions for one unconscious character in the same combat
 * (refused, before anything is spent, for anyone conscious, dead, or downed under the stabilise
 * rule). Once both actions are paid the taker goes prone, then rolls WIS + Heal against 10
 * (rules/allies.ts); success wakes the target, so the scheduler lets it act again (RULES §3,
 * "Unable to act"). The test's card names whom it was for. Only the active GM's client writes.
 */
import { postTestCard } from "../../chat/post";
import { actorData } from "../../data";
import { BrinkActor } from "../../documents/actor";
import { testSpecFor } from "../../documents/actor-rolls";
import { defineActionRule, type ActionContext } from "../../documents/combatant";
import { resolveWithFoundryDice } from "../../dice";
import { refuse, type Refusal } from "../../requests";
import {
  RESUSCITATE_TEST,
  resuscitateRefusal,
  wokenConditions,
  withProne,
  type ResuscitateRefusal,
} from "../../rules/allies";
import { resolveTest } from "../../rules/tests";

const REFUSAL_KEYS: Record<ResuscitateRefusal, string> = {
  dead: "BRINK.Allies.Refusal.dead",
  "not-unconscious": "BRINK.Allies.Refusal.notUnconscious",
  downed: "BRINK.Allies.Refusal.downed",
};

const patientOf = ({ combatant, target }: ActionContext): Actor.Implementation | null =>
  (target === undefined ? undefined : combatant.combat?.combatants.get(target))?.actor ?? null;

function refusal(context: ActionContext): Refusal | undefined {
  const patient = patientOf(context);
  if (!patient) return refuse("BRINK.Allies.Refusal.noTarget");
  const downed = actorData(patient).lifeTracks().downed !== null;
  const reason = resuscitateRefusal(patient.statuses, downed);
  return reason === undefined ? undefined : refuse(REFUSAL_KEYS[reason], { name: patient.name });
}

async function resuscitate(context: ActionContext): Promise<void> {
  const { actor } = context;
  const patient = patientOf(context);
  if (!patient || !(actor instanceof BrinkActor)) return;
  await actor.update({ system: { conditions: withProne(actorData(actor).conditions) } });
  const { attribute, skill, difficulty } = RESUSCITATE_TEST;
  const choice = { attribute, skill, proficient: false, modifier: 0, advantage: 0, difficulty };
  const spec = testSpecFor(actor.rolling, choice);
  const { result, rolls } = await resolveWithFoundryDice((dice) => resolveTest(spec, difficulty, dice));
  const label = game.i18n.format("BRINK.Allies.Resuscitate.label", { name: patient.name });
  await postTestCard(actor, label, choice, result, rolls);
  // Someone else may have woken or killed the patient while the test was rolled: read it again.
  if (!result.success || resuscitateRefusal(patient.statuses, false) !== undefined) return;
  await patient.update({ system: { conditions: wokenConditions(actorData(patient).conditions) } });
}

export function registerResuscitate(): void {
  defineActionRule("resuscitate", { refusal, effect: resuscitate });
}
