/**
 * Installs the fake as the globals Foundry provides (`foundry`, `game`, `CONFIG`, `Hooks`, `ui`,
 * `Actor`, `Item`, `ChatMessage`, `CONST`, `Handlebars`). Imported by vitest's setup file before
 * any system module, because Brink's classes extend Foundry's at module evaluation.
 */
import { readFileSync } from "node:fs";
import { FakeTokenRuler } from "./canvas";
import { resolve } from "node:path";
import Handlebars from "handlebars";
import { controlledTokens, installFakeCombat } from "./combat";
import { combatSoundLog, coreTurnLog } from "./combat-turn-events";
import { sceneControls } from "./scene-controls";
import { installFakePacks } from "./packs";
import {
  ActorSheetV2,
  ApplicationV2,
  DocumentSheetV2,
  HandlebarsApplicationMixin,
  ItemSheetV2,
  instances,
} from "./applications";
import { MODIFIER_CODES, MODIFIER_KEYS, keybindings, keyboard } from "./keybindings";
import { DataModel, TypeDataModel } from "./data-model";
import {
  ACTIVE_EFFECT_MODES,
  Collection,
  FakeActiveEffect,
  FakeActor,
  FakeChatMessage,
  FakeDocument,
  FakeItem,
  OWNERSHIP,
  dataModels,
  session,
  setElementFactory,
  setRollClasses,
  writeLog,
} from "./documents";
import { Window } from "happy-dom";
import { FakeRoll, handEntries, setHandEntry, setRollRenderer } from "./dice";
import { FakeContextMenu } from "./context-menu";
import { FakeDragDrop, getDragEventData } from "./drag-drop";
import { FakeMacro, setMacroAuthorLookup } from "./macros";
import { FakeTokenHUD } from "./hud";
import { FakeDialogV2, FakeFormDataExtended, clearDialogAnswers, fakeCanvas, renderTemplate } from "./ui";
import { DataModelValidationError, fields } from "./fields";
import { hooks } from "./hooks";
import {
  i18n,
  localizeDataModel,
  notifications,
  setApplicationBase,
  settings,
  socket,
  time,
  users,
} from "./runtime";
import * as utils from "./utils";
import {
  deprecated,
  generation,
  MESSAGE_MODES_V14,
  messageModeSetting,
  release,
  ROLL_MODES_V13,
  V14_MODE_OF,
} from "./generation";
import { ACTIVE_EFFECT_CHANGE_TYPES } from "./active-effects";
import { SORT_INTEGER_DENSITY } from "./utils";

export interface SheetRegistration {
  documentName: string;
  scope: string;
  sheetClass: unknown;
  options: Record<string, unknown>;
}
export const registeredSheets: SheetRegistration[] = [];
export const loadedTemplates: string[] = [];

const sheetRegistry = (documentName: string) => ({
  registerSheet(scope: string, sheetClass: unknown, options: Record<string, unknown> = {}) {
    registeredSheets.push({ documentName, scope, sheetClass, options });
  },
  unregisterSheet(): void {},
});

function documentConfig(cls: typeof FakeDocument) {
  return {
    documentClass: cls,
    dataModels: (dataModels[cls.documentName] ??= {}),
    trackableAttributes: {},
    typeLabels: {},
    typeIcons: {},
  };
}

export const fakeFoundry = {
  abstract: { DataModel, TypeDataModel },
  data: { fields, validation: { DataModelValidationError } },
  utils,
  documents: {
    collections: { Actors: sheetRegistry("Actor"), Items: sheetRegistry("Item") },
    BaseActor: FakeActor,
    BaseItem: FakeItem,
  },
  applications: {
    instances,
    api: { ApplicationV2, DocumentSheetV2, HandlebarsApplicationMixin, DialogV2: FakeDialogV2 },
    ux: {
      FormDataExtended: FakeFormDataExtended,
      ContextMenu: FakeContextMenu,
      // Enrichment (links, rolls, secrets) is Foundry's; the fake hands the HTML through unchanged.
      TextEditor: { implementation: { enrichHTML: async (html: string) => html, getDragEventData } },
      DragDrop: FakeDragDrop,
    },
    sheets: { ActorSheetV2, ItemSheetV2 },
    hud: { TokenHUD: FakeTokenHUD },
    apps: { DocumentSheetConfig: { registerSheet: () => undefined, unregisterSheet: () => undefined } },
    handlebars: {
      loadTemplates: async (paths: string[] | Record<string, string>) => {
        loadedTemplates.push(...(Array.isArray(paths) ? paths : Object.values(paths)));
      },
      renderTemplate,
    },
  },
  helpers: {
    Localization: { localizeDataModel },
    interaction: { KeyboardManager: { MODIFIER_KEYS, MODIFIER_CODES } },
  },
  dice: { Roll: FakeRoll },
  canvas: { placeables: { tokens: { TokenRuler: FakeTokenRuler } } },
};

