/**
 * A strict fake of the parts of Dice So Nice (module "dice-so-nice") Brink uses, installed only when
 * a test turns it on, before Brink boots (as a module is active before `init`). It behaves as the
 * module's source does (see README.md, "Dice So Nice"): at `ready` it creates `game.dice3d`, fires
 * `diceSoNiceInit` and `diceSoNiceReady`; a message created with dice, or updated with rolls added,
 * starts an animation on each client that may see it (`diceSoNiceRollStart(messageId, context)`);
 * the test ends the animations with `finishAnimations()`, which fires `diceSoNiceRollComplete`
 * on each client. A roll's `options.appearance` is merged into each of its dice, as the module does.
 * Each user's own look lives on their User document, in the flag `dice-so-nice.appearance` (`global`
 * and, optionally, one entry per die type such as `d20`); a die without an `appearance` of its own
 * wears the look of the message's author, whoever rolled it.
 */
import { session, type FakeUser } from "./documents";
import { hooks } from "./hooks";
import type { FakeRoll } from "./dice";

type Plain = Record<string, unknown>;

interface Message {
  id: string;
  rolls: FakeRoll[];
  isContentVisible: boolean;
  author: { id: string } | null;
  _source: Plain;
}

/** One die as Dice So Nice threw it on one client. */
export interface ThrownDie {
  client: string;
  messageId: string;
  faces: number;
  result: number;
  /**
   * Whose Dice So Nice look the die wears where `appearance` leaves a property out: the message's
   * author (the module reads that user's `dice-so-nice.appearance` flag for every die of the message).
   */
  author: string;
  /** The roll's `options.appearance`, which overrides the author's look for this die. */
  appearance: Plain | null;
}

const MODES = ["default", "preferred"];
const COLORSET_DEFAULTS = { foreground: "custom", background: "custom", outline: "", edge: "" };

export class FakeDice3D {
  readonly #clients: (id: string) => FakeUser | undefined;
  constructor(clients: (id: string) => FakeUser | undefined) {
    this.#clients = clients;
  }

  /** The colour sets registered, by name (the module exports them as `exports.COLORSETS`). */
  readonly exports = { COLORSETS: {} as Record<string, Plain> };
  readonly thrown: ThrownDie[] = [];
  /** Land the dice on their own a moment after each throw (a live world's animation ends by itself). */
  autoFinish = false;
  /** Animations under way: message ids per client. */
  readonly #running = new Map<string, Set<string>>();

  async addColorset(colorset: Plain, mode = "default"): Promise<void> {
    if (typeof colorset.name !== "string" || !colorset.name) throw new Error("a colorset needs a name");
    if (!MODES.includes(mode)) throw new Error(`unknown colorset mode "${mode}"`);
    this.exports.COLORSETS[colorset.name] = { ...COLORSET_DEFAULTS, visibility: "visible", ...colorset };
  }

  /** Resolves at the next diceSoNiceRollComplete for that message on this client, as the module's does. */
  waitFor3DAnimationByMessageID(messageId: string): Promise<boolean> {
    return new Promise((resolve) => {
      const listen = (): void => {
        hooks.once("diceSoNiceRollComplete", (id: unknown) => (id === messageId ? resolve(true) : listen()));
      };
      listen();
    });
  }

  /** This client starts throwing the dice of these rolls for the message. */
  animate(message: Message, rolls: FakeRoll[]): void {
    const client = session.user.id;
    for (const roll of rolls) {
      const appearance = (roll.options.appearance as Plain | undefined) ?? null;
      for (const die of roll.dice)
        for (const result of die.results)
          this.thrown.push({
            client,
            messageId: message.id,
            faces: die.faces,
            result: result.result,
            author: message.author?.id ?? "",
            appearance,
          });
    }
    const running = this.#running.get(client) ?? new Set<string>();
    running.add(message.id);
    this.#running.set(client, running);
    hooks.callAll("diceSoNiceRollStart", message.id, {
      roll: rolls[0],
      user: session.user,
      users: null,
      blind: false,
    });
    if (this.autoFinish) setTimeout(() => this.finishAnimations(), 0);
  }

  isAnimating(messageId: string, client: string = session.user.id): boolean {
    return this.#running.get(client)?.has(messageId) ?? false;
  }

  /** Every client's dice land: each fires diceSoNiceRollComplete for each message it animated. */
  finishAnimations(): void {
    for (const [clientId, ids] of [...this.#running]) {
      const client = this.#clients(clientId);
      this.#running.delete(clientId);
      for (const id of ids) {
        if (client) session.runAs(client, () => hooks.callAll("diceSoNiceRollComplete", id));
        else hooks.callAll("diceSoNiceRollComplete", id);
      }
    }
  }
}

/** The module's rule: a message is animated when it has dice and this client may see them. */
const withDice = (rolls: FakeRoll[]) => rolls.filter((roll) => roll.dice.length > 0);

export interface FakeModule {
  id: string;
  active: boolean;
}

/**
 * Turns Dice So Nice on: an active module entry now, `game.dice3d` at `ready`. Call it before
 * Brink boots. Returns the instance the module will create.
 */
export function installDiceSoNice(): FakeDice3D {
  const game = (
    globalThis as unknown as {
      game: Plain & {
        modules: { set(id: string, value: FakeModule): unknown };
        users: { get(id: string): FakeUser | undefined };
      };
    }
  ).game;
  const dice3d = new FakeDice3D((id) => game.users.get(id));
  game.modules.set("dice-so-nice", { id: "dice-so-nice", active: true });
  hooks.once("ready", () => {
    game.dice3d = dice3d;
    hooks.callAll("diceSoNiceInit", dice3d);
    hooks.call("diceSoNiceReady", dice3d);
  });
  hooks.on("createChatMessage", (message: unknown) => {
    const chat = message as Message;
    const rolls = withDice(chat.rolls);
    if (rolls.length && chat.isContentVisible) dice3d.animate(chat, rolls);
  });
  // The writer's client counts the rolls an update adds; every client animates only those.
  hooks.on("preUpdateChatMessage", (message: unknown, changes: unknown, options: unknown) => {
    const added = (changes as Plain).rolls;
    if (!Array.isArray(added)) return;
    const before = ((message as Message)._source.rolls as unknown[] | undefined)?.length ?? 0;
    Object.assign(options as Plain, { dsnCountAddedRoll: added.length - before, dsnIndexAddedRoll: before });
  });
  hooks.on("updateChatMessage", (message: unknown, changes: unknown, options: unknown) => {
    const { dsnCountAddedRoll = 0, dsnIndexAddedRoll = 0 } = options as Record<string, number>;
    if (!("rolls" in (changes as Plain)) || dsnCountAddedRoll <= 0) return;
    const chat = message as Message;
    const rolls = withDice(chat.rolls.slice(dsnIndexAddedRoll));
    if (rolls.length && chat.isContentVisible) dice3d.animate(chat, rolls);
  });
  return dice3d;
}
