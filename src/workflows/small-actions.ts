/**
 * S4's small actions on the table: Ready (and taking the readied reaction), Brandish, Interact,
 * Short Task, Stand Up, Drop Prone and Drop Item. A player's client asks with one request carrying
 * what the action declares (texts, item ids), validated field by field; the GM's client spends the
 * action through the combatant's economy, whose action rules below refuse before anything is spent
 * and do the action's effect once it is paid, then post an action card saying what was done.
 */
import {
  actorData,
  ACTION_CARD_KINDS,
  physicalData,
  renderActionCard,
  type ActionCardKind,
  type ActionCardRecord,
} from "../data";
import { defineRequest, refuse, type Refusal, type RequestResult } from "../requests";
import {
  BrinkCombatant,
  defineActionRule,
  type ActionContext,
  type EconomyOutcome,
  type EconomyRequest,
} from "../documents/combatant";
import { markDropped } from "./retreat/drop";
import { writes } from "../foundry/typed-writes";

export const PRONE = "prone" as const;
/** Longest declared reaction / trigger / thing used or task name a request may carry. */
export const MAX_DECLARED = 80;
export const MAX_TRIGGER = 160;

/** Each small action posts an action card of its own kind. */
export const SMALL_ACTIONS = ACTION_CARD_KINDS;
export type SmallAction = (typeof SMALL_ACTIONS)[number];

export interface SmallActionChoice {
  action: SmallAction;
  text?: string;
  trigger?: string;
  itemIds?: string[];
}

interface Declared {
  text: string;
  trigger: string;
  itemIds: string[];
}

/** What the request being resolved declared, by combatant id, while the GM's client resolves it. */
const declaring = new Map<string, Declared>();

export interface ReadiedAction {
  action: string;
  trigger: string;
}

/** The readied reaction and its trigger while it still holds (it lapses when the next turn starts). */
export function readiedActionOf(combatant: BrinkCombatant): ReadiedAction | null {
  const stored = combatant.system._source.readiedAction;
  return combatant.economy.readied && stored ? { action: stored.action, trigger: stored.trigger } : null;
}

/** Weapons, shields and gear: what can be held in the hands (armour is worn). */
export function holdable(actor: Actor.Implementation): Item.Implementation[] {
  return [...actor.items].filter((item) => {
    const data = physicalData(item);
    return data !== null && item.type !== "armour" && !data.dropped;
  });
}

export const isHeld = (item: Item.Implementation): boolean => physicalData(item)?.equipped === true;

const isActiveGM = (): boolean => game.users.activeGM?.isSelf === true;

async function postActionCard(
  combatant: BrinkCombatant,
  action: ActionCardKind,
  detail: Partial<Omit<ActionCardRecord, "name" | "action">> = {},
): Promise<void> {
  const record: ActionCardRecord = {
    name: combatant.name ?? "",
    action,
    text: detail.text ?? "",
    trigger: detail.trigger ?? "",
    items: detail.items ?? [],
  };
  await ChatMessage.implementation.create(
    writes.ChatMessage.create({
      type: "action",
      system: record,
      content: await renderActionCard(record),
      speaker: ChatMessage.implementation.getSpeaker({ actor: combatant.actor }),
    }),
  );
}

const declared = (context: ActionContext): Declared | undefined => declaring.get(context.combatant.id ?? "");
const named = (context: ActionContext) => ({ name: context.combatant.name ?? "" });
const needsText = (context: ActionContext): Refusal | undefined =>
  declared(context)?.text.trim() ? undefined : refuse("BRINK.SmallAction.Refusal.describe", named(context));

function itemsRefusal(context: ActionContext, held: boolean): Refusal | undefined {
  const choice = declared(context);
  if (!choice) return refuse("BRINK.SmallAction.Refusal.describe", named(context));
  const allowed = holdable(context.actor).filter((item) => !held || isHeld(item));
  const known = new Set(allowed.map((item) => item.id));
  if (held && choice.itemIds.length !== 1) return refuse("BRINK.SmallAction.Refusal.notHeld", named(context));
  return choice.itemIds.every((id) => known.has(id))
    ? undefined
    : refuse(
        held ? "BRINK.SmallAction.Refusal.notHeld" : "BRINK.SmallAction.Refusal.unknownItem",
        named(context),
      );
}

async function setConditions(actor: Actor.Implementation, add: boolean): Promise<void> {
  const conditions = actorData(actor).conditions;
  if (conditions.has(PRONE) === add) return;
  await actor.update({
    system: { conditions: add ? [...conditions, PRONE] : [...conditions].filter((c) => c !== PRONE) },
  });
}

async function brandish(context: ActionContext): Promise<void> {
  const chosen = new Set(declared(context)?.itemIds ?? []);
  const items = holdable(context.actor);
  const changes = items
    .filter((item) => isHeld(item) !== chosen.has(item.id ?? ""))
    .map((item) => ({ _id: item.id ?? "", system: { equipped: chosen.has(item.id ?? "") } }));
  // One batched write of the items whose wielded state changes.
  if (changes.length) await context.actor.updateEmbeddedDocuments("Item", writes.Item.updates(changes));
  const names = items.filter((item) => chosen.has(item.id ?? "")).map((item) => item.name ?? "");
  await postActionCard(context.combatant, "brandish", { items: names });
}

async function dropItem(context: ActionContext): Promise<void> {
  const ids = declared(context)?.itemIds ?? [];
  const names = ids.map((id) => context.actor.items.get(id)?.name ?? "");
  await markDropped(context.actor, ids, true);
  await postActionCard(context.combatant, "dropItem", { items: names });
}

