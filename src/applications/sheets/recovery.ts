/**
 * The sheet's long-term recovery section (RULES §6, S2): shown while the character carries a
 * permanent injury, has a level's heal banked or is retired. Its buttons ask the GM's client
 * (workflows/long-term-recovery), which checks everything again.
 */
import { actorData } from "../../data";
import { recoveryChance, RETIREMENT_SESSIONS_BEFORE_TESTS } from "../../rules/long-term-recovery";
import { countOf } from "../../helpers/plural";
import {
  downtimeDaysLeft,
  permanentInjuries,
  requestDowntime,
  requestLevelHeal,
  requestRetire,
  requestReturn,
  requestSession,
  type PermanentInjury,
} from "../../workflows/long-term-recovery";
import { askWithForm, renderDialog } from "../dialog-form";

export interface RecoveryView {
  show: boolean;
  injuries?: PermanentInjury[];
  hasInjuries?: boolean;
  levelHeals?: number;
  retired?: boolean;
  sessions?: number;
  sessionsBeforeTests?: number;
  downtimeHint?: string;
  /** Why a player must wait for the next month of downtime (the button is disabled), or "". */
  downtimeWait?: string;
  isGM?: boolean;
  /** Whether this user may bring the character back: once a successor exists, only the GM. */
  mayReturn?: boolean;
}

export function recoveryView(actor: Actor.Implementation): RecoveryView {
  if (actor.type !== "character") return { show: false };
  const { recovery, attributes } = actorData(actor);
  const injuries = permanentInjuries(actor);
  const con = attributes.con.value;
  const days = game.user.isGM ? 0 : downtimeDaysLeft(actor);
  return {
    show: injuries.length > 0 || recovery.retired || recovery.levelHeals > 0,
    injuries,
    hasInjuries: injuries.length > 0,
    levelHeals: injuries.length > 0 ? recovery.levelHeals : 0,
    retired: recovery.retired,
    sessions: recovery.sessions,
    sessionsBeforeTests: RETIREMENT_SESSIONS_BEFORE_TESTS,
    downtimeHint: game.i18n.format("BRINK.Recovery.downtimeHint", {
      con: String(con),
      chance: String(Math.round(recoveryChance(con) * 100)),
    }),
    downtimeWait:
      days > 0 ? game.i18n.format("BRINK.Recovery.downtimeWait", { days: countOf("day", days) }) : "",
    isGM: game.user.isGM,
    mayReturn: game.user.isGM || !(fromUuidSync(recovery.successorUuid || "") instanceof Actor),
  };
}

/** The permanent injury to heal: asked only when there is more than one; null when closed. */
async function chooseInjury(
  actor: Actor.Implementation,
  title: string,
  hint: string,
): Promise<string | null> {
  const injuries = permanentInjuries(actor);
  const only = injuries.length === 1 ? injuries[0] : undefined;
  const choices = Object.fromEntries(injuries.map((injury: PermanentInjury) => [injury.id, injury.name]));
  const content = await renderDialog("dialogs/recovery.hbs", { hint, choices, single: only?.name ?? null });
  return askWithForm({
    title,
    content,
    label: game.i18n.localize("BRINK.Recovery.confirm"),
    icon: "fa-solid fa-heart-pulse",
    read: (form) => (only ? only.id : String(form.injuryId ?? "")),
  });
}

type SheetAction = (this: { actor: Actor.Implementation }) => Promise<void>;

/** The section's buttons, merged into the actor sheet's actions. */
export const RECOVERY_ACTIONS: Record<string, SheetAction> = {
  async recoveryDowntime() {
    const view = recoveryView(this.actor);
    const title = game.i18n.localize("BRINK.Recovery.downtime");
    const injuryId = await chooseInjury(this.actor, title, view.downtimeHint ?? "");
    if (injuryId !== null) await requestDowntime(this.actor.uuid, injuryId);
  },
  async recoveryLevelHeal() {
    const title = game.i18n.localize("BRINK.Recovery.levelHeal");
    const injuryId = await chooseInjury(this.actor, title, game.i18n.localize("BRINK.Recovery.levelHint"));
    if (injuryId !== null) await requestLevelHeal(this.actor.uuid, injuryId);
  },
  async recoveryRetire() {
    const confirmed = await askWithForm({
      title: game.i18n.localize("BRINK.Recovery.retire"),
      content: await renderDialog("dialogs/recovery.hbs", {
        hint: game.i18n.format("BRINK.Recovery.retireConfirm", { name: this.actor.name }),
        retiring: true,
      }),
      label: game.i18n.localize("BRINK.Recovery.retire"),
      icon: "fa-solid fa-house-chimney",
      read: () => true,
    });
    if (confirmed) await requestRetire(this.actor.uuid);
  },
  async recoverySession() {
    await requestSession(this.actor.uuid);
  },
  async recoveryReturn() {
    await requestReturn(this.actor.uuid);
  },
};
