import { ATTRIBUTES, SKILLS } from "../../rules/characters";
import { countField, descriptionField } from "../shared/fields";

const fields = () => foundry.data.fields;

export const TALENT_TRAITS = ["cannotBeSurprised"] as const;

const talentSchema = () => ({
  description: descriptionField(),
  traits: new (fields().SetField)(
    new (fields().StringField)({ required: true, choices: [...TALENT_TRAITS] }),
  ),
});
type TalentSchema = ReturnType<typeof talentSchema>;

export class TalentData extends foundry.abstract.TypeDataModel<TalentSchema, Item.Implementation> {
  static override LOCALIZATION_PREFIXES = ["BRINK.Item.talent"];

  static override defineSchema(): TalentSchema {
    return talentSchema();
  }
}

/** serious/minor: Emergency Retreat (S0); wound: the S2 d12 table; maiming: the S1 d20 table. */
export const INJURY_KINDS = ["serious", "minor", "wound", "maiming"] as const;
/** How an injury heals (RULES §5, §6, §8). */
export const INJURY_HEALING = ["bedRest", "safeRests", "nightRest", "downtime", "gm"] as const;

const injurySchema = () => {
  const f = fields();
  return {
    description: descriptionField(),
    kind: new f.StringField({ required: true, initial: "minor", choices: [...INJURY_KINDS] }),
    attribute: new f.StringField({ required: true, nullable: true, initial: null, choices: [...ATTRIBUTES] }),
    skill: new f.StringField({ required: true, nullable: true, initial: null, choices: [...SKILLS] }),
    penalty: countField(1),
    heals: new f.StringField({ required: true, initial: "safeRests", choices: [...INJURY_HEALING] }),
    progress: new f.SchemaField({ value: countField(0), max: countField(3) }),
    permanent: new f.BooleanField({ required: true, initial: false }),
    source: new f.StringField({ required: true, blank: true, initial: "" }),
  };
};
type InjurySchema = ReturnType<typeof injurySchema>;

export class InjuryData extends foundry.abstract.TypeDataModel<InjurySchema, Item.Implementation> {
  static override LOCALIZATION_PREFIXES = ["BRINK.Item.consequence", "BRINK.Item.injury"];

  static override defineSchema(): InjurySchema {
    return injurySchema();
  }

  /**
   * RULES §5: a minor injury counts safe long rests in a row (its progress) when it has an attribute
   * to hurt; one that heals on a night's rest is gone after the first.
   */
  countsSafeRests(): boolean {
    return this.kind === "minor" && this.heals !== "nightRest" && this.attribute !== null;
  }
}

export const SETBACK_KINDS = ["exhaustion", "dropped", "separated", "disoriented"] as const;
export const SETBACK_ENDINGS = ["immediate", "reunited", "safeLongRest", "gm"] as const;

const setbackSchema = () => {
  const f = fields();
  return {
    description: descriptionField(),
    kind: new f.StringField({ required: true, initial: "disoriented", choices: [...SETBACK_KINDS] }),
    duration: new f.StringField({ required: true, blank: true, initial: "" }),
    endsOn: new f.StringField({ required: true, initial: "safeLongRest", choices: [...SETBACK_ENDINGS] }),
    source: new f.StringField({ required: true, blank: true, initial: "" }),
  };
};
type SetbackSchema = ReturnType<typeof setbackSchema>;

export class SetbackData extends foundry.abstract.TypeDataModel<SetbackSchema, Item.Implementation> {
  static override LOCALIZATION_PREFIXES = ["BRINK.Item.consequence", "BRINK.Item.setback"];

  static override defineSchema(): SetbackSchema {
    return setbackSchema();
  }
}
