/**
 * Fights for the combat tests: Brink booted with combat registered, actors owned by players, a scene
 * with their tokens, and a combat whose teams the GM's client has already set up.
 */
import { FakeScene } from "../fake-foundry/combat";
import type { DataModel } from "../fake-foundry/data-model";
import { users, writeLog } from "../fake-foundry/install";
import { localizeDataModel, makeUser } from "../fake-foundry/runtime";
import type { FakeUser, WriteRecord } from "../fake-foundry/documents";
import { bootBrink } from "./boot";
import type { BrinkCombat } from "../../src/documents/combat";
import type { BrinkCombatant } from "../../src/documents/combatant";
import type { BrinkCombatTracker, TrackerView } from "../../src/applications/combat";

/** Boots Brink and registers combat, unless the entry module already did (brink.ts calls registerCombat). */
export async function bootCombat(): Promise<void> {
  await bootBrink();
  const { registerCombat } = await import("../../src/applications/combat");
  const { BrinkCombat } = await import("../../src/documents/combat");
  const { CombatData, CombatantData, CombatantGroupData } = await import("../../src/data/combat");
  if (CONFIG.Combat.documentClass !== BrinkCombat) registerCombat();
  // Core localises every registered model before i18nInit; the fake's boot covers actors and items.
  for (const model of [CombatData, CombatantData, CombatantGroupData]) {
    localizeDataModel(model as unknown as typeof DataModel);
  }
}

export const DISPOSITIONS = { friendly: 1, neutral: 0, hostile: -1 } as const;

export interface FighterSpec {
  name: string;
  disposition: number;
  /** The player user who owns the actor. */
  owner?: FakeUser;
  type?: "character" | "npc";
  dex?: number;
  /** Danger sense: a talent with the cannotBeSurprised trait. */
  dangerSense?: boolean;
  /** An actor from an earlier scene (e.g. back from a retreat) instead of a new one. */
  actor?: Actor.Implementation;
}

export interface Fight {
  combat: BrinkCombat;
  /** The combatant with this name. */
  member(name: string): BrinkCombatant;
  actor(name: string): Actor.Implementation;
  teamId(name: "Party" | "Foes" | "Bystanders" | string): string;
  /** The combatant's token as the canvas shows it (for targeting): its Token document and actor. */
  token(name: string): { name: string; actor: unknown; document: { uuid: string } };
}

export function player(id: string): FakeUser {
  return users.get(id) ?? users.add(makeUser({ id, name: id, isGM: false }));
}

/** Creates the actors, a scene with their tokens and a combat with them, teams set up by the GM's client. */
export async function setUpFight(fighters: readonly FighterSpec[]): Promise<Fight> {
  const actors = new Map<string, Actor.Implementation>();
  for (const fighter of fighters) {
    if (fighter.actor) {
      actors.set(fighter.name, fighter.actor);
      continue;
    }
    const actor = await Actor.implementation.create({
      name: fighter.name,
      type: fighter.type ?? (fighter.disposition > 0 ? "character" : "npc"),
      ownership: {
        default: CONST.DOCUMENT_OWNERSHIP_LEVELS.NONE,
        ...(fighter.owner ? { [fighter.owner.id]: CONST.DOCUMENT_OWNERSHIP_LEVELS.OWNER } : {}),
      },
      system: { attributes: { dex: { die: fighter.dex ?? 6 } } },
      items: fighter.dangerSense
        ? [{ name: "Danger sense", type: "talent", system: { traits: ["cannotBeSurprised"] } }]
        : [],
    });
    if (!actor) throw new Error(`${fighter.name} was not created`);
    actors.set(fighter.name, actor);
  }
  const scene = await FakeScene.create({
    name: "Guardhouse",
    tokens: fighters.map((fighter, index) => ({
      name: fighter.name,
      x: index * 100,
      y: 0,
      actorId: actors.get(fighter.name)?.id,
      disposition: fighter.disposition,
    })),
  });
  // The canvas shows the fight's scene, so the tracker may ping and pan to its tokens.
  Object.assign(canvas as object, { scene });
  const combat = (await Combat.implementation.create({ scene: scene.id, active: true })) as BrinkCombat;
  const tokens = (scene as FakeScene).tokens.contents;
  await combat.createEmbeddedDocuments(
    "Combatant",
    tokens.map((token) => ({ tokenId: token.id, actorId: String(token._source.actorId) })),
  );
  await combat.whenSynced();
  const member = (name: string): BrinkCombatant => {
    const found = [...combat.combatants].find((combatant) => combatant.name === name);
    if (!found) throw new Error(`no combatant ${name}`);
    return found;
  };
  return {
    combat,
    member,
    actor: (name) => {
      const found = actors.get(name);
      if (!found) throw new Error(`no actor ${name}`);
      return found;
    },
    token: (name) => {
      const document = member(name).token as unknown as { uuid: string; actor: unknown } | null;
      if (!document) throw new Error(`no token for ${name}`);
      return { name, actor: document.actor, document };
    },
    teamId: (name) => {
      const found = [...combat.groups].find((group) => group.name === name);
      if (!found?.id) throw new Error(`no team ${name}`);
      return found.id;
    },
  };
}