/** v14 lists the message modes with the chat configuration (API v14 `CONFIG.ChatMessage`). */
const chatMessageConfig = () =>
  generation === 14
    ? { ...documentConfig(FakeChatMessage), modes: MESSAGE_MODES_V14 }
    : documentConfig(FakeChatMessage);

/** v13's roll modes (API v13 `CONFIG.Dice.rollModes`); v14 keeps them as a deprecated alias. */
const diceConfig = () => {
  const dice = { rolls: [FakeRoll] as (typeof FakeRoll)[] };
  return Object.defineProperty(dice, "rollModes", {
    enumerable: true,
    get: () => {
      deprecated("CONFIG.Dice.rollModes (use CONFIG.ChatMessage.modes)");
      return ROLL_MODES_V13;
    },
  }) as typeof dice & { rollModes: typeof ROLL_MODES_V13 };
};

export const fakeConfig = {
  Actor: documentConfig(FakeActor),
  Item: documentConfig(FakeItem),
  ChatMessage: chatMessageConfig(),
  ActiveEffect: documentConfig(FakeActiveEffect),
  Macro: documentConfig(FakeMacro),
  // v13: an array of entries; v14: an object keyed by status id (API v14 `CONFIG.statusEffects`).
  statusEffects: (generation === 14 ? {} : []) as unknown,
  specialStatusEffects: {} as Record<string, string>,
  Dice: diceConfig(),
  queries: {} as Record<string, (data: unknown, options: { timeout?: number }) => unknown>,
  ui: {} as Record<string, unknown>,
  sounds: { dice: "sounds/dice.wav" },
};

export const fakeGame = {
  // The manifest's own flag, as game.system carries it.
  system: {
    id: "brink",
    socket:
      JSON.parse(readFileSync(resolve(import.meta.dirname, "../../system.json"), "utf8")).socket === true,
    // The manifest's document subtypes and what the server does with their fields (gm-only-fields.ts).
    documentTypes: JSON.parse(readFileSync(resolve(import.meta.dirname, "../../system.json"), "utf8"))
      .documentTypes as Record<string, unknown>,
  },
  socket,
  i18n,
  settings,
  keybindings,
  keyboard,
  users,
  time,
  get user() {
    return session.user;
  },
  actors: (FakeDocument.worldCollections.Actor ??= new Collection()),
  items: (FakeDocument.worldCollections.Item ??= new Collection()),
  messages: (FakeDocument.worldCollections.ChatMessage ??= new Collection()),
  tables: (FakeDocument.worldCollections.RollTable ??= new Collection()),
  macros: (FakeDocument.worldCollections.Macro ??= new Collection()),
  /** Active modules; empty unless a test turns one on (dice-so-nice.ts). */
  modules: new Collection<{ id: string; active: boolean }>(),
  ready: true,
  /** Which Foundry this is (API `Game#release`: `generation`, `build`). */
  release,
} as Record<string, unknown>;

const CONST = Object.defineProperty(
  {
    DOCUMENT_OWNERSHIP_LEVELS: OWNERSHIP,
    SORT_INTEGER_DENSITY,
    ...(generation === 14 ? { ACTIVE_EFFECT_CHANGE_TYPES } : {}),
  },
  // v14 deprecates the numeric modes and warns on every read (removed in v16).
  "ACTIVE_EFFECT_MODES",
  {
    enumerable: true,
    get: () => {
      deprecated("CONST.ACTIVE_EFFECT_MODES (use CONST.ACTIVE_EFFECT_CHANGE_TYPES)");
      return ACTIVE_EFFECT_MODES;
    },
  },
);

/**
 * Each user's mode: v13's `core.rollMode`; v14's `core.messageMode`, where `core.rollMode` is a
 * deprecated alias that reads and writes the message mode under its old names.
 */
