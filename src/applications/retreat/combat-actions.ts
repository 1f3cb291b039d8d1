/**
 * The tracker's two GM buttons for §7: a morale check for a team, and the retreat action of one
 * combatant. Each opens a dialog and asks the active GM's client, which rolls and writes.
 */
import type { RequestResult } from "../../requests";
import { optionalRules } from "../../settings";
import {
  MORALE_SCOPES,
  inTheFight,
  requestMoraleCheck,
  requestRetreatAction,
  type MoraleChoice,
  type RetreatActionChoice,
} from "../../workflows/morale";
import { groupIdOf, recoveryData } from "../../workflows/retreat";
import { askWithForm, isTicked, renderDialog, warn, wholeNumber } from "../dialog-form";

/** [decision] The retreat test's starting difficulty: a d6 gets away half the time. */
export const DEFAULT_RETREAT_DIFFICULTY = 4;

const SCOPE_KEYS = { team: "team", group: "group", individual: "individual" } as const;

/** `moraleCheck(combat, groupId)`: the GM calls a morale check for one team. */
export async function moraleCheck(
  combat: Combat.Implementation,
  groupId: string,
): Promise<RequestResult | null> {
  if (!game.user.isGM) return refusal("BRINK.Morale.Refusal.gmOnly");
  if (!optionalRules().morale) return refusal("BRINK.Morale.Refusal.disabled");
  const team = combat.groups.get(groupId);
  if (!team) return refusal("BRINK.Morale.Refusal.noTeam");
  const members = [...combat.combatants].filter((c) => groupIdOf(c) === groupId && inTheFight(c));
  if (members.length === 0) return refusal("BRINK.Morale.Refusal.nobody", { team: team.name ?? "" });
  const choice = await askWithForm<MoraleChoice>({
    title: game.i18n.format("BRINK.Morale.cardTitle", { team: team.name ?? "" }),
    content: await renderDialog("dialogs/morale.hbs", {
      hint: game.i18n.localize("BRINK.Morale.hint"),
      scopes: MORALE_SCOPES.map((scope) => ({
        value: scope,
        label: game.i18n.localize(`BRINK.Morale.Scope.${SCOPE_KEYS[scope]}.label`),
        hint: game.i18n.localize(`BRINK.Morale.Scope.${SCOPE_KEYS[scope]}.hint`),
        checked: scope === "team",
      })),
      members: members.map((member) => member.name).join(", "),
    }),
    label: "BRINK.Morale.confirm",
    icon: "fa-solid fa-flag",
    read: (form) => ({
      scope: MORALE_SCOPES.find((scope) => scope === form.scope) ?? "team",
      advantage: isTicked(form.advantage),
      disadvantage: isTicked(form.disadvantage),
    }),
  });
  return choice ? requestMoraleCheck(combat.id ?? "", groupId, choice) : null;
}

/**
 * `retreatAction(combatant)`: the GM resolves one combatant's retreat (a whole turn): a DEX test
 * against the difficulty the GM sets, or the enemies' attacks instead; followers check morale.
 */
export async function retreatAction(combatant: Combatant.Implementation): Promise<RequestResult | null> {
  if (!game.user.isGM) return refusal("BRINK.Retreat.Action.Refusal.gmOnly");
  const combat = combatant.combat;
  const actor = combatant.actor;
  if (!combat || !actor) return refusal("BRINK.Retreat.Action.Refusal.noCombatant");
  if (!inTheFight(combatant))
    return refusal("BRINK.Retreat.Action.Refusal.outOfTheFight", { name: combatant.name ?? "" });
  const leads = recoveryData(actor).leader;
  const teamId = groupIdOf(combatant);
  const followers = [...combat.combatants]
    .filter(
      (other) => other !== combatant && teamId !== null && groupIdOf(other) === teamId && inTheFight(other),
    )
    .map((other, index) => ({
      index,
      id: other.id ?? "",
      name: other.name ?? "",
      img: other.img ?? "icons/svg/mystery-man.svg",
      // A leader's team follows it; whoever else follows, the GM ticks.
      ticked: leads && other.actor?.type !== "character",
    }));
  const dex = recoveryData(actor).attributes.dex.value;
  const choice = await askWithForm<RetreatActionChoice>({
    title: game.i18n.format("BRINK.Retreat.Action.cardTitle", { name: combatant.name ?? "" }),
    content: await renderDialog("dialogs/retreat-action.hbs", {
      hint: game.i18n.format("BRINK.Retreat.Action.hint", { die: dex > 0 ? `d${dex}` : "—" }),
      difficulty: DEFAULT_RETREAT_DIFFICULTY,
      followers,
    }),
    label: "BRINK.Retreat.Action.confirm",
    icon: "fa-solid fa-person-running",
    read: (form) => ({
      difficulty: Math.max(0, wholeNumber(form.difficulty, DEFAULT_RETREAT_DIFFICULTY)),
      modifier: wholeNumber(form.modifier, 0),
      attacksInstead: isTicked(form.attacksInstead),
      hit: isTicked(form.hit),
      followerIds: followers.filter((f) => isTicked(form[`follower-${f.index}`])).map((f) => f.id),
    }),
  });
  return choice ? requestRetreatAction(combat.id ?? "", combatant.id ?? "", choice) : null;
}

function refusal(key: string, data: Record<string, string> = {}): null {
  warn(key, data);
  return null;
}
