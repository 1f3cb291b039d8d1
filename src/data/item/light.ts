/**
 * RULES §7.5 (S1): what makes a piece of gear a light source. A torch burns one hour and is used up;
 * a lantern burns three and runs dry. Gear with no hours is no light source.
 */
const fields = () => foundry.data.fields;

export function lightField() {
  const f = fields();
  const hours = () =>
    new f.NumberField({ required: true, nullable: true, integer: true, min: 1, initial: null });
  return new f.SchemaField({
    /** Hours one unit burns; null: not a light source. */
    hours: hours(),
    /** Hours left on the unit burning now; null: a fresh one. */
    left: new f.NumberField({ required: true, nullable: true, integer: true, min: 0, initial: null }),
    /** A spent unit is used up (torch) rather than left empty (lantern). */
    consumed: new f.BooleanField({ required: true, initial: true }),
  });
}

export interface LightData {
  hours: number | null;
  left: number | null;
  consumed: boolean;
}
