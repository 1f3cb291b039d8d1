import { SYSTEM_ID } from "../constants";
import { refreshRuleViews } from "./refresh";

/**
 * The optional rules a GM switches in the Optional rules menu (RULES.md: S1, S2, S3; S0 on by default).
 * `damageRule` picks how an attack deals damage: the attack test plus the weapon's damage (core), or
 * the weapon's damage die with no test (direct damage, RULES §7.3).
 */
export const RULE_SETTINGS = {
  deathRule: ["luck", "dying", "stabilise"],
  initiativeMode: ["teams", "dexterity", "dexterity-test"],
  damageRule: ["attack", "direct"],
} as const;

export type DeathRule = (typeof RULE_SETTINGS.deathRule)[number];
export type InitiativeMode = (typeof RULE_SETTINGS.initiativeMode)[number];
export type DamageRule = (typeof RULE_SETTINGS.damageRule)[number];

export interface OptionalRules {
  deathRule: DeathRule;
  initiativeMode: InitiativeMode;
  damageRule: DamageRule;
  emergencyRetreat: boolean;
  morale: boolean;
}

export const RULE_TOGGLES = { emergencyRetreat: true, morale: false } as const;

/** Every optional rule, in the order the menu lists them. */
export const RULE_KEYS = [
  ...(Object.keys(RULE_SETTINGS) as (keyof typeof RULE_SETTINGS)[]),
  ...(Object.keys(RULE_TOGGLES) as (keyof typeof RULE_TOGGLES)[]),
] as const;
export type RuleKey = (typeof RULE_KEYS)[number];

function choices(key: keyof typeof RULE_SETTINGS): Record<string, string> {
  return Object.fromEntries(
    RULE_SETTINGS[key].map((value) => [value, `BRINK.Setting.${key}.choices.${value}`]),
  );
}

/**
 * Every rule is read where it is used, so none needs a reload: a change re-renders the tracker and
 * the open actor sheets, which show what the rules offer. The Optional rules menu owns them
 * (`config: false` keeps them out of the flat list).
 */
export function registerRuleSettings(): void {
  for (const key of Object.keys(RULE_SETTINGS) as (keyof typeof RULE_SETTINGS)[]) {
    game.settings.register(SYSTEM_ID, key, {
      name: `BRINK.Setting.${key}.name`,
      hint: `BRINK.Setting.${key}.hint`,
      scope: "world",
      config: false,
      type: String,
      choices: choices(key),
      default: RULE_SETTINGS[key][0],
      onChange: refreshRuleViews,
    });
  }
  for (const [key, initial] of Object.entries(RULE_TOGGLES)) {
    game.settings.register(SYSTEM_ID, key as keyof typeof RULE_TOGGLES, {
      name: `BRINK.Setting.${key}.name`,
      hint: `BRINK.Setting.${key}.hint`,
      scope: "world",
      config: false,
      type: Boolean,
      default: initial,
      onChange: refreshRuleViews,
    });
  }
}

/** Whether `value` is one of a choice rule's values. */
export function isRuleChoice(key: keyof typeof RULE_SETTINGS, value: unknown): boolean {
  return (RULE_SETTINGS[key] as readonly unknown[]).includes(value);
}

function readChoice<K extends keyof typeof RULE_SETTINGS>(key: K): (typeof RULE_SETTINGS)[K][number] {
  const value: unknown = game.settings.get(SYSTEM_ID, key);
  const allowed: readonly string[] = RULE_SETTINGS[key];
  // A value outside the choices (an edited world file) falls back to the core rule.
  return (allowed.includes(String(value)) ? value : allowed[0]) as (typeof RULE_SETTINGS)[K][number];
}

/** The one typed accessor every rule reads its options through. */
export function optionalRules(): OptionalRules {
  return {
    deathRule: readChoice("deathRule"),
    initiativeMode: readChoice("initiativeMode"),
    damageRule: readChoice("damageRule"),
    emergencyRetreat: game.settings.get(SYSTEM_ID, "emergencyRetreat") === true,
    morale: game.settings.get(SYSTEM_ID, "morale") === true,
  };
}
