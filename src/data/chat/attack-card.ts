/**
 * An attack's card: the outcome against each target as the GM's client rolled it, and what
 * applying each blow did (reactions, damage steps, reverts). The GM's client writes it; the chat
 * log draws it from `system` for each viewer, offering the attacker's owners Apply, the target's
 * owners their reactions and choices, and the GM Revert.
 */
import type { AttackResult, TargetOutcome } from "../../rules/attacks";
import type { Edge } from "../../rules/modifiers";
import type { ActorState, Hit, Step } from "../../rules/damage-chain";
import type { DefenceStep } from "../../rules/defences";
import { attackView, type DamageSource, type TargetInfo } from "./card-views";
import { directView, type DirectRecord } from "./direct-view";
import { edgesText } from "./damage-steps";
import type { InjuryItemRecord } from "./life-card";
import { isRecordCard, ownsActorAt, renderCard, visibleTokenOnCanvas, type CardView } from "./card";
import { recordField } from "../shared/fields";
import { reactionButtons, type ReactionKind } from "./reaction-offers";
import { preference } from "../../settings";
import { countOf } from "../../helpers/plural";

/**
 * An Intercept on one attack (RULES §3): who stepped in for whom, the outcome it replaced, and
 * what it spent, so the GM can revert it.
 */
export interface InterceptRecord {
  /** The ally the attack was aimed at (a token or actor uuid, as the outcome named it). */
  from: string;
  /** The interceptor, now the outcome's target. */
  by: string;
  original: TargetOutcome;
  /** Stamina the interceptor paid (given back on revert). */
  stamina: number;
  reactionSpent: ReactionSpent | null;
  /** False once the GM reverted it. */
  active: boolean;
}

export interface AttackRecord {
  result: AttackResult;
  /** Present when the blow was direct damage: no test was rolled, the kept die is the damage. */
  direct?: DirectRecord;
  /** Present when the GM typed the damage on a sheet (workflows/damage-by-hand): no test, no dice. */
  byHand?: { by: string };
  targets: TargetInfo[];
  /** Intercepts on this attack, in order. */
  intercepts?: InterceptRecord[];
  /** Present when the attack was a killing strike: whether it landed, and its test. */
  killingStrike?: { killed: boolean; total: number; difficulty: number };
  /** Advantage and disadvantage from the attacker's own state, named as they were when rolled. */
  edges?: Edge[];
}

/** A block or parry item's durability before and after the reaction. */
export interface ItemRevert {
  itemId: string;
  durability: { value: number | null; max: number | null };
  /** What the reaction left it at (absent on cards written before reverts went by deltas). */
  after?: { value: number | null; max: number | null };
}

/** One write in progress: the entry is marked before the actor is written (issue 10). */
export interface Applying {
  /** The status the entry takes once the actor write has landed. */
  status: AppliedEntry["status"];
  /** The fields this write changes: their values before and after. */
  before: Partial<ActorState>;
  after: Partial<ActorState>;
  /** The entry's record before this write (null: nothing on this entry had changed the actor). */
  prior: { revert: Partial<ActorState>; applied: Partial<ActorState> } | null;
}

/** A reaction spent by a combatant: given back on revert while its round lasts. */
export interface ReactionSpent {
  combatantUuid: string;
  round: number;
}

/** What happened to one target of one attack on a card. */
export interface AppliedEntry {
  status: "reacted" | "awaiting-fortify" | "awaiting-strain" | "applied" | "reverted" | "applying";
  actorUuid: string;
  reaction: { kind: ReactionKind; step: DefenceStep; itemName: string | null } | null;
  /** The hit still to apply after a reaction (null: the reaction stopped it). */
  pendingHit: Hit | null;
  steps: Step[];
  /** The actor's values before anything on this entry changed them. */
  revert: Partial<ActorState>;
  /** The values this entry last wrote to those fields: a revert gives back the difference. */
  applied?: Partial<ActorState>;
  /** Set while status is "applying": the write that was under way. */
  applying?: Applying | null;
  itemRevert: ItemRevert | null;
  /** Injury items this entry created or made permanent (undone on revert). */
  injuryItems?: InjuryItemRecord;
  /** The reaction this entry spent (block, parry, dodge or fortify): given back on revert. */
  reactionSpent?: ReactionSpent | null;
  /** The GM has reverted this entry once: from then on only the GM applies it (issue 23). */
  revertedByGM?: boolean;
  /** The block or parry item the GM's revert found gone: its durability was not given back. */
  itemNotRestored?: string | null;
  by: string;
}

