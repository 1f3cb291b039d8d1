/**
 * `game`, `CONFIG`, `ui`, settings and i18n, as far as Brink uses them. Strings come from the
 * real lang/en.json so a missing key shows up in tests exactly as it would in Foundry (the key itself).
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { DataModel } from "./data-model";
import { DataField, SchemaField } from "./fields";
import {
  assignHotbarMacro,
  callOnEveryClient,
  checkFlagScope,
  session,
  setAuthorLookup,
  setUserList,
  type FakeUser,
} from "./documents";
import { hooks } from "./hooks";
import { deepClone, getProperty, type Plain } from "./utils";

const ROOT = resolve(import.meta.dirname, "../..");
export const translations = JSON.parse(readFileSync(resolve(ROOT, "lang/en.json"), "utf8")) as Plain;

export const i18n = {
  lang: "en",
  translations,
  has(key: string): boolean {
    return typeof getProperty(translations, key) === "string";
  },
  /** Brink keys asked for that lang/en.json lacks: Foundry would show the key itself to the user. */
  missing: new Set<string>(),
  localize(key: string): string {
    const value = getProperty(translations, key);
    if (typeof value === "string") return value;
    if (/^(BRINK|TYPES)\./.test(key)) this.missing.add(key);
    return key;
  },
  format(key: string, data: Record<string, unknown> = {}): string {
    return this.localize(key).replace(/{(\w+)}/g, (match, name: string) =>
      name in data ? String(data[name]) : match,
    );
  },
};

/** Sets field labels and hints from a model's LOCALIZATION_PREFIXES, as core does before i18nInit. */
export function localizeDataModel(model: typeof DataModel): void {
  const prefixes = model.LOCALIZATION_PREFIXES;
  for (const field of model.schema.apply("")) {
    for (const prefix of prefixes) {
      const label = `${prefix}.FIELDS.${field.fieldPath}.label`;
      const hint = `${prefix}.FIELDS.${field.fieldPath}.hint`;
      if (i18n.has(label)) field.label = i18n.localize(label);
      if (i18n.has(hint)) field.hint = i18n.localize(hint);
    }
  }
}

export interface SettingConfig {
  key: string;
  namespace: string;
  name?: string;
  hint?: string;
  scope?: "world" | "client" | "user";
  config?: boolean;
  type?: unknown;
  default?: unknown;
  choices?: Record<string, string>;
  requiresReload?: boolean;
  onChange?: (value: unknown, options?: unknown) => void;
}

/** A settings menu as `registerMenu` records it: a button in Configure Settings opening `type`. */
export interface SettingMenuConfig {
  key: string;
  namespace: string;
  name?: string;
  label?: string;
  hint?: string;
  icon?: string;
  type: unknown;
  restricted?: boolean;
}

/** The fake's ApplicationV2, set by install.ts; a menu's type must extend it, as in v13. */
let applicationBase: (new (...args: never[]) => unknown) | null = null;
export function setApplicationBase(base: new (...args: never[]) => unknown): void {
  applicationBase = base;
}

const isApplicationClass = (type: unknown): boolean =>
  typeof type === "function" && applicationBase !== null && type.prototype instanceof applicationBase;

/** Client settings live in each browser (one per user in the fake); world settings are shared. */
const storageKey = (config: SettingConfig, id: string): string =>
  config.scope === "client" || config.scope === "user" ? `${session.user.id}:${id}` : id;

