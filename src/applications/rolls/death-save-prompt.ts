/**
 * RULES §6 (deathRule dying): a dying character's turn starts with the death-save prompt on its
 * owner's screen. `brink.turnStart` fires on every client; only the client that should ask shows the
 * prompt: each connected player who owns the character, or the active GM when none is connected.
 * Confirming runs the ordinary death save (applications/rolls/life-flows `deathSave`).
 */
import { actorData } from "../../data";
import { BrinkActor } from "../../documents/actor";
import { DYING_TURNS } from "../../rules/dying";
import { countOf } from "../../helpers/plural";
import { optionalRules } from "../../settings";
import { askWithForm, renderDialog } from "../dialog-form";
import { deathSave } from "./life-flows";

let settled: Promise<unknown> = Promise.resolve();

/** Settles once every prompt this client opened has been answered and its save written. */
export async function deathSavesSettled(): Promise<void> {
  let seen: Promise<unknown>;
  do {
    seen = settled;
    await seen;
  } while (seen !== settled);
}

/** Whether this client is the one to ask for the character's death save. */
export function asksHere(actor: Actor.Implementation): boolean {
  const players = game.users.filter(
    (user) => user.active && !user.isGM && actor.testUserPermission(user, "OWNER"),
  );
  if (players.length) return players.some((user) => user.isSelf);
  return game.users.activeGM?.isSelf === true;
}

/** A death save is owed this turn: dying under the dying rule and not yet saved this turn. */
function owesDeathSave(actor: Actor.Implementation): number | null {
  if (optionalRules().deathRule !== "dying") return null;
  const system = actorData(actor);
  const track = system.lifeTracks().dying;
  if (!system.conditions.has("dying") || !track || track.savedThisTurn) return null;
  return Math.max(0, DYING_TURNS - track.turnsTaken);
}

async function promptDeathSave(actor: Actor.Implementation | null | undefined): Promise<void> {
  if (!(actor instanceof BrinkActor) || !asksHere(actor)) return;
  const turnsLeft = owesDeathSave(actor);
  if (turnsLeft === null) return;
  const text = game.i18n.format("BRINK.Life.DeathSavePrompt.content", {
    name: actor.name,
    turns: countOf("turn", turnsLeft),
  });
  const confirmed = await askWithForm({
    title: game.i18n.format("BRINK.Life.DeathSavePrompt.title", { name: actor.name }),
    content: await renderDialog("dialogs/death-save.hbs", { text }),
    label: "BRINK.Life.deathSave",
    icon: "fa-solid fa-dice-d20",
    read: () => true,
  });
  if (confirmed) await deathSave(actor);
}

export function registerDeathSavePrompt(): void {
  Hooks.on("brink.turnStart", (_combat, combatant) => {
    settled = settled.then(() => promptDeathSave(combatant?.actor));
  });
}
