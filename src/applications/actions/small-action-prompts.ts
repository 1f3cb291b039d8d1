/**
 * The player's side of S4's small actions: a short dialog gathers what the action declares (Ready's
 * reaction and trigger, what Interact uses, the short task's name, the items to hold or drop) and
 * asks the GM's client with one request (workflows/small-actions), which checks and writes.
 */
import type { BrinkCombatant } from "../../documents/combatant";
import {
  MAX_DECLARED,
  MAX_TRIGGER,
  holdable,
  isHeld,
  requestSmallAction,
  type SmallAction,
  type SmallActionChoice,
} from "../../workflows/small-actions";
import { askWithForm, isTicked, renderDialog, warn } from "../dialog-form";
import { defineActionPrompt } from "./prompts";

const t = (key: string): string => game.i18n.localize(key);
const text = (value: unknown): string => (typeof value === "string" ? value.trim() : "");

interface TextInput {
  name: string;
  label: string;
  max: number;
}

async function ask(
  action: SmallAction,
  view: { texts?: TextInput[]; items?: { id: string; name: string; held: boolean }[]; pick?: boolean },
  read: (form: Record<string, unknown>) => Omit<SmallActionChoice, "action">,
): Promise<Omit<SmallActionChoice, "action"> | null> {
  return askWithForm({
    title: t(`BRINK.SmallAction.${action}.title`),
    content: await renderDialog("dialogs/small-action.hbs", {
      hint: t(`BRINK.SmallAction.${action}.hint`),
      texts: view.texts ?? [],
      items: view.items ?? [],
      choose: view.items !== undefined && view.pick !== true,
      pick: view.pick === true,
    }),
    label: t(`BRINK.SmallAction.${action}.confirm`),
    icon: "fa-solid fa-check",
    read,
  });
}

const described = (action: "interact" | "shortTask") => async (combatant: BrinkCombatant) => {
  const choice = await ask(
    action,
    { texts: [{ name: "text", label: t(`BRINK.SmallAction.${action}.text`), max: MAX_DECLARED }] },
    (form) => ({ text: text(form.text) }),
  );
  if (choice) await requestSmallAction(combatant, { action, ...choice });
};

async function ready(combatant: BrinkCombatant): Promise<void> {
  const choice = await ask(
    "ready",
    {
      texts: [
        { name: "action", label: t("BRINK.SmallAction.ready.text"), max: MAX_DECLARED },
        { name: "trigger", label: t("BRINK.SmallAction.ready.trigger"), max: MAX_TRIGGER },
      ],
    },
    (form) => ({ text: text(form.action), trigger: text(form.trigger) }),
  );
  if (choice) await requestSmallAction(combatant, { action: "ready", ...choice });
}

const itemView = (actor: Actor.Implementation, heldOnly: boolean) =>
  holdable(actor)
    .filter((item) => !heldOnly || isHeld(item))
    .map((item) => ({ id: item.id ?? "", name: item.name ?? "", held: isHeld(item) }));

async function brandish(combatant: BrinkCombatant, actor: Actor.Implementation): Promise<void> {
  const items = itemView(actor, false);
  const choice = await ask("brandish", { items }, (form) => ({
    itemIds: items.filter((item) => isTicked(form[`held-${item.id}`])).map((item) => item.id),
  }));
  if (choice) await requestSmallAction(combatant, { action: "brandish", ...choice });
}

async function dropItem(combatant: BrinkCombatant, actor: Actor.Implementation): Promise<void> {
  const items = itemView(actor, true);
  if (!items.length) return warn("BRINK.SmallAction.Refusal.notHeld", { name: combatant.name ?? "" });
  const choice = await ask("dropItem", { items, pick: true }, (form) => ({ itemIds: [text(form.item)] }));
  if (choice) await requestSmallAction(combatant, { action: "dropItem", ...choice });
}

/** Takes the combatant's readied action (the tracker's button): a reaction, with a card. */
export async function takeReadiedAction(combatant: BrinkCombatant): Promise<void> {
  await requestSmallAction(combatant, { action: "trigger" });
}

export function registerSmallActionPrompts(): void {
  defineActionPrompt("ready", ready);
  defineActionPrompt("brandish", brandish);
  defineActionPrompt("interact", described("interact"));
  defineActionPrompt("shortTask", described("shortTask"));
  defineActionPrompt("standUp", async (combatant) => {
    await requestSmallAction(combatant, { action: "standUp" });
  });
  defineActionPrompt("dropProne", async (combatant) => {
    await requestSmallAction(combatant, { action: "dropProne" });
  });
  defineActionPrompt("dropItem", dropItem);
}
