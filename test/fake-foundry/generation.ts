/**
 * Which Foundry the fake plays: v14 (the default) or v13, chosen by the environment variable
 * `BRINK_FOUNDRY_GENERATION` ("13" or "14"). Every behaviour that differs between the two and that
 * Brink touches asks `generation` (see README.md, "Two generations").
 *
 * On v14 the fake also records each call of an API the v14 documentation marks deprecated, with
 * whether Brink's own code (a frame under `src/`) made it. `test/fake-foundry/setup.ts` fails any
 * test file in which Brink made one; calls made by test code (old-shaped fixtures) are recorded but
 * allowed, as they stand for data an old world already holds.
 */
import { resolve, sep } from "node:path";

export type Generation = 13 | 14;

function chosenGeneration(): Generation {
  const asked = process.env.BRINK_FOUNDRY_GENERATION ?? "14";
  if (asked === "13" || asked === "14") return Number(asked) as Generation;
  throw new Error(`BRINK_FOUNDRY_GENERATION must be "13" or "14", not "${asked}"`);
}

export const generation: Generation = chosenGeneration();

/** The build the fake reports as `game.release` (the newest stable build of each generation). */
export const release = { generation, build: generation === 14 ? 370 : 351, version: "" };
release.version = `${release.generation}.${release.build}`;

export interface DeprecationCall {
  /** The deprecated API, as the v14 documentation names it. */
  api: string;
  /** Whether a frame of Brink's own code (`src/`) made the call. */
  byBrink: boolean;
}

export const deprecationCalls: DeprecationCall[] = [];

/** Brink's own source folder, as stack frames name its files. */
const BRINK_SOURCE = resolve(import.meta.dirname, "../../src") + sep;
const FAKE_SOURCE = resolve(import.meta.dirname) + sep;
const PROJECT = resolve(import.meta.dirname, "../..") + sep;

/** Whether the caller nearest the fake in a call stack is Brink's own code. */
export function calledByBrink(stack: string): boolean {
  const frames = stack.split("\n").slice(1);
  // The caller is the innermost frame outside the fake, a subclass's constructor aside (Brink's
  // document classes extend the fake's, so a test's `new` passes through them).
  const caller = frames.find(
    (frame) =>
      frame.includes(PROJECT) &&
      !frame.includes(`${sep}node_modules${sep}`) &&
      !frame.includes(FAKE_SOURCE) &&
      !/\bat new /.test(frame),
  );
  return caller?.includes(BRINK_SOURCE) ?? false;
}

/** Records a call of a v14-deprecated API (nothing on v13, where it is the current API). */
export function deprecated(api: string): void {
  if (generation !== 14) return;
  deprecationCalls.push({ api, byBrink: calledByBrink(new Error().stack ?? "") });
}

/** The deprecated calls Brink's own code made. */
export const brinkDeprecations = (): string[] =>
  deprecationCalls.filter((call) => call.byBrink).map((call) => call.api);

/** v13's roll modes and v14's message modes, as each generation's chat configuration lists them. */
export const ROLL_MODES_V13 = {
  publicroll: { label: "CHAT.RollPublic", icon: "fa-solid fa-globe" },
  gmroll: { label: "CHAT.RollPrivate", icon: "fa-solid fa-user-secret" },
  blindroll: { label: "CHAT.RollBlind", icon: "fa-solid fa-eye-slash" },
  selfroll: { label: "CHAT.RollSelf", icon: "fa-solid fa-user" },
} as const;

export const MESSAGE_MODES_V14 = {
  public: { label: "CHAT.MODES.public", icon: "fa-solid fa-globe" },
  ic: { label: "CHAT.MODES.ic", icon: "fa-solid fa-masks-theater" },
  gm: { label: "CHAT.MODES.gm", icon: "fa-solid fa-user-secret" },
  blind: { label: "CHAT.MODES.blind", icon: "fa-solid fa-eye-slash" },
  self: { label: "CHAT.MODES.self", icon: "fa-solid fa-user" },
} as const;

/** v14's name for each v13 roll mode (the v14 shim maps the old names the same way). */
export const V14_MODE_OF: Record<string, string> = {
  publicroll: "public",
  gmroll: "gm",
  blindroll: "blind",
  selfroll: "self",
};

/** The core setting that holds a user's chosen mode on this generation. */
export const messageModeSetting = generation === 14 ? "messageMode" : "rollMode";

/** A v13 roll-mode name as this generation's setting stores it. */
export const modeForGeneration = (v13Mode: string): string =>
  generation === 14 ? (V14_MODE_OF[v13Mode] ?? v13Mode) : v13Mode;
