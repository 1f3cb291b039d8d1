/**
 * Gear is a light source while its hours are set (RULES §7.5). The sheet shows that as a switch,
 * submitted as `lightSource`, which is not stored: ticked, a piece of gear starts as a one-hour torch
 * (the GM changes the hours); cleared, its hours and the hours left on it are cleared.
 */
import { isLightSource } from "../../rules/exploration/light";

export const LIGHT_SWITCH = "lightSource";
const TORCH_HOURS = 1;

/** Turns the submitted switch into the light fields it means, in the flat form data. */
export function applyLightSwitch(formObject: Record<string, unknown>, storedHours: number | null): void {
  if (!(LIGHT_SWITCH in formObject)) return;
  const on = formObject[LIGHT_SWITCH] === true;
  delete formObject[LIGHT_SWITCH];
  if (on === isLightSource(storedHours)) return;
  if (on) formObject["system.light.hours"] = TORCH_HOURS;
  else Object.assign(formObject, { "system.light.hours": null, "system.light.left": null });
}
