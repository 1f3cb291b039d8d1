/** RULES §3 actions with allies: Command, Resuscitate, Resist (and Intercept on the attack card). */
import { registerCommand } from "./command";
import { registerResuscitate } from "./resuscitate";

export { commandRefusal } from "./command";
export { requestFortify, requestResist, type ResistAsk } from "./resist";

/** The action rules the GM's client runs; called once from brink.ts's init hook. */
export function registerAllies(): void {
  registerCommand();
  registerResuscitate();
}
