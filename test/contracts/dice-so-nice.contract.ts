import { createdDocuments, rejects, type ContractContext } from "./context";

/**
 * Dice So Nice as Brink relies on it. Every test runs in any world: where the module is active it
 * checks the module's API and hooks; where it is not, it checks that Brink leaves no trace of it.
 */
interface Dice3D {
  waitFor3DAnimationByMessageID?: unknown;
  addColorset?: unknown;
  exports?: { COLORSETS?: Record<string, { visibility?: string }> };
}
type Rendered = { renderHTML(): Promise<HTMLElement> };
/** A User's flags, in a scope fvtt-types does not know (a module's). */
type Flagged = {
  getFlag(scope: string, key: string): unknown;
  setFlag(scope: string, key: string, value: unknown): Promise<unknown>;
  unsetFlag(scope: string, key: string): Promise<unknown>;
};

export function diceSoNiceContracts(context: ContractContext): void {
  const { describe, it, assert } = context;
  const track = createdDocuments(context);
  const active = () => game.modules.get("dice-so-nice")?.active === true;
  // game.dice3d is the module's; Foundry's typing of Game does not know it.
  const dice3d = () => (game as unknown as { dice3d?: Dice3D }).dice3d;
  const hasSetting = () => game.settings.settings.has("brink.luckDieAppearance");

  describe("Dice So Nice", () => {
    it("offers waitFor3DAnimationByMessageID and Brink's luck colour sets when active; otherwise no game.dice3d and no luck die setting", () => {
      if (!active()) {
        assert.equal(dice3d(), undefined);
        assert.isFalse(hasSetting());
        return;
      }
      assert.equal(typeof dice3d()?.waitFor3DAnimationByMessageID, "function");
      assert.equal(typeof dice3d()?.addColorset, "function");
      assert.isTrue(hasSetting());
      assert.equal(dice3d()?.exports?.COLORSETS?.["brink-luck-gilded"]?.visibility, "hidden");
    });

    it("fires diceSoNiceRollStart and then diceSoNiceRollComplete with a new roll message's id when active; without it Brink's cards render with no rolling class", async () => {
      // Only this client's hooks count (the fake runs every client of the world in one process).
      const me = game.user.id;
      const heard: string[] = [];
      const on = (name: "diceSoNiceRollStart" | "diceSoNiceRollComplete") =>
        Hooks.on(name, (messageId: string | null) => {
          if (game.user.id === me) heard.push(`${name}:${messageId ?? ""}`);
        });
      const ids = [on("diceSoNiceRollStart"), on("diceSoNiceRollComplete")];
      const roll = await new Roll("1d20").evaluate();
      const done = new Promise<void>((resolve) => {
        if (!active()) return resolve();
        const id = Hooks.on("diceSoNiceRollComplete", () => {
          if (game.user.id !== me) return;
          Hooks.off("diceSoNiceRollComplete", id);
          resolve();
        });
      });
      const message = track(
        await ChatMessage.implementation.create({
          content: `<div class="brink brink-card"><header class="card-header">Contract</header></div>`,
          rolls: [roll],
        } as never),
      );
      if (!active()) {
        const html = await (message as unknown as Rendered).renderHTML();
        assert.isFalse(html.classList.contains("brink-rolling"));
      }
      await done;
      Hooks.off("diceSoNiceRollStart", ids[0] ?? 0);
      Hooks.off("diceSoNiceRollComplete", ids[1] ?? 0);
      const expected = active()
        ? [`diceSoNiceRollStart:${message.id}`, `diceSoNiceRollComplete:${message.id}`]
        : [];
      assert.deepEqual(heard, expected);
    });

    it("keeps each user's own look in the flag dice-so-nice.appearance of their User, which they may write when the module is active; the scope is refused when it is not", async () => {
      const me = game.user as unknown as Flagged;
      const look = { global: { colorset: "custom", diceColor: "#2e7d32", labelColor: "#ffffff" } };
      if (!active()) {
        assert.isTrue(await rejects(me.setFlag("dice-so-nice", "appearance", look)));
        return;
      }
      const before = me.getFlag("dice-so-nice", "appearance");
      try {
        await me.setFlag("dice-so-nice", "appearance", look);
        assert.deepEqual(me.getFlag("dice-so-nice", "appearance"), look);
      } finally {
        if (before === undefined) await me.unsetFlag("dice-so-nice", "appearance");
        else await me.setFlag("dice-so-nice", "appearance", before);
      }
    });

    it("keeps a roll's options.appearance on the message's roll, so every client's Dice So Nice reads the same look", async () => {
      const appearance = { colorset: "custom", background: "#2e7d32", foreground: "#ffffff" };
      // Roll options are free-form at runtime; fvtt-types lists core's only.
      const roll = await new Roll("1d20", {}, { appearance } as never).evaluate();
      const message = track(
        await ChatMessage.implementation.create({ content: "<p>Contract</p>", rolls: [roll] } as never),
      );
      const stored = message.rolls[0] as unknown as { options: Record<string, unknown> } | undefined;
      assert.deepEqual(stored?.options.appearance, appearance);
    });
  });
}
