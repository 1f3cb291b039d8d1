/**
 * Combat in the fake: Combat with its embedded `combatants` and `groups`, Combatant (linked to its
 * actor and, through the combat's scene, its token), CombatantGroup with its `members`, Scene and
 * Token as far as a combatant needs them, and the sidebar CombatTracker Brink's tracker extends.
 * Writes go through FakeDocument, so the write log counts them. What Brink assumes here is checked
 * in a live world by test/contracts/combat.contract.ts.
 */
import { ApplicationV2 } from "./applications";
import { Collection, FakeDocument, dataModels, session, type FakeUser, type OWNERSHIP } from "./documents";
import { deepClone, type Plain } from "./utils";

const TOKEN_DISPOSITIONS = { SECRET: -2, HOSTILE: -1, NEUTRAL: 0, FRIENDLY: 1 } as const;

interface FakeGlobals {
  game: Record<string, unknown> & { actors: Collection<FakeDocument> };
  CONFIG: Record<string, unknown>;
  CONST: Record<string, unknown>;
  foundry: { applications: Record<string, unknown> };
}
const globals = () => globalThis as unknown as FakeGlobals;

export class FakeToken extends FakeDocument {
  static override documentName = "Token";

  get actorId(): string | null {
    return (this._source.actorId as string | undefined) ?? null;
  }
  get disposition(): number {
    return Number(this._source.disposition ?? TOKEN_DISPOSITIONS.HOSTILE);
  }
  get actor(): FakeDocument | null {
    return this.actorId ? (globals().game.actors.get(this.actorId) ?? null) : null;
  }
  override get name(): string {
    return String(this._source.name || this.actor?.name || "");
  }
}

export class FakeScene extends FakeDocument {
  static override documentName = "Scene";
  static override metadata = { embedded: { tokens: "Token" } };

  get tokens(): Collection<FakeDocument> {
    return this.collections.tokens ?? new Collection();
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
}

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
  /** Core sorts by initiative; with none rolled, creation order is what the fake keeps. */
  get turns(): FakeCombatant[] {
    return this.combatants.contents;
  }
  get combatant(): FakeCombatant | null {
    const turn = this.turn;
    return turn === null ? null : (this.turns[turn] ?? null);
  }

  // Foundry calls these on the parent after each embedded write, on every client.
  _onCreateDescendantDocuments(..._args: unknown[]): void {}
  _onUpdateDescendantDocuments(..._args: unknown[]): void {}
  _onDeleteDescendantDocuments(..._args: unknown[]): void {}

  override async createEmbeddedDocuments(name: string, data: Plain[], options: Plain = {}) {
    const created = await super.createEmbeddedDocuments(name, data, options);
    this._onCreateDescendantDocuments(this, collectionOf(name), created, data, options, session.user.id);
    return created;
  }
  override async updateEmbeddedDocuments(name: string, updates: Plain[], options: Plain = {}) {
    const updated = await super.updateEmbeddedDocuments(name, updates, options);
    this._onUpdateDescendantDocuments(this, collectionOf(name), updated, updates, options, session.user.id);
    return updated;
  }
  override async deleteEmbeddedDocuments(name: string, ids: string[], options: Plain = {}) {
    const deleted = await super.deleteEmbeddedDocuments(name, ids, options);
    this._onDeleteDescendantDocuments(this, collectionOf(name), deleted, ids, options, session.user.id);
    return deleted;
  }
}

const collectionOf = (documentName: string): string =>
  Object.entries(FakeCombat.metadata.embedded).find(([, name]) => name === documentName)?.[0] ?? documentName;

/** Core's sidebar tab, as far as a subclass relies on it: its parts, the combat it shows, render hooks. */
export class FakeCombatTracker extends ApplicationV2 {
  static override PARTS: Record<string, Plain> = {
    header: { template: "templates/sidebar/tabs/combat/header.hbs" },
    tracker: { template: "templates/sidebar/tabs/combat/tracker.hbs" },
    footer: { template: "templates/sidebar/tabs/combat/footer.hbs" },
  };

  get viewed(): FakeCombat | null {
    return (globals().game.combat as FakeCombat | null | undefined) ?? null;
  }
  _configureRenderParts(_options: Plain): Record<string, Plain> {
    return deepClone((this.constructor as typeof FakeCombatTracker).PARTS);
  }
  async _onFirstRender(_context: Plain, _options: Plain): Promise<void> {}
  async _onRender(_context: Plain, _options: Plain): Promise<void> {}
}

function documentConfig(cls: typeof FakeDocument) {
  return {
    documentClass: cls,
    dataModels: (dataModels[cls.documentName] ??= {}),
    typeLabels: {},
    typeIcons: {},
  };
}

/** The combat the sidebar shows: the active one, else the most recently created. */
function viewedCombat(): FakeCombat | null {
  const combats = (FakeDocument.worldCollections.Combat?.contents ?? []) as FakeCombat[];
  return combats.find((combat) => combat.active) ?? combats.at(-1) ?? null;
}

export function installFakeCombat(): void {
  for (const cls of [FakeToken, FakeScene, FakeCombatantGroup, FakeCombatant, FakeCombat]) {
    FakeDocument.registry[cls.documentName] = cls;
  }
  const { game, CONFIG, CONST, foundry } = globals();
  Object.assign(CONFIG, {
    Combat: documentConfig(FakeCombat),
    Combatant: documentConfig(FakeCombatant),
    CombatantGroup: documentConfig(FakeCombatantGroup),
    Scene: documentConfig(FakeScene),
    Token: documentConfig(FakeToken),
  });
  CONST.TOKEN_DISPOSITIONS = TOKEN_DISPOSITIONS;
  game.combats = FakeDocument.worldCollections.Combat ??= new Collection();
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
