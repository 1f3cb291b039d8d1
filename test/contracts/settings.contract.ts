import type { ContractContext } from "./context";

/**
 * Settings menus, client settings, keybindings and the open-application registry as Brink relies on
 * them. Each runs against the fake in vitest and in a live world through Quench.
 */
export function settingsContracts(context: ContractContext): void {
  const { describe, it, assert } = context;
  // The settings API keyed by runtime names (menus and a probe are not in fvtt-types' typed lists).
  const settings = game.settings as unknown as {
    menus: Map<string, { type: unknown; restricted?: boolean }>;
    register(namespace: string, key: string, config: object): void;
    get(namespace: string, key: string): unknown;
    set(namespace: string, key: string, value: unknown): Promise<unknown>;
  };
  const keybindings = game.keybindings as unknown as {
    actions: Map<string, { editable?: { key: string; modifiers?: string[] }[] }>;
    get(namespace: string, action: string): { key: string; modifiers: string[] }[];
    register(namespace: string, action: string, config: object): void;
  };

  describe("Settings menus", () => {
    it("register Brink's Optional rules, Automation and Appearance menus as ApplicationV2 classes", () => {
      for (const key of ["optionalRules", "automation", "appearance"]) {
        const menu = settings.menus.get(`brink.${key}`);
        assert.isTrue(menu !== undefined, `brink.${key} is registered`);
        const type = menu?.type as { prototype: unknown } | undefined;
        assert.isTrue(
          type?.prototype instanceof foundry.applications.api.ApplicationV2,
          `${key} is ApplicationV2`,
        );
      }
      assert.equal(settings.menus.get("brink.optionalRules")?.restricted, true);
    });

    it("call a client setting's onChange with the new value when it is set", async () => {
      const heard: unknown[] = [];
      settings.register("brink", "contractProbe", {
        scope: "client",
        config: false,
        type: Boolean,
        default: false,
        onChange: (value: unknown) => heard.push(value),
      });
      await settings.set("brink", "contractProbe", true);
      assert.equal(settings.get("brink", "contractProbe"), true);
      await settings.set("brink", "contractProbe", false);
      assert.deepEqual(heard, [true, false]);
    });

    it("list a rendered application in foundry.applications.instances until it closes", async () => {
      const Menu = settings.menus.get("brink.appearance")?.type as new (options: object) => {
        id: string;
        render(force: boolean): Promise<unknown>;
        close(): Promise<unknown>;
      };
      const menu = new Menu({});
      await menu.render(true);
      assert.equal(foundry.applications.instances.get(menu.id), menu);
      await menu.close();
      assert.equal(foundry.applications.instances.get(menu.id), undefined);
    });
  });

  describe("Scene controls", () => {
    /** The token tools ui.controls has prepared; SceneControls' record of controls is not in fvtt-types' shape Brink uses. */
    const tokenTools = () =>
      (ui.controls as unknown as { controls: Record<string, { tools: Record<string, unknown> } | undefined> })
        .controls.tokens?.tools ?? {};

    it("prepare the controls again (getSceneControlButtons) only on a render with reset: true", async () => {
      const add = (controls: unknown) => {
        const tools = (controls as Record<string, { tools: Record<string, unknown> } | undefined>).tokens
          ?.tools;
        if (tools)
          tools.contractTool = { name: "contractTool", title: "Contract", icon: "fa-solid fa-flask" };
      };
      const id = Hooks.on("getSceneControlButtons", add as never);
      await ui.controls?.render({ reset: true });
      Hooks.off("getSceneControlButtons", id);
      assert.isTrue("contractTool" in tokenTools());
      await ui.controls?.render();
      assert.isTrue("contractTool" in tokenTools(), "a render without reset prepared the controls again");
      await ui.controls?.render({ reset: true });
      assert.isFalse("contractTool" in tokenTools());
    });
  });

  describe("Keybindings", () => {
    it("register Brink's take turn, end turn and skip dialog actions with their default keys", () => {
      const defaults = (action: string) => keybindings.actions.get(`brink.${action}`)?.editable ?? [];
      assert.deepEqual(
        defaults("takeTurn").map((b) => [b.key, b.modifiers]),
        [["KeyT", ["Alt"]]],
      );
      assert.deepEqual(
        defaults("endTurn").map((b) => [b.key, b.modifiers]),
        [["KeyE", ["Alt"]]],
      );
      assert.deepEqual(
        defaults("skipDialog").map((b) => b.key),
        ["ShiftLeft", "ShiftRight"],
      );
      assert.isTrue(Array.isArray(keybindings.get("brink", "skipDialog")));
    });

    it("refuse a keybinding registered after the init hook", () => {
      let refused = false;
      try {
        keybindings.register("brink", "contractProbe", { name: "Probe", editable: [] });
      } catch {
        refused = true;
      }
      assert.isTrue(refused);
    });

    it("name the modifier keys and their codes, and track held keys in game.keyboard.downKeys", () => {
      const { MODIFIER_KEYS, MODIFIER_CODES } = foundry.helpers.interaction.KeyboardManager;
      assert.deepEqual(
        [MODIFIER_KEYS.SHIFT, MODIFIER_KEYS.CONTROL, MODIFIER_KEYS.ALT],
        ["Shift", "Control", "Alt"],
      );
      const codes = MODIFIER_CODES as unknown as Record<string, string[]>;
      assert.isTrue(codes.Shift?.includes("ShiftLeft") === true && codes.Alt?.includes("AltRight") === true);
      assert.isTrue(game.keyboard.downKeys instanceof Set);
    });
  });
}
