/**
 * The look each die takes when the GM's client rolls for a player. Dice So Nice draws a message's
 * dice in its author's look (the GM's, for a card the GM's client writes), unless a roll carries an
 * `options.appearance`, which wins. So a die rolled for another user carries that user's own look,
 * read by this client from the User document Foundry's server named as the sender (never from the
 * request's payload): the flag `dice-so-nice.appearance`, one entry per die type (`d20`) or the
 * `global` one. A user with no look of their own gets no override (the module's default applies).
 */
import { askingUser } from "../requests";
import type { DiePurpose } from "./brink-roll";
import { DICE_SO_NICE, diceSoNiceActive, luckDieAppearance } from "./dice-so-nice";

/** The properties of a die's look Dice So Nice takes from a roll's `options.appearance`. */
export type DieAppearance = Partial<
  Record<
    | "colorset"
    | "foreground"
    | "background"
    | "outline"
    | "edge"
    | "texture"
    | "material"
    | "font"
    | "system",
    string
  >
>;

/** Dice So Nice saves colours under its own names; a roll's appearance names them as on a colour set. */
const COLOURS = {
  labelColor: "foreground",
  diceColor: "background",
  outlineColor: "outline",
  edgeColor: "edge",
} as const;
const STYLE = ["texture", "material", "font", "system"] as const;

type SavedLook = Record<string, unknown>;
const isRecord = (value: unknown): value is SavedLook =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined =>
  typeof value === "string" && value.length > 0 && value.length <= 100 ? value : undefined;

/**
 * A user's own look for a die with these faces, as a roll's appearance; null when they have none.
 * Each property comes from the die type's entry, else the global one. Colours count only for a
 * custom look: a named colour set brings its own, and an appearance's colours would paint over them.
 */
export function userDieLook(user: User.Implementation, faces: number): DieAppearance | null {
  // The flag is Dice So Nice's (its scope is the module's id).
  const saved: unknown = user.getFlag(DICE_SO_NICE, "appearance");
  if (!isRecord(saved)) return null;
  const global = isRecord(saved.global) ? saved.global : {};
  const forType = isRecord(saved[`d${faces}`]) ? (saved[`d${faces}`] as SavedLook) : {};
  const read = (key: string) => text(forType[key]) ?? text(global[key]);
  const look: DieAppearance = {};
  const colorset = read("colorset");
  if (colorset) look.colorset = colorset;
  if (!colorset || colorset === "custom")
    for (const [savedKey, key] of Object.entries(COLOURS)) {
      const colour = read(savedKey);
      if (colour) look[key] = colour;
    }
  for (const key of STYLE) {
    const value = read(key);
    if (value) look[key] = value;
  }
  return Object.keys(look).length > 0 ? look : null;
}

/**
 * The appearance a die rolled now carries, or null to leave it to Dice So Nice: a luck die in the
 * luck look its roller chose; any other die rolled for another user in that user's own look.
 */
export function dieAppearance(faces: number, purpose: DiePurpose): DieAppearance | null {
  if (!diceSoNiceActive()) return null;
  const luck = purpose === "luck" ? luckDieAppearance() : null;
  if (luck) return luck;
  const asker = askingUser();
  return asker ? userDieLook(asker, faces) : null;
}
