type HookFn = (...args: unknown[]) => unknown;

/** Foundry's Hooks: `call` stops at the first handler returning false, `callAll` runs every one. */
class FakeHooks {
  #handlers = new Map<string, { id: number; fn: HookFn; once: boolean }[]>();
  #nextId = 1;
  readonly fired: { hook: string; args: unknown[] }[] = [];

  on(hook: string, fn: HookFn, { once = false } = {}): number {
    const id = this.#nextId++;
    this.#handlers.set(hook, [...(this.#handlers.get(hook) ?? []), { id, fn, once }]);
    return id;
  }
  once(hook: string, fn: HookFn): number {
    return this.on(hook, fn, { once: true });
  }
  off(hook: string, idOrFn: number | HookFn): void {
    this.#handlers.set(
      hook,
      (this.#handlers.get(hook) ?? []).filter((h) => h.id !== idOrFn && h.fn !== idOrFn),
    );
  }
  callAll(hook: string, ...args: unknown[]): true {
    this.fired.push({ hook, args });
    for (const handler of this.#take(hook)) handler.fn(...args);
    return true;
  }
  call(hook: string, ...args: unknown[]): boolean {
    this.fired.push({ hook, args });
    for (const handler of this.#take(hook)) if (handler.fn(...args) === false) return false;
    return true;
  }
  reset(): void {
    this.#handlers.clear();
    this.fired.length = 0;
  }
  #take(hook: string) {
    const handlers = this.#handlers.get(hook) ?? [];
    this.#handlers.set(
      hook,
      handlers.filter((h) => !h.once),
    );
    return handlers;
  }
}

export const hooks = new FakeHooks();
