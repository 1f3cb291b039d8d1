/** A chance from 0 to 1 as the dialogs and cards print it: "41.7%" (to a tenth of a percent). */
export const percent = (value: number): string => `${Math.round(value * 1000) / 10}%`;
