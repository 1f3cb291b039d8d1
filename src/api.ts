import * as rules from "./rules";
import { optionalRules } from "./settings";

/** The public API on `game.brink`, for macros and other modules. Documented in README.md. */
export function createApi() {
  return {
    /** The pure rules engine: tests, odds, damage, death, team turns, retreat and rest. */
    rules,
    /** The optional rules currently switched on in this world. */
    optionalRules,
  };
}
export type BrinkApi = ReturnType<typeof createApi>;
