const fields = () => foundry.data.fields;

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

/** Token dispositions a team was made for; null for teams the GM added by hand. */
export const TEAM_DISPOSITIONS = { friendly: 1, neutral: 0, hostile: -1 } as const;

export const TEAM_COLOURS: Record<number, string> = { 1: "#3b6ea5", 0: "#b08a2e", [-1]: "#a33b32" };
export const DEFAULT_TEAM_COLOUR = "#5f6b5a";

const teamSchema = () => {
  const f = fields();
  return {
    color: new f.StringField({
      required: true,
      blank: false,
      initial: DEFAULT_TEAM_COLOUR,
      validate: (value: unknown) => typeof value === "string" && HEX_COLOUR.test(value),
    }),
    disposition: new f.NumberField({ required: true, nullable: true, integer: true, initial: null }),
  };
};
type TeamSchema = ReturnType<typeof teamSchema>;

/** A team (RULES §3): Foundry's CombatantGroup, with the colour the tracker shows it in. */
export class CombatantGroupData extends foundry.abstract.TypeDataModel<
  TeamSchema,
  CombatantGroup.Implementation
> {
  static override LOCALIZATION_PREFIXES = ["BRINK.CombatantGroup"];

  static override defineSchema(): TeamSchema {
    return teamSchema();
  }
}
