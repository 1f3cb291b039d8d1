/**
 * What a tracker row shows of the character itself: its endurance and health as small bars (for
 * its owners and the GM only, since the numbers are theirs to know) and its conditions as icons,
 * each named for screen readers and in its tooltip.
 */
import { actorData } from "../../data";
import type { BrinkCombatant } from "../../documents/combatant";

export interface VitalBarView {
  kind: "endurance" | "health";
  value: number;
  max: number;
  /** Width of the filled part, 0–100. */
  percent: number;
  /** "Health 8 of 10", read aloud and shown as the tooltip. */
  label: string;
}

export interface StatusIconView {
  img: string;
  name: string;
}

export interface MemberVitalsView {
  /** Endurance then health; empty for a viewer who may not see the numbers. */
  bars: VitalBarView[];
  /** The actor's temporary effects and Brink's conditions, as the token shows them. */
  statuses: StatusIconView[];
  /** "Conditions: Unconscious, Prone", or empty when there are none. */
  statusLabel: string;
}

const POOLS = ["endurance", "health"] as const;

function bar(kind: VitalBarView["kind"], pool: { value: number; max: number }): VitalBarView {
  const max = Math.max(0, pool.max);
  const value = Math.max(0, Math.min(pool.value, max));
  const name = game.i18n.localize(`BRINK.Combat.Tracker.Vitals.${kind}`);
  return {
    kind,
    value,
    max,
    percent: max > 0 ? Math.round((value / max) * 100) : 0,
    label: game.i18n.format("BRINK.Combat.Tracker.Vitals.label", {
      pool: name,
      value: String(value),
      max: String(max),
    }),
  };
}

export function memberVitals(combatant: BrinkCombatant, seesNumbers: boolean): MemberVitalsView {
  const actor = combatant.actor;
  const system = actor && seesNumbers ? actorData(actor) : null;
  const statuses = (actor?.temporaryEffects ?? []).flatMap((effect) =>
    effect.img ? [{ img: effect.img, name: effect.name ?? "" }] : [],
  );
  return {
    bars: system ? POOLS.map((kind) => bar(kind, system[kind])) : [],
    statuses,
    statusLabel:
      statuses.length > 0
        ? game.i18n.format("BRINK.Combat.Tracker.Vitals.conditions", {
            names: statuses.map((status) => status.name).join(", "),
          })
        : "",
  };
}
