/** The names of attributes and skills (RULES §1), as the sheet, dialogs and cards print them. */
import type { Attribute, Skill } from "../../rules/characters";
import type { LangKey } from "./lang-key";

export const ATTRIBUTE_LABEL = {
  str: "BRINK.Attribute.str.label",
  dex: "BRINK.Attribute.dex.label",
  con: "BRINK.Attribute.con.label",
  int: "BRINK.Attribute.int.label",
  wis: "BRINK.Attribute.wis.label",
  cha: "BRINK.Attribute.cha.label",
} as const satisfies Record<Attribute, LangKey>;

export const ATTRIBUTE_ABBR = {
  str: "BRINK.Attribute.str.abbr",
  dex: "BRINK.Attribute.dex.abbr",
  con: "BRINK.Attribute.con.abbr",
  int: "BRINK.Attribute.int.abbr",
  wis: "BRINK.Attribute.wis.abbr",
  cha: "BRINK.Attribute.cha.abbr",
} as const satisfies Record<Attribute, LangKey>;

export const SKILL_LABEL = {
  athletics: "BRINK.Skill.athletics",
  combat: "BRINK.Skill.combat",
  heal: "BRINK.Skill.heal",
  notice: "BRINK.Skill.notice",
  investigate: "BRINK.Skill.investigate",
  sneak: "BRINK.Skill.sneak",
  lore: "BRINK.Skill.lore",
  persuade: "BRINK.Skill.persuade",
  survival: "BRINK.Skill.survival",
  craft: "BRINK.Skill.craft",
} as const satisfies Record<Skill, LangKey>;