/** The attack card's record as the card and the damage workflow read it. */
export interface AttackCardRecord {
  actorUuid: string;
  weaponUuid: string;
  weaponName: string;
  attacks: AttackRecord[];
  applied: Record<string, AppliedEntry>;
  nonlethal: boolean;
}

/** An entry's key: token uuids hold dots, which a flattened update would split. */
export const entryKey = (attack: number, target: string): string =>
  `${attack}:${target.replaceAll(".", "_")}`;

const fields = () => foundry.data.fields;

const uuidField = () => new (fields().StringField)({ required: true, blank: true, initial: "" });

const attackCardSchema = () => {
  const f = fields();
  return {
    actorUuid: uuidField(),
    weaponUuid: uuidField(),
    weaponName: new f.StringField({ required: true, blank: true, initial: "" }),
    /** One entry per attack made: the AttackResult plus the targets' names and document uuids. */
    attacks: new f.ArrayField(recordField<AttackRecord>()),
    /** Damage applications, keyed by attack and target (filled in by the damage workflow). */
    applied: recordField<Record<string, AppliedEntry>>(),
    /** A nonlethal weapon's blows never risk death by themselves (RULES §4). */
    nonlethal: new f.BooleanField({ required: true, initial: false }),
  };
};
type AttackCardSchema = ReturnType<typeof attackCardSchema>;

export class AttackCardData
  extends foundry.abstract.TypeDataModel<AttackCardSchema, ChatMessage.Implementation>
  implements CardView
{
  static override LOCALIZATION_PREFIXES = ["BRINK.Chat.attack"];

  static override defineSchema(): AttackCardSchema {
    return attackCardSchema();
  }

  /** Cards from 0.1.0 kept targets in a map keyed by token uuid, which Foundry stored nested. */
  static override migrateData(source: Record<string, unknown>): Record<string, unknown> {
    const attacks = source.attacks;
    if (Array.isArray(attacks))
      for (const attack of attacks as Record<string, unknown>[])
        if (attack.targets && !Array.isArray(attack.targets)) attack.targets = targetsIn(attack.targets);
    return super.migrateData(source);
  }

  /** The stored record, typed: the ObjectFields hold plain data only the GM's client writes, in this shape. */
  get record(): AttackCardRecord {
    return this;
  }

  renderContent(): Promise<string> {
    return renderCard("chat/attack-card.hbs", attackCardContext(this.record, this.parent));
  }
}

function killingStrikeView(attack: AttackRecord) {
  const strike = attack.killingStrike;
  if (!strike) return null;
  return {
    killed: strike.killed,
    text: game.i18n.format(`BRINK.Attack.killingStrike.${strike.killed ? "killed" : "failed"}`, {
      total: String(strike.total),
      difficulty: String(strike.difficulty),
    }),
  };
}

/** The reactions left this round to whoever a row names, in the started fight it is in; null outside one. */
function reactionsLeftAt(targetId: string): number | null {
  for (const combat of game.combats?.contents ?? []) {
    if (!combat.started) continue;
    const combatant = combat.combatants.find(
      (candidate) => candidate.token?.uuid === targetId || candidate.actor?.uuid === targetId,
    );
    if (!combatant) continue;
    // Brink's combatant works its economy out (documents/combatant.ts); the card only reads the count.
    const economy = (combatant as { economy?: { reactionsLeft?: unknown } }).economy;
    return typeof economy?.reactionsLeft === "number" ? economy.reactionsLeft : null;
  }
  return null;
}

/** "Roland's reaction · 1 reaction left this round" in a fight; "Roland's reaction" outside one. */
function reactionHeading(name: string, targetId: string): string {
  const left = reactionsLeftAt(targetId);
  return left === null
    ? game.i18n.format("BRINK.Attack.defenderReacts", { name })
    : game.i18n.format("BRINK.Attack.defenderReactsLeft", { name, left: countOf("reaction", left) });
}

const NO_BUTTONS = {
  mayApply: false,
  mayAnswer: false,
  mayRevert: false,
  mayIntercept: false,
  mayRevertIntercept: false,
};