export const settings = {
  settings: new Map<string, SettingConfig>(),
  menus: new Map<string, SettingMenuConfig>(),
  values: new Map<string, unknown>(),
  register(namespace: string, key: string, config: Omit<SettingConfig, "key" | "namespace">): void {
    this.settings.set(`${namespace}.${key}`, { ...config, key, namespace });
  },
  registerMenu(namespace: string, key: string, config: Omit<SettingMenuConfig, "key" | "namespace">): void {
    if (!isApplicationClass(config.type))
      throw new Error(
        `The settings menu "${namespace}.${key}" must have an ApplicationV2 class as its type.`,
      );
    this.menus.set(`${namespace}.${key}`, { ...config, key, namespace });
  },
  get(namespace: string, key: string): unknown {
    const id = `${namespace}.${key}`;
    const config = this.settings.get(id);
    if (!config) throw new Error(`"${id}" is not a registered game setting`);
    const stored = storageKey(config, id);
    if (this.values.has(stored)) return this.values.get(stored);
    const type = config.type;
    return type instanceof DataField && !(type instanceof SchemaField) && config.default === undefined
      ? type.getInitialValue()
      : config.default;
  },
  async set(namespace: string, key: string, value: unknown): Promise<unknown> {
    const id = `${namespace}.${key}`;
    const config = this.settings.get(id);
    if (!config) throw new Error(`"${id}" is not a registered game setting`);
    if (config.type instanceof DataField) {
      const failures = config.type.validate(value, id);
      if (Object.keys(failures).length) throw new Error(Object.values(failures).join("; "));
    }
    const stored = storageKey(config, id);
    const changed = this.get(namespace, key) !== value;
    this.values.set(stored, value);
    // onChange runs after the stored value changes (a world setting's no-op update is never sent).
    if (changed) config.onChange?.(value, {});
    return value;
  },
  reset(): void {
    this.values.clear();
  },
};

export interface NoticeOptions {
  localize?: boolean;
  format?: Record<string, unknown>;
  permanent?: boolean;
  console?: boolean;
  progress?: boolean;
}

/**
 * A notification as v13's `ui.notifications.info/warn/error` returns it. One made with
 * `{ progress: true }` shows a bar; `update({ pct, message })` moves it (pct from 0 to 1) and may
 * change the text. Every fraction shown is kept, in order, for tests to read.
 */
export interface Notice {
  level: "info" | "warn" | "error";
  message: string;
  progress: boolean;
  pct: number;
  shown: number[];
  active: boolean;
  update(changes: {
    pct?: number;
    message?: string;
    localize?: boolean;
    format?: Record<string, unknown>;
  }): void;
  remove(): void;
}

function text(message: string, { localize = false, format }: NoticeOptions): string {
  if (format) return i18n.format(message, format);
  return localize ? i18n.localize(message) : message;
}

/** The bar, its history and the methods are not enumerable: a notice compares as { level, message }. */
function notice(level: Notice["level"], message: string, options: NoticeOptions): Notice {
  const made = { level, message: text(message, options) } as Notice;
  const hidden = (value: unknown) => ({ value, writable: true, enumerable: false });
  Object.defineProperties(made, {
    progress: hidden(options.progress === true),
    pct: hidden(0),
    shown: hidden([]),
    active: hidden(true),
    update: hidden((changes: Parameters<Notice["update"]>[0]) => {
      if (changes.pct !== undefined) {
        if (!made.progress) throw new Error("Only a notification made with { progress: true } has a bar.");
        if (!(changes.pct >= 0 && changes.pct <= 1))
          throw new Error(`pct must be from 0 to 1, not ${changes.pct}`);
        made.pct = changes.pct;
        made.shown.push(changes.pct);
      }
      if (changes.message !== undefined) made.message = text(changes.message, changes);
    }),
    remove: hidden(() => {
      made.active = false;
    }),
  });
  return made;
}

export const notifications = {
  log: [] as Notice[],
  info(message: string, options: NoticeOptions = {}): Notice {
    return this.notify("info", message, options);
  },
  warn(message: string, options: NoticeOptions = {}): Notice {
    return this.notify("warn", message, options);
  },
  error(message: string, options: NoticeOptions = {}): Notice {
    return this.notify("error", message, options);
  },
  notify(level: Notice["level"], message: string, options: NoticeOptions): Notice {
    const made = notice(level, message, options);
    this.log.push(made);
    return made;
  },
};

/**
 * A user who can be queried: the handler registered in CONFIG.queries runs as that user (as it
 * would on their client), with the payload passed through JSON as the socket would.
 */