/** Roland (the given player's character) against a Guard, begun with the party's turn. */
export async function rolandAgainstGuard(owner: FakeUser): Promise<Fight> {
  const f = await setUpFight([
    { name: "Roland", disposition: DISPOSITIONS.friendly, owner },
    { name: "Guard", disposition: DISPOSITIONS.hostile },
  ]);
  await f.combat.begin({ startingTeam: f.teamId("Party") });
  return f;
}

/** The writes `work` caused, as the fake's write log recorded them. */
export async function writesDuring(work: () => Promise<unknown>): Promise<WriteRecord[]> {
  const before = writeLog.length;
  await work();
  return writeLog.slice(before);
}

/** Brink's tracker rendered by the fake's CombatTracker for the current user, as Foundry mounts it. */
export async function mountTracker(): Promise<BrinkCombatTracker> {
  const { BrinkCombatTracker } = await import("../../src/applications/combat");
  const tracker = new BrinkCombatTracker({});
  await tracker.render({ force: true });
  return tracker;
}

/**
 * Renders the tracker the way Foundry would for the current user: core's header part (as the fake
 * renders it) and Brink's parts, after Brink's _onRender has run, inside a sidebar window frame.
 */
export async function renderTracker(): Promise<{ html: string; view: TrackerView }> {
  const tracker = await mountTracker();
  const classes = ((tracker.options.classes as string[] | undefined) ?? []).join(" ");
  return {
    html: `<div class="application ${classes} theme-light"><section class="window-content">${tracker.element.innerHTML}</section></div>`,
    view: tracker.currentView(),
  };
}

/**
 * Three teams mid-round, with every mark the tracker can show: Roland has acted with a reload
 * still to finish, the captain has acted, Clementine has guarded, Fabian is unconscious, and it is
 * the foes' move, with the innkeeper's team still to come. Clementine's player also plays Odette.
 */
export async function midRoundFight(): Promise<Fight> {
  const owners = { Roland: player("roland-player"), Clementine: player("clementine-player") };
  const f = await setUpFight([
    { name: "Roland", disposition: DISPOSITIONS.friendly, owner: owners.Roland },
    { name: "Clementine", disposition: DISPOSITIONS.friendly, owner: owners.Clementine },
    { name: "Fabian", disposition: DISPOSITIONS.friendly },
    { name: "Odette", disposition: DISPOSITIONS.friendly, owner: owners.Clementine },
    { name: "Guard Captain", disposition: DISPOSITIONS.hostile },
    { name: "Guard", disposition: DISPOSITIONS.hostile },
    { name: "Crossbowman of the Watch", disposition: DISPOSITIONS.hostile },
    { name: "Innkeeper", disposition: DISPOSITIONS.neutral },
  ]);
  const { combat, member } = f;
  await combat.begin({ startingTeam: f.teamId("Party"), attackedTeam: f.teamId("Foes") });
  await combat.takeTurn(member("Roland").id ?? "");
  await member("Roland").spendAction("attack");
  await member("Roland").spendAction("attack");
  await member("Roland").spendAction({ key: "reload", cost: 2 });
  await combat.endTurn();
  await combat.takeTurn(member("Guard Captain").id ?? "");
  await combat.endTurn();
  await combat.takeTurn(member("Clementine").id ?? "");
  await member("Clementine").spendAction("guard");
  await f.actor("Fabian").toggleStatusEffect("unconscious", { active: true });
  await combat.whenSynced();
  return f;
}
