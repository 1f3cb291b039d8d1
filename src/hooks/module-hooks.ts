/**
 * Brink's hooks for modules around its automated writes. Each write has a `brink.pre…` hook, called
 * with Hooks.call on the client that writes (the active GM's) before anything is rolled or written:
 * a listener returning false cancels it, nothing is written, and the user who acted is told. The
 * post hook is called with Hooks.callAll on the same client once the write is done. docs/module-api.md
 * ("Hooks for modules") documents every hook and its arguments.
 */
import type { Step } from "../rules/damage-chain";

export const MODULE_HOOKS = {
  preApplyDamage: "brink.preApplyDamage",
  applyDamage: "brink.applyDamage",
  preRetreat: "brink.preRetreat",
  retreat: "brink.retreat",
  preRest: "brink.preRest",
  rest: "brink.rest",
  preClaimTurn: "brink.preClaimTurn",
  claimTurn: "brink.claimTurn",
} as const;

/** Every hook gets who acted: the user whose click started the write (the GM's client writes it). */
export interface WriteContext {
  userId: string;
}

/** The blow about to be applied. A pre hook listener may lower or raise `amount` (a whole number ≥ 0). */
export interface DamageHookData {
  amount: number;
  readonly type: string;
  readonly lethal: boolean;
  /** A killing strike kills outright: the amount plays no part. */
  readonly killingStrike: boolean;
}

export interface DamageContext extends WriteContext {
  messageId: string;
  attack: number;
}

export interface AppliedDamage extends DamageHookData {
  steps: readonly Step[];
}

type HookName = (typeof MODULE_HOOKS)[keyof typeof MODULE_HOOKS];

// Brink's hook names are declared in fvtt-types' HookConfig (types/foundry-config.d.ts).

/** Runs a pre hook: false when a listener cancelled the write. */
export function allowedBy(name: HookName, ...args: unknown[]): boolean {
  return Hooks.call(name, ...args) !== false;
}

/** Runs a post hook: every listener hears it. */
export function announceWrite(name: HookName, ...args: unknown[]): void {
  Hooks.callAll(name, ...args);
}

/** A damage amount a listener left: a whole number of zero or more, or null if it is not one. */
export function validAmount(value: unknown): number | null {
  return typeof value === "number" && Number.isInteger(value) && value >= 0 ? value : null;
}
