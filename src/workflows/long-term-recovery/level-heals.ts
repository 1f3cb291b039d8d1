/**
 * RULES §6 (S2): a character that gains a level while permanently injured heals one permanent
 * injury per level. The heal is banked in the same write that raises the level, on the client
 * making it (Foundry's preUpdate hooks may add to an update), and spent from the sheet.
 */
import { levelHealsGained } from "../../rules/long-term-recovery";
import { recoveryData } from "../retreat";
import { permanentInjuries } from "./injuries";

type Changes = Record<string, unknown>;

/** A value an update sets, whether it is written flat ("system.level") or nested. */
function changed(changes: Changes, path: string): unknown {
  if (path in changes) return changes[path];
  return foundry.utils.getProperty(changes, path);
}

/** Adds the banked heals to the update, in the form the update already uses. */
function write(changes: Changes, path: string, value: number): void {
  if ("system.level" in changes) changes[path] = value;
  else foundry.utils.setProperty(changes, path, value);
}

export function bankLevelHeals(actor: Actor.Implementation, changes: Changes): void {
  if (actor.type !== "character") return;
  const level = changed(changes, "system.level");
  if (typeof level !== "number" || !Number.isInteger(level)) return;
  const { recovery, level: before } = recoveryData(actor);
  const gained = levelHealsGained(recovery.peakLevel, before, level, permanentInjuries(actor).length > 0);
  if (gained.peak !== recovery.peakLevel) write(changes, "system.recovery.peakLevel", gained.peak);
  if (gained.heals > 0) write(changes, "system.recovery.levelHeals", recovery.levelHeals + gained.heals);
}

export function registerLevelHeals(): void {
  Hooks.on("preUpdateActor", (actor, changes) => {
    bankLevelHeals(actor as Actor.Implementation, changes as Changes);
  });
}
