/**
 * Combat in the fake: Combat with its embedded `combatants` and `groups`, Combatant (linked to its
 * actor and, through the combat's scene, its token), CombatantGroup with its `members`, Scene (its
 * tokens are token.ts's), and the sidebar CombatTracker Brink's tracker extends.
 * Writes go through FakeDocument, so the write log counts them. As in v13: `turns` are the combatants
 * in core's sort order, `game.combat` is `game.combats.viewed`, combat documents are the GM's (a
 * player may only move the turn or round of a combat whose current combatant they own, and may
 * only write combatants they own), and core's startCombat/nextTurn/nextRound fire `combatStart`,
 * `combatTurn` and `combatRound` on the initiating client before the update. What Brink assumes
 * here is checked in a live world by test/contracts/combat.contract.ts.
 */
import { FakeCombatTracker, canvasLog } from "./combat-tracker";
import { FakeToken, TOKEN_DISPOSITIONS, controlledTokens } from "./token";
import {
  coreTurnLog,
  manageCoreTurnEvents,
  playCoreTurnSounds,
  type TurnContext,
} from "./combat-turn-events";
import { FakeRoll } from "./dice";
import {
  Collection,
  FakeDocument,
  PermissionError,
  dataModels,
  session,
  type FakeUser,
  type ModifyAction,
  type OWNERSHIP,
  runOnEveryClient,
} from "./documents";
import { hooks } from "./hooks";
import { users } from "./runtime";
import type { Plain } from "./utils";

export { FakeToken, controlledTokens };

interface FakeGlobals {
  game: Record<string, unknown> & { actors: Collection<FakeDocument> };
  CONFIG: Record<string, unknown>;
  CONST: Record<string, unknown>;
  foundry: { applications: Record<string, unknown> };
  canvas: Record<string, unknown>;
}
const globals = () => globalThis as unknown as FakeGlobals;

export class FakeScene extends FakeDocument {
  static override documentName = "Scene";
  static override metadata = { embedded: { tokens: "Token" } };

  get tokens(): Collection<FakeDocument> {
    return this.collections.tokens ?? new Collection();
  }
  /** The scene's grid: the size of a square in pixels and the distance it stands for (v13 `Scene#grid`). */
  get grid(): { size: number; distance: number } {
    const grid = (this._source.grid as { size?: number; distance?: number } | undefined) ?? {};
    return { size: grid.size ?? 100, distance: grid.distance ?? 1 };
  }
}

export class FakeCombatantGroup extends FakeDocument {
  static override documentName = "CombatantGroup";

  get combat(): FakeCombat | null {
    return this.parent as FakeCombat | null;
  }
  /** The combatants whose `group` names this group. */
  get members(): Set<FakeCombatant> {
    const combatants = this.combat?.combatants.contents ?? [];
    return new Set(
      combatants.filter((c) => (c as FakeCombatant)._source.group === this.id) as FakeCombatant[],
    );
  }
}

export class FakeCombatant extends FakeDocument {
  static override documentName = "Combatant";

  get combat(): FakeCombat | null {
    return this.parent as FakeCombat | null;
  }
  get actorId(): string | null {
    return (this._source.actorId as string | undefined) ?? null;
  }
  get tokenId(): string | null {
    return (this._source.tokenId as string | undefined) ?? null;
  }
  /** The scene of the combatant's token (core's Combatant#sceneId). */
  get sceneId(): string | null {
    return this.combat?.scene?.id ?? null;
  }
  get token(): FakeToken | null {
    const id = this.tokenId;
    return id ? ((this.combat?.scene?.tokens.get(id) as FakeToken | undefined) ?? null) : null;
  }
  /** The token's actor when there is a token, else the actor by id, as Foundry resolves it. */
  get actor(): FakeDocument | null {
    const token = this.token;
    if (token) return token.actor;
    return this.actorId ? (globals().game.actors.get(this.actorId) ?? null) : null;
  }
  /** The group field resolves to the CombatantGroup document. */
  get group(): FakeCombatantGroup | null {
    const id = this._source.group;
    return typeof id === "string"
      ? ((this.combat?.groups.get(id) as FakeCombatantGroup | undefined) ?? null)
      : null;
  }
  override get name(): string {
    return String(this._source.name || this.token?.name || this.actor?.name || "");
  }
  override get img(): string | null {
    return (this._source.img as string | undefined) ?? (this.actor?.img || null);
  }
  get hidden(): boolean {
    return this._source.hidden === true;
  }
  get defeated(): boolean {
    return this._source.defeated === true;
  }
  get initiative(): number | null {
    return (this._source.initiative as number | undefined) ?? null;
  }
  /** Combatant permissions follow the actor's. */
  override testUserPermission(user: FakeUser, level: keyof typeof OWNERSHIP | number): boolean {
    const actor = this.actor;
    return actor ? actor.testUserPermission(user, level) : user.isGM;
  }
  get visible(): boolean {
    return this.isOwner || !this.hidden;
  }
  /** Whether any player (not a GM) owns the combatant's actor. */
  get hasPlayerOwner(): boolean {
    const ownership = this.actor?.ownership ?? {};
    return Object.entries(ownership).some(([id, level]) => id !== "default" && level >= 3);
  }
}

