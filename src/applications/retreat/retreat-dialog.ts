/**
 * RULES §5 from the tracker: the Emergency Retreat dialog (the party team, each character
 * untickable), the GM's confirmation of a player's call, and the GM's pick of dropped items. The
 * dialogs only ask; the active GM's client validates and writes (workflows/retreat).
 */
import { isRecordCard, RetreatRequestCardData } from "../../data/chat";
import { BrinkCombat } from "../../documents/combat";
import type { RequestResult } from "../../requests";
import { optionalRules } from "../../settings";
import {
  askForRetreat,
  callRetreat,
  findRetreatCard,
  partyMembers,
  recoveryData,
  requestDrop,
  requestReunite,
  retreatRecordOf,
  retreatRequestOf,
  type PartyMember,
} from "../../workflows/retreat";
import { askWithForm, isTicked, renderDialog, warn } from "../dialog-form";

export interface RetreatMemberView {
  index: number;
  name: string;
  img: string;
  ticked: boolean;
  downed: boolean;
  dead: boolean;
  note: string;
}

/** The dialog's list: everyone on the party team, ticked unless dead; who rolls death luck tests says so. */
export function retreatDialogView(members: readonly PartyMember[], ticked?: ReadonlySet<string>) {
  const rows: RetreatMemberView[] = members.map((member, index) => {
    const system = recoveryData(member.actor);
    const dead = system.conditions.has("dead");
    const downed = !dead && system.health.value <= 0;
    const health = game.i18n.format("BRINK.Retreat.Dialog.health", {
      value: String(system.health.value),
      max: String(system.health.max),
    });
    return {
      index,
      name: member.name,
      img: member.img,
      ticked: ticked ? ticked.has(member.actor.uuid) : !dead,
      downed,
      dead,
      note: dead
        ? game.i18n.localize("BRINK.Status.dead")
        : downed
          ? game.i18n.localize("BRINK.Retreat.Dialog.downed")
          : health,
    };
  });
  return {
    hint: game.i18n.localize("BRINK.Retreat.Dialog.hint"),
    members: rows,
    requestHint: game.user.isGM ? "" : game.i18n.localize("BRINK.Retreat.Dialog.requestHint"),
  };
}

async function chooseRetreating(members: readonly PartyMember[], ticked?: ReadonlySet<string>) {
  return askWithForm({
    title: game.i18n.localize("BRINK.Retreat.title"),
    content: await renderDialog("dialogs/retreat.hbs", retreatDialogView(members, ticked)),
    label: game.user.isGM ? "BRINK.Retreat.Dialog.confirm" : "BRINK.Retreat.Dialog.request",
    icon: "fa-solid fa-person-running",
    read: (form) => members.filter((_, index) => isTicked(form[`member-${index}`])).map((m) => m.actor.uuid),
  });
}

/** Why this combat cannot retreat now, or null. Checked again on the GM's side. */
function retreatBlocker(combat: Combat.Implementation | null | undefined): string | null {
  if (!optionalRules().emergencyRetreat) return "BRINK.Retreat.Refusal.disabled";
  if (!combat) return "BRINK.Retreat.Refusal.noCombat";
  if (findRetreatCard(combat.id ?? "")) return "BRINK.Retreat.Refusal.alreadyRetreated";
  if (combat instanceof BrinkCombat && combat.system.retreatPending) return "BRINK.Retreat.Refusal.pending";
  if (partyMembers(combat).length === 0) return "BRINK.Retreat.Refusal.noParty";
  return null;
}

/**
 * The Emergency Retreat for a combat (the viewed one by default). The GM confirms the dialog and
 * the retreat happens; a player's confirmation becomes a request the GM confirms in turn.
 */
export async function emergencyRetreat(combat?: Combat.Implementation | null): Promise<RequestResult | null> {
  // Brink registers BrinkCombat as the Combat class; `game.combat`'s stored type does not say so.
  const target = combat ?? (game.combat as Combat.Implementation | null);
  const blocker = retreatBlocker(target);
  if (blocker || !target) {
    warn(blocker ?? "BRINK.Retreat.Refusal.noCombat");
    return null;
  }
  const chosen = await chooseRetreating(partyMembers(target));
  if (chosen === null) return null;
  if (chosen.length === 0) {
    warn("BRINK.Retreat.Refusal.nobody");
    return null;
  }
  if (!game.user.isGM) {
    const asked = await askForRetreat(target.id ?? "", chosen);
    if (asked.ok) ui.notifications?.info(game.i18n.localize("BRINK.Retreat.Request.sent"));
    return asked;
  }
  return retreatAndChooseDrops(target.id ?? "", chosen);
}