async function shortTask(context: ActionContext): Promise<void> {
  const { combatant } = context;
  const text = declared(context)?.text.trim() || combatant.system._source.task;
  if (combatant.system._source.task) await combatant.update({ system: { task: "" } });
  await postActionCard(combatant, "shortTask", { text });
}

export function registerSmallActions(): void {
  defineActionRule("ready", {
    refusal: (context) =>
      needsText(context) ??
      (declared(context)?.trigger.trim()
        ? undefined
        : refuse("BRINK.SmallAction.Refusal.trigger", named(context))),
    effect: async (context) => {
      const choice = declared(context);
      const action = choice?.text.trim() ?? "";
      const trigger = choice?.trigger.trim() ?? "";
      await context.combatant.update({ system: { readiedAction: { action, trigger } } });
      await postActionCard(context.combatant, "ready", { text: action, trigger });
    },
  });
  defineActionRule("brandish", { refusal: (context) => itemsRefusal(context, false), effect: brandish });
  defineActionRule("interact", {
    refusal: needsText,
    effect: (context) =>
      postActionCard(context.combatant, "interact", { text: declared(context)?.text.trim() }),
  });
  defineActionRule("shortTask", { refusal: needsText, effect: shortTask });
  defineActionRule("standUp", {
    refusal: (context) =>
      actorData(context.actor).conditions.has(PRONE)
        ? undefined
        : refuse("BRINK.SmallAction.Refusal.notProne", named(context)),
    effect: async (context) => {
      await setConditions(context.actor, false);
      await postActionCard(context.combatant, "standUp");
    },
  });
  defineActionRule("dropProne", {
    effect: async (context) => {
      await setConditions(context.actor, true);
      await postActionCard(context.combatant, "dropProne");
    },
  });
  defineActionRule("dropItem", { refusal: (context) => itemsRefusal(context, true), effect: dropItem });
  // A readied action lapses when its owner's next turn starts: its text goes with it.
  Hooks.on("brink.turnStart", (_combat, combatant) => {
    if (!isActiveGM() || !(combatant instanceof BrinkCombatant)) return;
    if (combatant.system._source.readiedAction !== null)
      void combatant.update({ system: { readiedAction: null } });
  });
}

const FREE: readonly SmallAction[] = ["dropProne", "dropItem"];

function economyRequest(action: SmallAction): EconomyRequest {
  if (action === "trigger") return { operation: "trigger" };
  if (action === "dropProne" || action === "dropItem") return { operation: "free", action };
  return { operation: "action", action };
}

interface SmallActionPayload extends Required<SmallActionChoice> {
  combatId: string;
  combatantId: string;
}

/** Resolves one small action on the GM's client: the economy spends, the rules above do the rest. */
async function resolveSmallAction(
  member: BrinkCombatant,
  user: User.Implementation,
  { action, text, trigger, itemIds }: SmallActionPayload,
): Promise<RequestResult<EconomyOutcome>> {
  if (!member.isOwnedBy(user)) return refuse("BRINK.Combat.Refusal.notOwner", { name: member.name ?? "" });
  const id = member.id ?? "";
  const readied = readiedActionOf(member);
  declaring.set(id, { text, trigger, itemIds });
  let result: RequestResult<EconomyOutcome>;
  try {
    result = await member.resolveEconomy(user, economyRequest(action));
  } finally {
    declaring.delete(id);
  }
  if (!result.ok) return result;
  if (action === "shortTask" && !result.completed) await member.update({ system: { task: text.trim() } });
  if (action === "trigger") {
    await member.update({ system: { readiedAction: null } });
    await postActionCard(member, "trigger", { text: readied?.action ?? "", trigger: readied?.trigger ?? "" });
  }
  return result;
}

const askSmallAction = defineRequest<SmallActionPayload, EconomyOutcome>({
  name: "combatant.smallAction",
  who: "any",
  parse: (fields) => ({
    combatId: fields.id("combatId"),
    combatantId: fields.id("combatantId"),
    action: fields.oneOf("action", SMALL_ACTIONS),
    text: fields.text("text", MAX_DECLARED),
    trigger: fields.text("trigger", MAX_TRIGGER),
    itemIds: fields.ids("itemIds"),
  }),
  handle: async (payload, { user }) => {
    const combat = game.combats?.get(payload.combatId);
    if (!combat) return refuse("BRINK.Combat.Refusal.unknownCombat");
    const member = combat.combatants.get(payload.combatantId);
    if (!(member instanceof BrinkCombatant)) return refuse("BRINK.Combat.Refusal.unknownCombatant");
    return resolveSmallAction(member, user, payload);
  },
});

/** Asks the GM's client to take a small action; one that ends the turn (Ready) passes the move. */
export async function requestSmallAction(
  combatant: BrinkCombatant,
  choice: SmallActionChoice,
): Promise<RequestResult<EconomyOutcome>> {
  const combat = combatant.combat;
  const result = await askSmallAction({
    combatId: combat?.id ?? "",
    combatantId: combatant.id ?? "",
    action: choice.action,
    text: choice.text ?? "",
    trigger: choice.trigger ?? "",
    itemIds: choice.itemIds ?? [],
  });
  if (result.ok && result.endsTurn && combat?.turnState.current === combatant.id) await combat.endTurn();
  return result;
}

export const isFreeSmallAction = (action: SmallAction): boolean => FREE.includes(action);