/** Refused as Foundry refuses a write the user lacks permission for: the promise rejects, nothing changes. */
function refuse(user: FakeUser, action: string, document: FakeDocument): never {
  throw new PermissionError(user, action, document);
}

/** The fields of a combat a player may write (v13 BaseCombat): only the turn and round. */
const PLAYER_COMBAT_FIELDS = new Set(["_id", "round", "turn"]);

export class FakeCombat extends FakeDocument {
  static override documentName = "Combat";
  static override metadata = { embedded: { combatants: "Combatant", groups: "CombatantGroup" } };

  get combatants(): Collection<FakeCombatant> {
    return (this.collections.combatants ?? new Collection()) as Collection<FakeCombatant>;
  }
  get groups(): Collection<FakeCombatantGroup> {
    return (this.collections.groups ?? new Collection()) as Collection<FakeCombatantGroup>;
  }
  get round(): number {
    return Number(this._source.round ?? 0);
  }
  get turn(): number | null {
    return (this._source.turn as number | null | undefined) ?? null;
  }
  get started(): boolean {
    return this.round > 0;
  }
  get active(): boolean {
    return this._source.active === true;
  }
  get scene(): FakeScene | null {
    const id = this._source.scene;
    const scenes = FakeDocument.worldCollections.Scene;
    return typeof id === "string" ? ((scenes?.get(id) as FakeScene | undefined) ?? null) : null;
  }

  /**
   * Core's turn order (Combat#_sortCombatants): highest initiative first, combatants without one
   * last, then by id (never by name). `turn` is an index into this order.
   */
  static _sortCombatants(a: FakeCombatant, b: FakeCombatant): number {
    const ia = a.initiative ?? -Infinity;
    const ib = b.initiative ?? -Infinity;
    const byInitiative = ib - ia;
    if (byInitiative && !Number.isNaN(byInitiative)) return byInitiative;
    return a.id > b.id ? 1 : -1;
  }
  _sortCombatants(a: FakeCombatant, b: FakeCombatant): number {
    return (this.constructor as typeof FakeCombat)._sortCombatants(a, b);
  }
  get turns(): FakeCombatant[] {
    return [...this.combatants.contents].sort((a, b) => this._sortCombatants(a, b));
  }
  get combatant(): FakeCombatant | null {
    const turn = this.turn;
    return turn === null ? null : (this.turns[turn] ?? null);
  }
  /** The combatant after `turn` in core's order, wrapping to the first (#13603: not who really acts next). */
  get nextCombatant(): FakeCombatant | null {
    const turns = this.turns;
    if (this.turn === null || turns.length === 0) return null;
    return turns[(this.turn + 1) % turns.length] ?? null;
  }

  /** After a write that moves the turn or the round: core's sounds and turn events (combat-turn-events.ts). */
  override async update(changes: Plain, options: Plain = {}): Promise<this | undefined> {
    const before = { round: this.round, turn: this.turn, combatantId: this.combatant?.id ?? null };
    const updated = await super.update(changes, options);
    if (!updated || (this.round === before.round && this.turn === before.turn)) return updated;
    playCoreTurnSounds(
      this,
      users.filter((user) => user.active),
    );
    if (options.turnEvents !== false) await manageCoreTurnEvents(this, before);
    return updated;
  }

  // Core's turn-event methods, called on the active GM's client. Core's own work in them (region
  // behaviours, movement history) is what the log records; a system overrides them and calls super.
  async _onStartTurn(combatant: FakeCombatant, context: TurnContext): Promise<void> {
    coreTurnLog.push({
      event: "turnStart",
      combatantId: combatant.id,
      round: context.round,
      skipped: context.skipped,
    });
  }
  async _onEndTurn(combatant: FakeCombatant, context: TurnContext): Promise<void> {
    coreTurnLog.push({
      event: "turnEnd",
      combatantId: combatant.id,
      round: context.round,
      skipped: context.skipped,
    });
  }
  async _onStartRound(context: TurnContext): Promise<void> {
    coreTurnLog.push({ event: "roundStart", round: context.round });
  }
  async _onEndRound(context: TurnContext): Promise<void> {
    coreTurnLog.push({ event: "roundEnd", round: context.round });
  }