function registerModeSettings(): void {
  if (generation === 13) {
    settings.register("core", "rollMode", { scope: "client", default: "publicroll" });
    return;
  }
  settings.register("core", "messageMode", { scope: "client", default: "public" });
  const { get, set } = settings;
  const oldName = (mode: unknown) =>
    Object.entries(V14_MODE_OF).find(([, current]) => current === mode)?.[0] ?? "publicroll";
  settings.get = function (namespace: string, key: string): unknown {
    if (namespace !== "core" || key !== "rollMode") return get.call(this, namespace, key);
    deprecated('game.settings "core.rollMode" (use "core.messageMode")');
    return oldName(get.call(this, "core", messageModeSetting));
  };
  settings.set = async function (namespace: string, key: string, value: unknown): Promise<unknown> {
    if (namespace !== "core" || key !== "rollMode") return set.call(this, namespace, key, value);
    deprecated('game.settings "core.rollMode" (use "core.messageMode")');
    return set.call(this, "core", messageModeSetting, V14_MODE_OF[String(value)] ?? value);
  };
}

/** The sheet registered for the document's type, else the default one for its document name. */
FakeDocument.sheetClassFor = (doc) => {
  const candidates = registeredSheets.filter((s) => s.documentName === doc.documentName);
  const typed = candidates.find((s) => (s.options.types as string[] | undefined)?.includes(doc.type));
  const chosen = typed ?? candidates.find((s) => s.options.makeDefault === true && !s.options.types);
  return chosen?.sheetClass as (new (options: Record<string, unknown>) => unknown) | undefined;
};

FakeDocument.configuredClass = (name) =>
  (fakeConfig as unknown as Record<string, { documentClass?: typeof FakeDocument } | undefined>)[name]
    ?.documentClass;

/** Resolves the uuids Brink stores: world actors, items and messages, and tokens on the fake canvas. */
function fromUuidSync(uuid: string): unknown {
  const token = fakeCanvas.tokens.placeables.find((t) => t.document.uuid === uuid);
  if (token) return token.document;
  const [documentName, id, ...rest] = uuid.split(".");
  const parent = FakeDocument.worldCollections[documentName ?? ""]?.get(id ?? "") ?? null;
  if (!parent || rest.length < 2) return parent;
  const [childName, childId] = rest;
  return parent.getEmbeddedCollection(childName ?? "").get(childId ?? "") ?? null;
}

const dom = new Window();
/** A detached element with the given inner HTML, for documents that render themselves. */
function element(tag: string, html: string): HTMLElement {
  const created = dom.document.createElement(tag);
  created.innerHTML = html;
  return created as unknown as HTMLElement;
}

export function installFakeFoundry(): void {
  setRollRenderer(renderTemplate);
  setRollClasses(() => fakeConfig.Dice.rolls);
  setElementFactory(element);
  setApplicationBase(ApplicationV2);
  FakeDocument.registry.Macro = FakeMacro;
  setMacroAuthorLookup((id) => users.get(id));
  Object.assign(globalThis, {
    foundry: fakeFoundry,
    CONFIG: fakeConfig,
    game: fakeGame,
    Hooks: hooks,
    ui: { notifications, controls: sceneControls },
    Actor: FakeActor,
    Item: FakeItem,
    ChatMessage: FakeChatMessage,
    ActiveEffect: FakeActiveEffect,
    Macro: FakeMacro,
    CONST,
    Handlebars,
    Roll: FakeRoll,
    canvas: fakeCanvas,
    fromUuidSync,
    fromUuid: async (uuid: string) => fromUuidSync(uuid),
  });
  registerModeSettings();
  // Each user's dice fulfilment by denomination ("d20": "manual"); digital when unset.
  settings.register("core", "diceConfiguration", { scope: "client", default: {} });
  setHandEntry((faces) => {
    const configured = settings.get("core", "diceConfiguration") as Record<string, string> | undefined;
    return configured?.[`d${faces}`] === "manual" ? session.user.id : null;
  });
  installFakeCombat();
  (fakeConfig as unknown as { Token: Record<string, unknown> }).Token.hudClass = FakeTokenHUD;
  installFakePacks();
}

/** Back to an empty world between tests; registrations made at init stay. */
export function resetWorld(): void {
  for (const collection of Object.values(FakeDocument.worldCollections)) collection.clear();
  writeLog.length = 0;
  notifications.log.length = 0;
  clearDialogAnswers();
  settings.reset();
  keybindings.reset();
  time.worldTime = 0;
  session.user = users.get("gm") ?? session.user;
  controlledTokens.clear();
  coreTurnLog.length = 0;
  handEntries.length = 0;
  sceneControls.forget();
  combatSoundLog.length = 0;
  for (const user of users.all.values()) {
    user.hotbar = {};
    user.flags = {};
  }
}

export { hooks, notifications, session, settings, users, writeLog, FakeActor, FakeItem, FakeChatMessage };
