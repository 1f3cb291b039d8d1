/**
 * The few Foundry v14 members Brink uses, declared from the public API documentation (the types
 * package Brink compiles against describes v13). Only `src/foundry/generation.ts` reads them, each
 * through one cast with its reason. Each member links the page it is written from.
 */
declare namespace FoundryV14 {
  /**
   * `CONFIG.statusEffects`: an object keyed by status id.
   * https://foundryvtt.com/api/v14/variables/CONFIG.statusEffects.html
   */
  type StatusEffects<Entry> = Record<string, Entry>;

  /**
   * One entry of `CONFIG.ChatMessage.modes` ("public", "ic", "gm", "blind", "self").
   * https://foundryvtt.com/api/v14/variables/CONFIG.ChatMessage.html
   */
  interface ChatMessageMode {
    label: string;
    icon: string;
    handler(data: object): void;
  }

  /** https://foundryvtt.com/api/v14/variables/CONFIG.ChatMessage.html */
  interface ChatMessageConfig {
    modes: Record<string, ChatMessageMode>;
  }

  /**
   * `ChatMessage.applyMode(chatData, mode)`: sets `whisper` and `blind` for a message mode.
   * https://foundryvtt.com/api/v14/classes/foundry.documents.ChatMessage.html
   */
  interface ChatMessageClass {
    applyMode(chatData: object, mode: string): object;
  }

  /**
   * One change of `ActiveEffect#system#changes`: a string type in place of v13's numeric mode.
   * https://foundryvtt.com/api/interfaces/foundry.documents.types.ActiveEffectChangeData.html
   * https://foundryvtt.com/api/variables/CONST.ACTIVE_EFFECT_CHANGE_TYPES.html
   */
  interface ActiveEffectChange {
    key: string;
    type: string;
    value: string;
    phase: string;
    priority: number | null;
  }

  /**
   * `ActiveEffect#duration`: a value in units, ended by an expiry event.
   * https://foundryvtt.com/api/v14/interfaces/foundry.documents.types.EffectDurationData.html
   */
  interface EffectDuration {
    value: number | null;
    units: "years" | "months" | "days" | "hours" | "minutes" | "seconds" | "rounds" | "turns";
    expiry: string | null;
    expired: boolean;
  }

  /**
   * `ActiveEffect#start`: when and in which combat the effect began.
   * https://foundryvtt.com/api/interfaces/foundry.documents.types.EffectStartData.html
   */
  interface EffectStart {
    time: number;
    combat: string | null;
    combatant: string | null;
    initiative: number | null;
    round: number | null;
    turn: number | null;
  }

  /**
   * A context-menu entry: `label`, `icon`, `visible(target)`, `onClick(event, target)`.
   * https://foundryvtt.com/api/v14/interfaces/foundry.ContextMenuEntry.html
   */
  interface ContextMenuEntry {
    label: string;
    icon: string;
    visible: (target: HTMLElement) => boolean;
    onClick: (event: Event, target: HTMLElement) => unknown;
  }
}