  // Permissions (v13 BaseCombat): the GM does anything; a player may change the turn or the round
  // only while a combatant they own has the turn, and nothing else.

  _canChangeTurn(user: FakeUser): boolean {
    return user.isGM || (this.combatant?.testUserPermission(user, "OWNER") ?? false);
  }
  _canChangeRound(user: FakeUser): boolean {
    return this._canChangeTurn(user);
  }
  /** FakeDocument checks this before every write of the combat itself (create, update, delete). */
  override canUserModify(user: FakeUser, action: ModifyAction, data: Plain = {}): boolean {
    if (user.isGM) return true;
    if (action !== "update") return false;
    if (Object.keys(data).some((key) => !PLAYER_COMBAT_FIELDS.has(key))) return false;
    if ("turn" in data && !this._canChangeTurn(user)) return false;
    return !("round" in data && !this._canChangeRound(user));
  }

  // Core's controls. Each fires its hook on the initiating client before the update, with the
  // update data (and options) a listener may still change.

  async startCombat(): Promise<this | undefined> {
    const updateData = { round: 1, turn: 0 };
    hooks.callAll("combatStart", this, updateData);
    return this.update(updateData, { direction: 1, worldTime: { delta: 0 } });
  }
  async nextTurn(): Promise<this | undefined> {
    const next = (this.turn ?? -1) + 1;
    if (next >= this.turns.length) return this.nextRound();
    const updateData = { round: this.round, turn: next };
    const updateOptions = { direction: 1, worldTime: { delta: 0 } };
    hooks.callAll("combatTurn", this, updateData, updateOptions);
    return this.update(updateData, updateOptions);
  }
  async previousTurn(): Promise<this | undefined> {
    if (this.turn === 0 && this.round === 0) return this;
    if ((this.turn ?? 0) <= 0) return this.previousRound();
    const updateData = { round: this.round, turn: (this.turn ?? 1) - 1 };
    const updateOptions = { direction: -1, worldTime: { delta: 0 } };
    hooks.callAll("combatTurn", this, updateData, updateOptions);
    return this.update(updateData, updateOptions);
  }
  async nextRound(): Promise<this | undefined> {
    const updateData = { round: this.round + 1, turn: 0 };
    const updateOptions = { direction: 1, worldTime: { delta: 0 } };
    hooks.callAll("combatRound", this, updateData, updateOptions);
    return this.update(updateData, updateOptions);
  }
  async previousRound(): Promise<this | undefined> {
    const round = Math.max(this.round - 1, 0);
    const updateData = { round, turn: round === 0 ? null : Math.max(this.turns.length - 1, 0) };
    const updateOptions = { direction: -1, worldTime: { delta: 0 } };
    hooks.callAll("combatRound", this, updateData, updateOptions);
    return this.update(updateData, updateOptions);
  }
  async endCombat(): Promise<this | undefined> {
    return this.delete();
  }

  /** Core's initiative: rolls the formula for each combatant and writes the results in one update. */
  async rollInitiative(ids: string | string[]): Promise<this> {
    const formula = String(
      (globals().CONFIG.Combat as { initiative?: { formula?: string } }).initiative?.formula ?? "1d20",
    );
    const updates: Plain[] = [];
    for (const id of typeof ids === "string" ? [ids] : ids) {
      const roll = await new FakeRoll(formula).evaluate();
      updates.push({ _id: id, initiative: roll.total ?? 0 });
    }
    await this.updateEmbeddedDocuments("Combatant", updates);
    return this;
  }
  async rollAll(): Promise<this> {
    const ids = this.combatants.filter((c) => c.isOwner && c.initiative === null).map((c) => c.id);
    return this.rollInitiative(ids);
  }
  async rollNPC(): Promise<this> {
    const npcs = this.combatants.filter((c) => c.isOwner && c.initiative === null && !c.hasPlayerOwner);
    return this.rollInitiative(npcs.map((c) => c.id));
  }

  // Foundry calls these on the parent after each embedded write, on every connected client.
  _onCreateDescendantDocuments(..._args: unknown[]): void {}
  _onUpdateDescendantDocuments(..._args: unknown[]): void {}
  _onDeleteDescendantDocuments(..._args: unknown[]): void {}

