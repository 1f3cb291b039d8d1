/**
 * Dice So Nice (module "dice-so-nice"): the luck die's own look. Each player picks it in a client
 * setting; the choice rides in the luck roll's `options.appearance`, which Dice So Nice merges into
 * the die it throws, so everyone at the table sees that player's luck dice in that colour set. The
 * setting is registered only when the module is active: without it, the choice would change nothing.
 */
import { SYSTEM_ID } from "../constants";
import { askerPreference, setOwnLooks } from "../requests";
import type { LangKey } from "../helpers/lang-keys";

export const DICE_SO_NICE = "dice-so-nice";
export const LUCK_DIE_SETTING = "luckDieAppearance";

/** Brink's luck die colour sets, registered with Dice So Nice once it is ready. */
/** The luck die setting's choices: the player's other dice, or one of Brink's looks. */
export const LUCK_LOOK_LABEL = {
  same: "BRINK.DiceSoNice.luckDie.choices.same",
  gilded: "BRINK.DiceSoNice.luckDie.choices.gilded",
  ember: "BRINK.DiceSoNice.luckDie.choices.ember",
  frost: "BRINK.DiceSoNice.luckDie.choices.frost",
} as const satisfies Record<"same" | keyof typeof LUCK_LOOKS, LangKey>;

export const LUCK_LOOKS = {
  gilded: {
    foreground: "#f6d365",
    background: "#1c1a17",
    outline: "#000000",
    edge: "#b8860b",
    material: "metal",
  },
  ember: {
    foreground: "#ffc46b",
    background: "#6b1010",
    outline: "#2a0505",
    edge: "#a32020",
    material: "glass",
  },
  frost: {
    foreground: "#ffffff",
    background: "#6fa8d6",
    outline: "#17324a",
    edge: "#d4ebfa",
    material: "glass",
  },
} as const;
export type LuckLook = "same" | keyof typeof LUCK_LOOKS;

export const colorsetOf = (look: keyof typeof LUCK_LOOKS): string => `brink-luck-${look}`;
const isLook = (value: unknown): value is keyof typeof LUCK_LOOKS =>
  typeof value === "string" && Object.hasOwn(LUCK_LOOKS, value);

/** The part of Dice So Nice's `game.dice3d` Brink uses. */
export interface Dice3DColorsets {
  addColorset(colorset: Record<string, unknown>, mode?: "default" | "preferred"): Promise<void> | void;
}

let registered = false;

export function diceSoNiceActive(): boolean {
  return game.modules.get(DICE_SO_NICE)?.active === true;
}

function addLuckColorsets(dice3d: Dice3DColorsets): void {
  const category = game.i18n.localize("BRINK.DiceSoNice.category");
  for (const [look, colours] of Object.entries(LUCK_LOOKS)) {
    const description = game.i18n.localize(LUCK_LOOK_LABEL[look as keyof typeof LUCK_LOOKS]);
    // Hidden from Dice So Nice's own theme list: these sets exist for the luck die.
    void dice3d.addColorset(
      {
        name: colorsetOf(look as keyof typeof LUCK_LOOKS),
        description,
        category,
        texture: "none",
        visibility: "hidden",
        ...colours,
      },
      "default",
    );
  }
}

/** At init: the client setting and, once Dice So Nice is ready, its colour sets. */
export function registerDiceSoNice(): void {
  if (!diceSoNiceActive()) return;
  const choices: Record<string, string> = LUCK_LOOK_LABEL;
  game.settings.register(SYSTEM_ID, LUCK_DIE_SETTING, {
    name: "BRINK.DiceSoNice.luckDie.name",
    hint: "BRINK.DiceSoNice.luckDie.hint",
    scope: "client",
    config: true,
    type: String,
    choices,
    default: "same",
  });
  registered = true;
  // The GM's client rolls for players: each request carries its asker's choice.
  setOwnLooks(() => ({ [LUCK_DIE_SETTING]: String(game.settings.get(SYSTEM_ID, LUCK_DIE_SETTING)) }));
  Hooks.once("diceSoNiceReady", addLuckColorsets);
}

/**
 * The appearance the luck die takes, or null for "same as my other dice" or no Dice So Nice: the
 * choice of the user the roll is for, which came with their request when this (the GM's) client
 * rolls for another user; a value that is not one of Brink's looks is "same".
 */
export function luckDieAppearance(): { colorset: string } | null {
  if (!registered || !diceSoNiceActive()) return null;
  const look: unknown = askerPreference(LUCK_DIE_SETTING) ?? game.settings.get(SYSTEM_ID, LUCK_DIE_SETTING);
  return isLook(look) ? { colorset: colorsetOf(look) } : null;
}