/**
 * The GM's confirmed call: pending while someone acts (the GM is told so), or resolved now, when the
 * GM then picks the dropped items.
 */
async function retreatAndChooseDrops(combatId: string, actorUuids: string[]): Promise<RequestResult> {
  const result = await callRetreat(combatId, actorUuids);
  if (result.ok && result.pending) ui.notifications?.info(game.i18n.localize("BRINK.Retreat.Pending.called"));
  else if (result.ok && result.messageId) await chooseDroppedItems(result.messageId);
  return result;
}

/** The GM answers a player's call from its card: the same dialog, ticked as the player asked. */
export async function confirmRetreatRequest(
  message: ChatMessage.Implementation,
): Promise<RequestResult | null> {
  // A request card a player's own client wrote is only a display (issue 10).
  if (message.system instanceof RetreatRequestCardData && !isRecordCard(message)) {
    warn("BRINK.Damage.Refusal.notGMCard");
    return null;
  }
  const request = retreatRequestOf(message);
  if (!request) return null;
  if (!game.user.isGM) {
    warn("BRINK.Retreat.Refusal.gmOnly");
    return null;
  }
  // Brink registers BrinkCombat as the Combat class; the collection's stored type does not say so.
  const combat = game.combats.get(request.combatId) as Combat.Implementation | undefined;
  const blocker = retreatBlocker(combat);
  if (blocker || !combat) {
    warn(blocker ?? "BRINK.Retreat.Refusal.noCombat");
    return null;
  }
  const chosen = await chooseRetreating(partyMembers(combat), new Set(request.actorUuids));
  if (chosen === null) return null;
  if (chosen.length === 0) {
    warn("BRINK.Retreat.Refusal.nobody");
    return null;
  }
  return retreatAndChooseDrops(request.combatId, chosen);
}

/**
 * The GM picks the items each "dropped equipment" setback takes, one dialog per open choice. A
 * choice left open stays on the card, with its button, for later.
 */
export async function chooseDroppedItems(messageId: string): Promise<void> {
  const message = game.messages.get(messageId);
  const record = message ? retreatRecordOf(message) : null;
  if (!message || !record || !game.user.isGM) return;
  for (const entry of record.characters) {
    for (const drop of entry.drops) {
      if (drop.picked !== null) continue;
      await chooseDrop(messageId, drop.choice.id);
    }
  }
}

/** One open drop choice on a retreat card. */
export async function chooseDrop(messageId: string, choiceId: string): Promise<RequestResult | null> {
  const message = game.messages.get(messageId);
  // Only a card the GM's client wrote offers its choices; the GM's handler checks again.
  const record = message && isRecordCard(message) ? retreatRecordOf(message) : null;
  const entry = record?.characters.find((c) => c.drops.some((drop) => drop.choice.id === choiceId));
  const drop = entry?.drops.find((d) => d.choice.id === choiceId);
  if (!entry || !drop || drop.picked !== null) return null;
  const actor = (await fromUuid(entry.actorUuid)) as {
    items?: { get(id: string): Item.Implementation | undefined };
  } | null;
  const candidates = drop.candidates.map((candidate, index) => ({
    index,
    id: candidate.id,
    name: candidate.name,
    img: actor?.items?.get(candidate.id)?.img ?? "icons/svg/item-bag.svg",
  }));
  const count = String(drop.choice.count);
  const picked = await askWithForm({
    title: game.i18n.format("BRINK.Retreat.Drop.title", { name: entry.name }),
    content: await renderDialog("dialogs/drop-items.hbs", {
      hint: game.i18n.format("BRINK.Retreat.Drop.hint", { count }),
      candidates,
    }),
    label: "BRINK.Retreat.Drop.confirm",
    icon: "fa-solid fa-hand-holding",
    read: (form) => candidates.filter((c) => isTicked(form[`item-${c.index}`])).map((c) => c.id),
  });
  if (picked === null) return null;
  return requestDrop(messageId, choiceId, picked);
}

/** `game.brink.reuniteParty()`: separated characters are back with the party. GM only. */
export async function reuniteParty(): Promise<RequestResult | null> {
  if (!game.user.isGM) {
    warn("BRINK.Retreat.Refusal.gmOnly");
    return null;
  }
  return requestReunite();
}