  #checkEmbedded(action: "create" | "update" | "delete", name: string, documents: FakeDocument[]): void {
    const user = session.user;
    if (user.isGM) return;
    // A combatant's ownership is its actor's; a group's is its own (the GM's unless granted).
    for (const document of documents) {
      if (!document.testUserPermission(user, "OWNER")) refuse(user, action, document);
    }
  }

  override async createEmbeddedDocuments(name: string, data: Plain[], options: Plain = {}) {
    const cls = FakeDocument.configuredClass(name) ?? FakeDocument.registry[name] ?? FakeDocument;
    this.#checkEmbedded(
      "create",
      name,
      data.map((d) => new cls(d, { parent: this })),
    );
    const created = await super.createEmbeddedDocuments(name, data, options);
    const writer = session.user.id;
    runOnEveryClient(() =>
      this._onCreateDescendantDocuments(this, collectionOf(name), created, data, options, writer),
    );
    return created;
  }
  override async updateEmbeddedDocuments(name: string, updates: Plain[], options: Plain = {}) {
    const collection = this.getEmbeddedCollection(name);
    this.#checkEmbedded(
      "update",
      name,
      updates.flatMap((u) => collection.get(String(u._id)) ?? []),
    );
    const updated = await super.updateEmbeddedDocuments(name, updates, options);
    const writer = session.user.id;
    runOnEveryClient(() =>
      this._onUpdateDescendantDocuments(this, collectionOf(name), updated, updates, options, writer),
    );
    return updated;
  }
  override async deleteEmbeddedDocuments(name: string, ids: string[], options: Plain = {}) {
    const collection = this.getEmbeddedCollection(name);
    this.#checkEmbedded(
      "delete",
      name,
      ids.flatMap((id) => collection.get(id) ?? []),
    );
    const deleted = await super.deleteEmbeddedDocuments(name, ids, options);
    const writer = session.user.id;
    runOnEveryClient(() =>
      this._onDeleteDescendantDocuments(this, collectionOf(name), deleted, ids, options, writer),
    );
    return deleted;
  }
}

const collectionOf = (documentName: string): string =>
  Object.entries(FakeCombat.metadata.embedded).find(([, name]) => name === documentName)?.[0] ?? documentName;

function documentConfig(cls: typeof FakeDocument) {
  return {
    documentClass: cls,
    dataModels: (dataModels[cls.documentName] ??= {}),
    typeLabels: {},
    typeIcons: {},
  };
}

/**
 * v13's CombatEncounters: `active` is the started combat of the viewed scene, `viewed` the one the
 * tracker shows (the active one unless the user cycled to another), and `game.combat` is `viewed`.
 */
let viewedId: string | null = null;
function combats(): FakeCombat[] {
  return (FakeDocument.worldCollections.Combat?.contents ?? []) as FakeCombat[];
}
function activeCombat(): FakeCombat | null {
  return combats().find((combat) => combat.active) ?? null;
}
function viewedCombat(): FakeCombat | null {
  const chosen = viewedId ? combats().find((combat) => combat.id === viewedId) : undefined;
  return chosen ?? activeCombat() ?? combats().at(-1) ?? null;
}
/** What the tracker's encounter cycling does: shows another combat without activating it. */
export function viewCombat(combat: FakeCombat | null): void {
  viewedId = combat?.id ?? null;
}

export function installFakeCombat(): void {
  for (const cls of [FakeToken, FakeScene, FakeCombatantGroup, FakeCombatant, FakeCombat]) {
    FakeDocument.registry[cls.documentName] = cls;
  }
  const { game, CONFIG, CONST, foundry } = globals();
  Object.assign(CONFIG, {
    Combat: { ...documentConfig(FakeCombat), initiative: { formula: "1d20", decimals: 0 } },
    Combatant: documentConfig(FakeCombatant),
    CombatantGroup: documentConfig(FakeCombatantGroup),
    Scene: documentConfig(FakeScene),
    Token: documentConfig(FakeToken),
  });
  CONST.TOKEN_DISPOSITIONS = TOKEN_DISPOSITIONS;
  const collection = (FakeDocument.worldCollections.Combat ??= new Collection());
  Object.defineProperties(collection, {
    active: { get: activeCombat, configurable: true },
    viewed: { get: viewedCombat, configurable: true },
  });
  game.combats = collection;
  // The canvas as the tracker uses it; the scene it shows is the one a fight's tokens stand on.
  Object.assign(globals().canvas, {
    scene: null,
    ping: (point: { x: number; y: number }) =>
      canvasLog.push({ action: "ping", id: `${point.x},${point.y}` }),
    animatePan: (point: { x: number; y: number }) =>
      canvasLog.push({ action: "pan", id: `${point.x},${point.y}` }),
  });
  game.scenes = FakeDocument.worldCollections.Scene ??= new Collection();
  Object.defineProperty(game, "combat", { get: viewedCombat, configurable: true });
  foundry.applications.sidebar = { tabs: { CombatTracker: FakeCombatTracker } };
  Object.assign(globalThis, {
    Combat: FakeCombat,
    Combatant: FakeCombatant,
    CombatantGroup: FakeCombatantGroup,
    Scene: FakeScene,
    TokenDocument: FakeToken,
  });
}
