import { COMBAT_PHASES, parseTurnState } from "../../rules/combat-state";
import { INITIATIVE_MODES } from "../../rules/initiative";
import type { TurnState } from "../../rules/team-turns";
import { countField } from "../shared/fields";

/** Member id → the `turnsStarted` count its latest turn start made. */
type TurnStarts = Record<string, number>;

const fields = () => foundry.data.fields;

const idField = () => new (fields().StringField)({ required: true, blank: false });
const idListField = () => new (fields().ArrayField)(idField());
const optionalIdField = () =>
  new (fields().StringField)({ required: true, blank: false, nullable: true, initial: null });
const flagField = (initial: boolean) => new (fields().BooleanField)({ required: true, initial });
const phaseField = (initial: string) =>
  new (fields().StringField)({ required: true, initial, choices: [...COMBAT_PHASES] });

/** The scheduler's TurnState (rules/team-turns/), field for field, so Foundry validates every write. */
const turnStateSchema = () => {
  const f = fields();
  return {
    mode: new f.StringField({ required: true, initial: "teams", choices: [...INITIATIVE_MODES] }),
    phase: phaseField("setup"),
    round: countField(0),
    teams: idListField(),
    members: new f.ArrayField(
      new f.SchemaField({
        id: idField(),
        teamId: idField(),
        canAct: flagField(true),
        cannotBeSurprised: flagField(false),
        surprised: flagField(false),
        acted: flagField(false),
      }),
    ),
    surprisingTeams: idListField(),
    sequence: new f.ArrayField(idListField()),
    toMove: optionalIdField(),
    current: optionalIdField(),
    history: new f.ArrayField(
      new f.SchemaField({
        memberId: idField(),
        teamId: idField(),
        round: countField(0),
        phase: phaseField("normal"),
        toMove: optionalIdField(),
        acted: idListField(),
      }),
    ),
  };
};

const combatSchema = () => ({
  state: new (fields().SchemaField)(turnStateSchema()),
  /** How many turns have started in this combat; combatants stamp their economy with it. */
  turnsStarted: countField(0),
  /**
   * Each member's latest turn start, as the `turnsStarted` count it made: a combatant whose turn
   * came and went without a write still gets that turn's start (its reaction back). Combats stored
   * before this field read as having none recorded.
   */
  turnStarts: new (fields().ObjectField)<
    { required: true; initial: () => TurnStarts },
    TurnStarts,
    TurnStarts,
    TurnStarts
  >({ required: true, initial: () => ({}) }),
  /**
   * RULES §5: an Emergency Retreat called while someone acts waits for that turn to end. The
   * retreating characters' actor uuids (empty: none pending) and the user whose call it was.
   * Combats stored before these fields read as having none pending.
   */
  pendingRetreat: new (fields().ArrayField)(new (fields().StringField)({ required: true, blank: false })),
  pendingRetreatBy: optionalIdField(),
});
type CombatSchema = ReturnType<typeof combatSchema>;

/** RULES §3: the combat's schedule. Written only by the active GM, one update per transition. */
export class CombatData extends foundry.abstract.TypeDataModel<CombatSchema, Combat.Implementation> {
  static override LOCALIZATION_PREFIXES = ["BRINK.Combat"];

  static override defineSchema(): CombatSchema {
    return combatSchema();
  }

  /** The pending Emergency Retreat, if one waits for the acting turn to end. */
  get retreatPending(): { actorUuids: string[]; userId: string | null } | null {
    return this.pendingRetreat.length
      ? { actorUuids: [...this.pendingRetreat], userId: this.pendingRetreatBy }
      : null;
  }

  /** A copy the scheduler can work on. */
  get turnState(): TurnState {
    return parseTurnState(this.state);
  }
}
