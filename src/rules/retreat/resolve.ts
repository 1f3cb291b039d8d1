/** Resolving an Emergency Retreat: each character's table rolls and the consequences they give. */
import type { DiceSource } from "../dice";
import { applyAttrition } from "./attrition";
import { rollDeathLuckTests } from "./death-luck";
import { addStatus, draftUpdate, startDraft, type Draft } from "./draft";
import { applyMinorInjury, applySeriousInjury } from "./injuries";
import { rollOnTable } from "./rolls";
import { applySetback } from "./setbacks";
import type { CharacterRetreat, EmergencyRetreatResolution, RetreatCharacter, RetreatParty } from "./state";
import { lookupRow, retreatTablesProblems, type RetreatOutcome, type RetreatTables } from "./tables";
import { fnv1a } from "../fingerprint";

export function resolveEmergencyRetreat(
  party: RetreatParty,
  tables: RetreatTables,
  dice: DiceSource,
): EmergencyRetreatResolution {
  const problems = retreatTablesProblems(tables);
  if (problems.length > 0) {
    throw new Error(`Retreat tables are invalid: ${JSON.stringify(problems)}`);
  }
  const id = `emergency-retreat:${party.key}:${fingerprint(party.characters)}`;
  return {
    id,
    characters: party.characters.map((character) => resolveCharacter(character, tables, dice, id)),
  };
}

function resolveCharacter(
  character: RetreatCharacter,
  tables: RetreatTables,
  dice: DiceSource,
  resolutionId: string,
): CharacterRetreat {
  const draft = startDraft(character, `${resolutionId}:${character.id}`);
  const downed = character.health.value <= 0;
  let deathLuck: CharacterRetreat["deathLuck"] = null;
  let outcomes: readonly RetreatOutcome[];
  if (downed) {
    const tests = rollDeathLuckTests(character.luckBonus, character.deathDifficulty, dice);
    draft.rolls.push(...tests.rolls);
    deathLuck = { successes: tests.successes, failures: tests.failures };
    outcomes = lookupRow(tables.downed, tests.successes) ?? [];
  } else {
    const roll = rollOnTable(tables.retreat, dice, "retreat-table");
    draft.rolls.push(roll.record);
    outcomes = [roll.result];
  }
  for (const outcome of outcomes) applyOutcome(draft, outcome, tables, dice);
  if (downed) {
    draft.consequences.push({ key: "stable-at-zero" });
    addStatus(draft, "stable");
  }
  return {
    id: draft.id,
    actorId: character.id,
    downed,
    deathLuck,
    rolls: draft.rolls,
    outcomes,
    setbacks: draft.setbacks,
    consequences: draft.consequences,
    pendingChoices: draft.choices,
    update: draftUpdate(draft),
    snapshot: structuredClone(character),
  };
}

function applyOutcome(draft: Draft, outcome: RetreatOutcome, tables: RetreatTables, dice: DiceSource): void {
  switch (outcome) {
    case "serious-injury":
      return applySeriousInjury(draft, dice);
    case "minor-injury":
      return applyMinorInjury(draft, dice);
    case "setback":
      return applySetback(draft, tables.setback, dice);
    case "attrition":
      return applyAttrition(draft, dice);
  }
}

/** The party's prior state, fingerprinted: the same retreat of the same party gets the same id. */
function fingerprint(value: unknown): string {
  return fnv1a(JSON.stringify(value)).toString(16).padStart(8, "0");
}
