/**
 * Brink's Dice So Nice setting and the module's hooks Brink listens to, declared for the compiler.
 * Registration happens in dice/dice-so-nice.ts and applications/chat/rolling-cards.ts.
 */
import type { Dice3DColorsets, LuckLook } from "./dice-so-nice";

declare module "fvtt-types/configuration" {
  interface SettingConfig {
    "brink.luckDieAppearance": LuckLook;
  }

  namespace Hooks {
    interface HookConfig {
      /** Dice So Nice is ready for colour sets (on each client). */
      diceSoNiceReady: (dice3d: Dice3DColorsets) => void;
      /** Dice So Nice starts throwing dice for a message (null when its API was called directly). */
      diceSoNiceRollStart: (messageId: string | null, context: object) => void;
      /** Dice So Nice has finished every die of a message and shows it. */
      diceSoNiceRollComplete: (messageId: string) => void;
    }
  }
}
