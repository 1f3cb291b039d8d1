/**
 * The encounter planner (GM tool, issue 28): actors dropped from the sidebar or a compendium onto
 * two sides, with counts, no scene or combat needed. Every change asks for the odds again (cached
 * per state, so adding a foe and taking it away again costs nothing the second time); the policy is
 * the GM's pick and stated in words; the odds can be posted to chat.
 */
import { templatePath } from "../../constants";
import { BrinkActor } from "../../documents/actor";
import { handlebarsApplicationBase, type ApplicationOptions } from "../../foundry/application-base";
import { SIDES, type Encounter, type Side } from "../../rules/simulation";
import { knownOdds, requestOdds } from "./odds-client";
import { figureViews, policyChoices, policyText } from "../../data/chat/odds-view";
import { postOdds } from "./post";
import { fighterFromActor, worldRules } from "./snapshot";
import { choosePolicy, oddsPolicy } from "./tracker-odds";

export const PLANNER_ID = "brink-encounter-planner";
const MAX_COUNT = 30;

interface PlannerEntry {
  readonly uuid: string;
  readonly side: Side;
  count: number;
}

/** The uuid of an actor dropped from the sidebar or a compendium, or null. */
export function droppedActorUuid(data: string): string | null {
  try {
    const parsed: unknown = JSON.parse(data);
    if (typeof parsed !== "object" || parsed === null || !("type" in parsed) || !("uuid" in parsed))
      return null;
    return parsed.type === "Actor" && typeof parsed.uuid === "string" ? parsed.uuid : null;
  } catch {
    return null;
  }
}

export class EncounterPlanner extends handlebarsApplicationBase() {
  static override DEFAULT_OPTIONS: ApplicationOptions = {
    id: PLANNER_ID,
    classes: ["brink", "brink-planner"],
    position: { width: 560 },
    window: { title: "BRINK.Odds.Planner.title", icon: "fa-solid fa-scale-balanced", resizable: true },
    actions: {
      countUp: function (this: EncounterPlanner, _event: Event, target: HTMLElement) {
        return this.changeCount(target, 1);
      },
      countDown: function (this: EncounterPlanner, _event: Event, target: HTMLElement) {
        return this.changeCount(target, -1);
      },
      removeEntry: function (this: EncounterPlanner, _event: Event, target: HTMLElement) {
        return this.changeCount(target, -Infinity);
      },
      plannerPolicy: function (this: EncounterPlanner, _event: Event, target: HTMLElement) {
        return choosePolicy(target.dataset.side ?? "", target.dataset.value ?? "").then(() => this.render());
      },
      plannerFirst: function (this: EncounterPlanner, _event: Event, target: HTMLElement) {
        return this.chooseFirst(target.dataset.side);
      },
      postPlannerOdds: function (this: EncounterPlanner) {
        return this.post();
      },
    },
  };

  static override PARTS = { planner: { template: templatePath("odds/planner.hbs") } };

  private entries: PlannerEntry[] = [];

  /** The side that acts first (RULES §3: the side that started the fight; the GM says which). */
  private startingSide: Side = "party";

  private async chooseFirst(side: string | undefined): Promise<void> {
    if (side !== "party" && side !== "foes") return;
    this.startingSide = side;
    await this.render();
  }

  /** Adds an actor to a side (one more if it is there already). */
  async addActor(uuid: string, side: Side): Promise<boolean> {
    const actor = await fromUuid(uuid);
    if (!(actor instanceof BrinkActor)) {
      ui.notifications?.warn(game.i18n.localize("BRINK.Odds.Planner.notActor"));
      return false;
    }
    const existing = this.entries.find((entry) => entry.uuid === uuid && entry.side === side);
    if (existing) existing.count = Math.min(MAX_COUNT, existing.count + 1);
    else this.entries.push({ uuid, side, count: 1 });
    await this.render();
    return true;
  }

