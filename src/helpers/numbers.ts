/** Numbers as Brink's sheets, dialogs and cards print them. */

/** A chance from 0 to 1: "41.7%" (to a tenth of a percent). */
export const percent = (value: number): string => `${Math.round(value * 1000) / 10}%`;

/** "+2", "0", "−1": a modifier with its sign (a true minus sign). */
export const signed = (value: number): string =>
  value > 0 ? `+${value}` : value < 0 ? `−${Math.abs(value)}` : "0";
