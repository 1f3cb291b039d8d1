/**
 * The sheet's life-and-death controls: heal, a death save, and stabilising a fallen character
 * (the tending ally rolls WIS + Heal; RULES §6).
 */
import { formObject, renderBrinkTemplate } from "./dialog-helpers";
import type { BrinkActor } from "../../documents/actor";
import { resolveWithFoundryDice } from "../../dice";
import { postTestCard } from "../../chat/post";
import { testSpecFor } from "../../documents/actor-rolls";
import { stabiliseDifficulty } from "../../rules/dying";
import { resolveTest } from "../../rules/tests";
import { optionalRules } from "../../settings";
import { lifeAction } from "../../workflows/life";

export async function promptHeal(actor: BrinkActor): Promise<void> {
  const kinds = ["easy", "natural", "free"].map((value) => ({
    value,
    label: game.i18n.localize(`BRINK.Life.HealDialog.kinds.${value}`),
  }));
  const content = await renderBrinkTemplate("dialogs/heal.hbs", { kinds });
  const answer = await foundry.applications.api.DialogV2.wait({
    window: { title: game.i18n.format("BRINK.Life.HealDialog.title", { name: actor.name }) },
    content,
    buttons: [
      {
        action: "heal",
        label: "BRINK.Life.heal",
        default: true,
        callback: (_e, button) => formObject(button.form),
      },
    ],
    rejectClose: false,
  });
  if (!answer || typeof answer !== "object") return;
  const form = answer as Record<string, unknown>;
  const amount = Math.max(0, Math.round(Number(form.amount) || 0));
  const pool = form.pool === "endurance" ? "endurance" : "health";
  const healing = form.kind === "easy" || form.kind === "free" ? form.kind : "natural";
  await lifeAction(actor, { kind: "heal", amount, pool, healing });
}

export async function deathSave(actor: BrinkActor): Promise<void> {
  await lifeAction(actor, { kind: "death-save" });
}

/** The characters this user may tend with: their own. */
function allies(): BrinkActor[] {
  return game.actors.filter((a) => a.isOwner && a.type === "character") as unknown as BrinkActor[];
}

export async function promptStabilise(target: BrinkActor): Promise<void> {
  const candidates = allies().filter((a) => a.id !== target.id);
  if (!candidates.length) {
    ui.notifications?.warn(game.i18n.localize("BRINK.Life.StabiliseDialog.noAlly"));
    return;
  }
  const preferred = game.user.character?.id;
  const content = await renderBrinkTemplate("dialogs/stabilise.hbs", {
    allies: candidates.map((a) => ({ id: a.id, name: a.name, selected: a.id === preferred })),
  });
  const answer = await foundry.applications.api.DialogV2.wait({
    window: { title: game.i18n.format("BRINK.Life.StabiliseDialog.title", { name: target.name }) },
    content,
    buttons: [
      {
        action: "tend",
        label: "BRINK.Life.stabilise",
        default: true,
        callback: (_e, button) => formObject(button.form),
      },
    ],
    rejectClose: false,
  });
  if (!answer || typeof answer !== "object") return;
  const form = answer as Record<string, unknown>;
  const ally = candidates.find((a) => a.id === form.ally) ?? candidates[0];
  if (!ally) return;
  const tools = form.tools === true || form.tools === "on";
  const difficulty = stabiliseDifficulty(tools);
  const choice = {
    attribute: "wis",
    skill: "heal",
    proficient: false,
    modifier: 0,
    advantage: 0,
    difficulty,
  } as const;
  const spec = testSpecFor(ally.rolling, choice);
  const { result, rolls } = await resolveWithFoundryDice((dice) => resolveTest(spec, difficulty, dice));
  await postTestCard(
    ally,
    game.i18n.format("BRINK.Life.Action.stabilise", { name: target.name }),
    result,
    rolls,
  );
  // Under the stabilise rule the tending succeeds or not here; the dying rule compares the total itself.
  if (optionalRules().deathRule === "stabilise" && !result.success) return;
  await lifeAction(target, {
    kind: "stabilise",
    healTotal: result.total,
    hasHealingTools: tools,
    by: ally.id ?? "",
  });
}
