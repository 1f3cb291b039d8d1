/**
 * The sheet's life-and-death controls: heal, a death save, and stabilising a fallen character
 * (the tending ally rolls WIS + Heal; RULES §6).
 */
import { askWithForm, isTicked, renderDialog, warn, wholeNumber } from "../dialog-form";
import { BrinkActor } from "../../documents/actor";
import { lifeAction, type LifeAction } from "../../workflows/life";
import { MAX_DAMAGE_BY_HAND, requestDamageByHand } from "../../workflows/damage-by-hand";
import { DAMAGE_TYPES, type DamageType } from "../../rules/damage";
import { skipsDialog } from "./fast-forward";
import { tenderRefusal } from "../../workflows/tending";
import type { RollRequest } from "./flows";

export async function promptHeal(actor: BrinkActor): Promise<void> {
  const kinds = ["easy", "natural", "free"].map((value) => ({
    value,
    label: game.i18n.localize(`BRINK.Life.HealDialog.kinds.${value}`),
  }));
  const action = await askWithForm({
    title: game.i18n.format("BRINK.Life.HealDialog.title", { name: actor.name }),
    content: await renderDialog("dialogs/heal.hbs", { kinds }),
    label: "BRINK.Life.heal",
    icon: "fa-solid fa-heart",
    read: (form): LifeAction => ({
      kind: "heal",
      amount: Math.max(0, wholeNumber(form.amount, 0)),
      pool: form.pool === "endurance" ? "endurance" : "health",
      healing: form.kind === "easy" || form.kind === "free" ? form.kind : "natural",
    }),
  });
  if (action) await lifeAction(actor, action);
}

/** The GM's Apply damage…: an amount and a type, sent as typed; the GM's client checks every field. */
export async function promptDamageByHand(actor: BrinkActor): Promise<void> {
  const types = (Object.keys(DAMAGE_TYPES) as DamageType[]).map((value) => ({
    value,
    label: game.i18n.localize(`BRINK.DamageType.${value}`),
  }));
  const ask = await askWithForm({
    title: game.i18n.format("BRINK.Damage.ByHand.dialogTitle", { name: actor.name }),
    content: await renderDialog("dialogs/damage-by-hand.hbs", { types, max: MAX_DAMAGE_BY_HAND }),
    label: "BRINK.Damage.apply",
    icon: "fa-solid fa-heart-crack",
    // A number out of range is sent as typed: the GM's client refuses it by name.
    read: (form) => ({
      amount: wholeNumber(form.amount, 0),
      type: types.find((t) => t.value === form.type)?.value,
    }),
  });
  if (!ask) return;
  if (!ask.type) return warn("BRINK.Request.badField", { field: "type" });
  await requestDamageByHand({ actorUuid: actor.uuid, amount: ask.amount, type: ask.type });
}

export async function deathSave(actor: BrinkActor): Promise<void> {
  await lifeAction(actor, { kind: "death-save" });
}

/** The characters this user may tend with: their own, while they can act (RULES §6). */
function allies(): BrinkActor[] {
  return game.actors.contents.flatMap((a) =>
    a instanceof BrinkActor && a.isOwner && a.type === "character" && !tenderRefusal(a) ? [a] : [],
  );
}

/** The stabilise dialog: who tends and whether they have healing tools; null when closed. */
async function askTending(target: BrinkActor, candidates: BrinkActor[]) {
  const preferred = game.user.character?.id;
  return askWithForm({
    title: game.i18n.format("BRINK.Life.StabiliseDialog.title", { name: target.name }),
    content: await renderDialog("dialogs/stabilise.hbs", {
      allies: candidates.map((a) => ({ id: a.id, name: a.name, selected: a.id === preferred })),
    }),
    label: "BRINK.Life.stabilise",
    icon: "fa-solid fa-kit-medical",
    read: (form) => ({
      ally: candidates.find((a) => a.id === form.ally) ?? candidates[0],
      tools: isTicked(form.tools),
    }),
  });
}

/** The stabilise dialog's defaults: the user's own character if it may tend, no healing tools. */
function defaultTending(candidates: BrinkActor[]): { ally: BrinkActor | undefined; tools: boolean } {
  const preferred = game.user.character?.id;
  return { ally: candidates.find((a) => a.id === preferred) ?? candidates[0], tools: false };
}

export async function promptStabilise(target: BrinkActor, request: RollRequest = {}): Promise<void> {
  const candidates = allies().filter((a) => a.id !== target.id);
  if (!candidates.length) return warn("BRINK.Life.StabiliseDialog.noAlly");
  const answer = skipsDialog(request.event)
    ? defaultTending(candidates)
    : await askTending(target, candidates);
  if (!answer?.ally) return;
  const { ally, tools } = answer;
  // The Heal test is rolled by the client that writes the target (workflows/life.ts `tend`).
  await lifeAction(target, {
    kind: "stabilise",
    hasHealingTools: tools,
    by: ally.id ?? "",
  });
}
