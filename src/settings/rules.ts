import { SYSTEM_ID } from "../constants";
import { refreshRuleViews } from "./refresh";

/** A key of lang/en.json (helpers/ holds the other maps; settings may not import from it). */
type BrinkKey = `BRINK.${string}`;

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
  lightLevels: boolean;
  detachments: boolean;
}

/**
 * `lightLevels` (S1, RULES §7.5): the light conditions are offered and change tests and attacks.
 * `detachments` (S3, RULES §7.4): NPCs marked as detachments fight as one.
 */
export const RULE_TOGGLES = {
  emergencyRetreat: true,
  morale: false,
  lightLevels: false,
  detachments: false,
} as const;

/** Every optional rule, in the order the menu lists them. */
export const RULE_KEYS = [
  ...(Object.keys(RULE_SETTINGS) as (keyof typeof RULE_SETTINGS)[]),
  ...(Object.keys(RULE_TOGGLES) as (keyof typeof RULE_TOGGLES)[]),
] as const;
export type RuleKey = (typeof RULE_KEYS)[number];

/**
 * The text of each rule setting and each choice, as typed maps: a new rule or choice without its
 * text fails to compile, and test/manifest/lang-keys.test.ts proves each key is in lang/en.json.
 */
export const RULE_SETTING_TEXT = {
  deathRule: { name: "BRINK.Setting.deathRule.name", hint: "BRINK.Setting.deathRule.hint" },
  initiativeMode: { name: "BRINK.Setting.initiativeMode.name", hint: "BRINK.Setting.initiativeMode.hint" },
  damageRule: { name: "BRINK.Setting.damageRule.name", hint: "BRINK.Setting.damageRule.hint" },
  emergencyRetreat: {
    name: "BRINK.Setting.emergencyRetreat.name",
    hint: "BRINK.Setting.emergencyRetreat.hint",
  },
  morale: { name: "BRINK.Setting.morale.name", hint: "BRINK.Setting.morale.hint" },
  lightLevels: { name: "BRINK.Setting.lightLevels.name", hint: "BRINK.Setting.lightLevels.hint" },
  detachments: { name: "BRINK.Setting.detachments.name", hint: "BRINK.Setting.detachments.hint" },
} as const satisfies Record<RuleKey, { name: BrinkKey; hint: BrinkKey }>;

export const DEATH_RULE_LABEL = {
  luck: "BRINK.Setting.deathRule.choices.luck",
  dying: "BRINK.Setting.deathRule.choices.dying",
  stabilise: "BRINK.Setting.deathRule.choices.stabilise",
} as const satisfies Record<DeathRule, BrinkKey>;

export const INITIATIVE_MODE_LABEL = {
  teams: "BRINK.Setting.initiativeMode.choices.teams",
  dexterity: "BRINK.Setting.initiativeMode.choices.dexterity",
  "dexterity-test": "BRINK.Setting.initiativeMode.choices.dexterity-test",
} as const satisfies Record<InitiativeMode, BrinkKey>;

export const DAMAGE_RULE_LABEL = {
  attack: "BRINK.Setting.damageRule.choices.attack",
  direct: "BRINK.Setting.damageRule.choices.direct",
} as const satisfies Record<DamageRule, BrinkKey>;

/** Each choice's label, by value, in the order the setting offers them. */
const CHOICES: Record<keyof typeof RULE_SETTINGS, Record<string, string>> = {
  deathRule: DEATH_RULE_LABEL,
  initiativeMode: INITIATIVE_MODE_LABEL,
  damageRule: DAMAGE_RULE_LABEL,
};

/**
 * Every rule is read where it is used, so none needs a reload: a change re-renders the tracker and
 * the open actor sheets, which show what the rules offer. The Optional rules menu owns them
 * (`config: false` keeps them out of the flat list).
 */
export function registerRuleSettings(): void {
  for (const key of Object.keys(RULE_SETTINGS) as (keyof typeof RULE_SETTINGS)[]) {
    game.settings.register(SYSTEM_ID, key, {
      ...RULE_SETTING_TEXT[key],
      scope: "world",
      config: false,
      type: String,
      choices: CHOICES[key],
      default: RULE_SETTINGS[key][0],
      onChange: refreshRuleViews,
    });
  }
  for (const [key, initial] of Object.entries(RULE_TOGGLES)) {
    game.settings.register(SYSTEM_ID, key as keyof typeof RULE_TOGGLES, {
      ...RULE_SETTING_TEXT[key as keyof typeof RULE_TOGGLES],
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
    lightLevels: game.settings.get(SYSTEM_ID, "lightLevels") === true,
    detachments: game.settings.get(SYSTEM_ID, "detachments") === true,
  };
}
