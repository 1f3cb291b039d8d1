import { REACTIONS_PER_ROUND, type ExtendedAction, type TurnEconomy } from "../../rules/turn-economy";
import { currentEconomy, type EconomyStamp } from "../../rules/combat-state";
import { countField } from "../shared/fields";

const fields = () => foundry.data.fields;

const flagField = () => new (fields().BooleanField)({ required: true, initial: false });

/** RULES §3 turn economy (rules/turn-economy.ts), field for field, plus when it was last written. */
const combatantSchema = () => {
  const f = fields();
  return {
    inTurn: flagField(),
    actionsLeft: countField(0),
    /** One a round; Wait adds one until the next turn. */
    reactionsLeft: countField(REACTIONS_PER_ROUND),
    moved: flagField(),
    stepped: flagField(),
    guarding: flagField(),
    readied: flagField(),
    commanded: new f.ArrayField(new f.StringField({ required: true, blank: false })),
    /** Command: the commander's combatant id while this one holds an action to take in that turn. */
    grantedBy: new f.StringField({ required: true, blank: false, nullable: true, initial: null }),
    attacksThisRound: countField(0),
    extended: new f.SchemaField(
      {
        key: new f.StringField({ required: true, blank: false }),
        remaining: countField(1, 1),
        /** Whom the action is for (Resuscitate's target); blank when it names no one. */
        target: new f.StringField({ required: true, blank: true, initial: "" }),
      },
      { required: true, nullable: true, initial: null },
    ),
    stamp: new f.SchemaField({ round: countField(0), turn: countField(0) }),
    /** Ready's declared reaction and its trigger; shown only while `readied` holds (older combatants: null). */
    readiedAction: new f.SchemaField(
      {
        action: new f.StringField({ required: true, blank: false }),
        trigger: new f.StringField({ required: true, blank: false }),
      },
      { required: true, nullable: true, initial: null },
    ),
    /** The short task being paid for, named on its card when the last action is paid. */
    task: new f.StringField({ required: true, blank: true, initial: "" }),
    /**
     * A killing strike being paid for (RULES §4), as the GM's client checked it: rolled with these
     * choices when its last action is paid. Null when none is pending (older combatants too).
     */
    strike: new f.SchemaField(
      {
        weaponId: new f.StringField({ required: true, blank: false }),
        targetUuid: new f.StringField({ required: true, blank: false }),
        attribute: new f.StringField({ required: true, blank: false }),
        rollMode: new f.StringField({ required: true, blank: false }),
        /** The round it was begun in, where it already counts for the multiple-attack penalty. */
        round: countField(0),
      },
      { required: true, nullable: true, initial: null },
    ),
  };
};
type CombatantSchema = ReturnType<typeof combatantSchema>;

/** An extended action as stored: a blank target is none. */
function storedExtended(source: { key: string; remaining: number; target?: string | null }): ExtendedAction {
  const { key, remaining, target } = source;
  return target ? { key, remaining, target } : { key, remaining };
}

export class CombatantData extends foundry.abstract.TypeDataModel<CombatantSchema, Combatant.Implementation> {
  static override LOCALIZATION_PREFIXES = ["BRINK.Combatant"];

  static override defineSchema(): CombatantSchema {
    return combatantSchema();
  }

  /** The economy as last written (the source, before preparation brings it up to date). */
  get storedEconomy(): TurnEconomy {
    const source = this._source;
    return {
      inTurn: source.inTurn,
      actionsLeft: source.actionsLeft,
      reactionsLeft: source.reactionsLeft,
      moved: source.moved,
      stepped: source.stepped,
      guarding: source.guarding,
      readied: source.readied,
      commanded: [...source.commanded],
      grantedBy: source.grantedBy,
      attacksThisRound: source.attacksThisRound,
      extended: source.extended === null ? null : storedExtended(source.extended),
    };
  }

  get storedStamp(): EconomyStamp {
    return { round: this._source.stamp.round, turn: this._source.stamp.turn };
  }

  /**
   * The prepared fields show the economy as it stands now: turns started and rounds ended since the
   * last write are applied here (see currentEconomy), so anyone reading `system.attacksThisRound` or
   * `system.reactionsLeft` gets today's numbers without a write per combatant per turn.
   */
  override prepareDerivedData(): void {
    super.prepareDerivedData();
    const combatant = this.parent;
    const combat = combatant?.combat?.system;
    if (!combat?.state) return;
    const clock = {
      round: combat.state.round,
      turn: combat.turnsStarted,
      current: combat.state.current,
      turnStarts: combat.turnStarts,
    };
    Object.assign(this, currentEconomy(this.storedEconomy, this.storedStamp, clock, combatant.id ?? ""));
  }
}