export function makeUser(data: { id: string; name: string; isGM: boolean; active?: boolean }): FakeUser {
  const user: FakeUser = {
    ...data,
    active: data.active ?? true,
    targets: new Set(),
    hotbar: {},
    assignHotbarMacro: (macro, slot) => assignHotbarMacro(user, macro, slot),
    flags: {},
    getFlag(scope, key) {
      checkFlagScope(scope, "brink");
      return deepClone(user.flags[scope]?.[key]);
    },
    async setFlag(scope, key, value) {
      checkFlagScope(scope, "brink");
      if (!session.user.isGM && session.user.id !== user.id)
        throw new Error(`User ${session.user.name} lacks permission to update User ${data.name}`);
      user.flags[scope] = { ...user.flags[scope], [key]: deepClone(value) };
      return user;
    },
    async unsetFlag(scope, key) {
      await user.setFlag(scope, key, undefined);
      delete user.flags[scope]?.[key];
      return user;
    },
    get isSelf() {
      return session.user.id === data.id;
    },
    async query(name: string, payload: unknown) {
      if (!user.active) throw new Error(`${data.name} is not connected`);
      const queries = (
        globalThis as unknown as { CONFIG: { queries: Record<string, (d: unknown) => unknown> } }
      ).CONFIG.queries;
      const handler = queries[name];
      if (!handler) throw new Error(`no query "${name}"`);
      // The handler runs on the queried user's client: as that user, whatever it awaits.
      const answer = await session.runAs(user, () => handler(JSON.parse(JSON.stringify(payload))));
      return JSON.parse(JSON.stringify(answer)) as unknown;
    },
  };
  return user;
}

export const users = {
  all: new Map<string, FakeUser>([["gm", session.user]]),
  get(id: string): FakeUser | undefined {
    return this.all.get(id);
  },
  get activeGM(): FakeUser | null {
    return [...this.all.values()].find((u) => u.isGM && u.active) ?? null;
  },
  add(user: FakeUser): FakeUser {
    this.all.set(user.id, user);
    return user;
  },
  /** game.users is a Collection in Foundry: iterable, with find and filter. */
  find(predicate: (user: FakeUser) => boolean): FakeUser | undefined {
    return [...this.all.values()].find(predicate);
  },
  filter(predicate: (user: FakeUser) => boolean): FakeUser[] {
    return [...this.all.values()].filter(predicate);
  },
  [Symbol.iterator](): MapIterator<FakeUser> {
    return this.all.values();
  },
};

setAuthorLookup((id) => users.get(id));
setUserList(() => [...users.all.values()]);
session.user = makeUser({ id: "gm", name: "Gamemaster", isGM: true });
users.all.set("gm", session.user);

/** Act as another user for the length of `work` (a player's client, in a single process). */
export async function asUser<T>(user: FakeUser, work: () => Promise<T>): Promise<T> {
  return session.runAs(user, work);
}

export { hooks, session };

type SocketListener = (message: unknown, senderId: string) => void;
const MANIFEST = JSON.parse(readFileSync(resolve(ROOT, "system.json"), "utf8")) as { socket?: boolean };

/**
 * `game.socket` for the system's channel: an emitted message reaches every *other* connected
 * client (never the sender's own), as JSON, after the current task, with the sender's id that the
 * server attaches. Without `"socket": true` in the manifest the server delivers nothing.
 */
export const socket = {
  listeners: new Map<string, SocketListener[]>(),
  on(event: string, listener: SocketListener): void {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
  },
  off(event: string, listener?: SocketListener): void {
    this.listeners.set(
      event,
      listener ? (this.listeners.get(event) ?? []).filter((l) => l !== listener) : [],
    );
  },
  emit(event: string, message: unknown): void {
    if (MANIFEST.socket !== true) return;
    const sender = session.user;
    const wire = JSON.stringify(message);
    const receivers = [...users.all.values()].filter((user) => user.active && user.id !== sender.id);
    setTimeout(() => {
      for (const user of receivers)
        for (const listener of this.listeners.get(event) ?? [])
          session.runAs(user, () => listener(JSON.parse(wire), sender.id));
    }, 0);
  },
};

/**
 * `game.time`: the world's clock in seconds. `advance(delta)` stores the new time through the world
 * setting `core.time` (so only a GM may change it; a player's call rejects, as the server refuses a
 * world setting's change) and every connected client then hears
 * `updateWorldTime(worldTime, delta, options, userId)`.
 */
export const time = {
  worldTime: 0,
  async advance(delta: number, options: Record<string, unknown> = {}): Promise<number> {
    const user = session.user;
    if (!user.isGM) throw new Error(`User ${user.name} lacks permission to modify the world time`);
    if (!Number.isFinite(delta)) throw new Error(`The world time cannot advance by ${delta}`);
    this.worldTime += delta;
    callOnEveryClient("updateWorldTime", this.worldTime, delta, options, user.id);
    return this.worldTime;
  },
};