  private async changeCount(target: HTMLElement, by: number): Promise<void> {
    const row = target.closest<HTMLElement>("[data-entry]");
    const entry = this.entries[Number(row?.dataset.entry)];
    if (!entry) return;
    entry.count = Math.max(0, Math.min(MAX_COUNT, entry.count + by));
    this.entries = this.entries.filter((e) => e.count > 0);
    await this.render();
  }

  private actorOf(entry: PlannerEntry): BrinkActor | null {
    const actor = fromUuidSync(entry.uuid);
    return actor instanceof BrinkActor ? actor : null;
  }

  /** The sides as the simulator's input: each entry's actor as it is now, `count` times. */
  encounter(): Encounter {
    const fighters = this.entries.flatMap((entry, e) => {
      const actor = this.actorOf(entry);
      if (!actor) return [];
      return Array.from({ length: entry.count }, (_, n) => {
        const fighter = fighterFromActor(actor, {
          id: `${entry.side}-${e}-${n + 1}`,
          side: entry.side,
          group: entry.uuid,
        });
        return entry.count > 1 ? { ...fighter, name: `${fighter.name} ${n + 1}` } : fighter;
      });
    });
    return { fighters, rules: worldRules(), policy: oddsPolicy(), startingSide: this.startingSide };
  }

  override async _prepareContext(options: unknown) {
    const context = await super._prepareContext(options);
    const encounter = this.encounter();
    const sides = SIDES.map((side) => ({
      side,
      label: game.i18n.localize(`BRINK.Odds.Planner.${side}`),
      entries: this.entries.flatMap((entry, index) => {
        const actor = this.actorOf(entry);
        return entry.side === side && actor
          ? [{ index, name: actor.name, img: actor.img, count: entry.count }]
          : [];
      }),
    }));
    const ready = sides.every((side) => side.entries.length > 0);
    const result = ready ? knownOdds(encounter) : undefined;
    if (ready && (result === undefined || ("final" in result && !result.final)))
      void requestOdds(encounter, () => void this.render()).then(() => this.rendered && this.render());
    const odds = result && "odds" in result ? result.odds : null;
    return Object.assign(context, {
      sides,
      ready,
      computing: ready && odds === null && !(result && "problem" in result),
      problem:
        result && "problem" in result ? game.i18n.localize(`BRINK.Odds.Problem.${result.problem}`) : "",
      figures: odds ? figureViews(odds, encounter.rules) : [],
      fights: odds?.fights ?? 0,
      policy: policyText(encounter.policy, encounter.rules),
      choices: policyChoices(encounter.policy, encounter.rules),
      firstChoices: SIDES.map((side) => ({
        side,
        label: game.i18n.localize(`BRINK.Odds.Planner.first.${side}`),
        selected: side === this.startingSide,
      })),
      canPost: odds !== null,
    });
  }

  override async _onRender(context: Record<string, unknown>, options: unknown): Promise<void> {
    await super._onRender(context, options);
    for (const zone of this.element.querySelectorAll<HTMLElement>("[data-drop-side]")) {
      zone.addEventListener("dragover", (event) => event.preventDefault());
      zone.addEventListener("drop", (event) => {
        event.preventDefault();
        const uuid = droppedActorUuid(event.dataTransfer?.getData("text/plain") ?? "");
        const side = zone.dataset.dropSide === "party" ? "party" : "foes";
        if (uuid) void this.addActor(uuid, side);
      });
    }
  }

  private async post(): Promise<void> {
    const encounter = this.encounter();
    const result = knownOdds(encounter);
    if (!result || !("odds" in result)) return;
    await postOdds({
      source: "planner",
      odds: result.odds,
      rules: encounter.rules,
      policy: encounter.policy,
      startingSide: encounter.startingSide,
    });
  }
}

/** Opens the planner, or brings it to the front. */
export async function openEncounterPlanner(): Promise<EncounterPlanner> {
  const open = foundry.applications.instances.get(PLANNER_ID);
  if (open instanceof EncounterPlanner) {
    await open.render(true);
    return open;
  }
  const planner = new EncounterPlanner({});
  await planner.render(true);
  return planner;
}