/** The card as this client's user sees it: the outcome, and the buttons this user may press. */
export function attackCardContext(
  record: AttackCardRecord,
  message: ChatMessage.Implementation | null,
  actorName = message?.speaker?.alias ?? "",
) {
  const live = isRecordCard(message);
  const gm = game.user.isGM;
  const mayApply = live && (gm || ownsActorAt(record.actorUuid));
  const showOdds = preference("showExactOdds");
  return {
    weaponName: record.weaponName,
    actorName,
    multiple: record.attacks.length > 1,
    attacks: record.attacks.map((attack, index) => {
      const view = attackView(
        attack.result,
        attack.targets,
        index,
        record.applied,
        damageSource(record, attack),
      );
      const targets = view.targets.map((target) => {
        // A target with no token has no character: no one answers for it, and nothing applies to it.
        if (target.manual) return { ...target, ...NO_BUTTONS, intercept: null };
        const mayAnswer = live && (gm || ownsActorAt(target.targetId));
        const intercept = interceptView(attack, target.targetId);
        // Anyone with a character of their own may offer to step in; the GM's client checks reach and team.
        const mayIntercept =
          live && !attack.killingStrike && !intercept && (gm || ownsAnother(target.targetId));
        const entry = record.applied[entryKey(index, target.targetId)];
        const revertedByGM = entry?.status === "reverted" || entry?.revertedByGM === true;
        const mayRevertIntercept =
          live && gm && intercept !== null && (!entry || entry.status === "reverted");
        return {
          ...target,
          // Read only where the card offers them: an open hit, before any reaction or application.
          reactions:
            mayAnswer && target.hit && !attack.byHand && (!entry || entry.status === "reverted")
              ? reactionButtons(record, index, target.targetId, {
                  direct: attack.direct !== undefined,
                  showOdds,
                })
              : [],
          reactionHeading: reactionHeading(target.name, target.targetId),
          panTo: visibleTokenOnCanvas(target.targetId) !== null,
          mayApply: mayApply && (gm || !revertedByGM),
          mayAnswer,
          mayRevert: live && gm,
          intercept,
          mayIntercept,
          mayRevertIntercept,
        };
      });
      const killingStrike = killingStrikeView(attack);
      const direct = directView(attack.direct);
      const byHand = attack.byHand
        ? game.i18n.format("BRINK.Damage.ByHand.card", { name: attack.byHand.by })
        : null;
      return {
        byHand,
        number: index + 1,
        index,
        ...view,
        targets,
        killingStrike,
        direct,
        edges: edgesText(attack.edges),
      };
    }),
  };
}

/** Where the blow's damage came from: the attack test and the weapon, a direct blow's die, or the GM. */
function damageSource(record: AttackCardRecord, attack: AttackRecord): DamageSource {
  if (attack.byHand) return { kind: "typed" };
  if (attack.direct) return { kind: "direct" };
  const { total, critical } = attack.result;
  return { kind: "test", total, weaponName: record.weaponName, critical };
}

/** "Clementine intercepts the attack on Roland", on the interceptor's row while the intercept stands. */
function interceptView(attack: AttackRecord, targetId: string): string | null {
  const intercept = attack.intercepts?.find((i) => i.active && i.by === targetId);
  if (!intercept) return null;
  const name = (uuid: string) => attack.targets.find((t) => t.uuid === uuid)?.name ?? "?";
  return game.i18n.format("BRINK.Allies.Intercept.card", {
    by: name(intercept.by),
    from: name(intercept.from),
  });
}

/** Whether this user owns a character other than the one a row names (a token's or an actor's uuid). */
function ownsAnother(targetId: string): boolean {
  const found: unknown = fromUuidSync(targetId);
  const named = found instanceof Actor ? found : (found as { actor?: unknown } | null)?.actor;
  return game.actors.contents.some((actor) => actor.isOwner && actor !== named);
}

interface StoredTarget {
  uuid: string;
}
const isTarget = (value: unknown): value is StoredTarget =>
  typeof value === "object" && value !== null && typeof (value as { uuid?: unknown }).uuid === "string";

/** Every target record found at any depth of an old map. */
function targetsIn(value: unknown): StoredTarget[] {
  if (isTarget(value)) return [value];
  if (typeof value !== "object" || value === null) return [];
  return Object.values(value).flatMap(targetsIn);
}
