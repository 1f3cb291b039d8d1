/**
 * The GM's exploration panel (RULES §7.5, S1), opened from the token controls: the travel turns
 * counted so far, a travel turn rolled steadily, cautiously or hastily, the count's reset, and a
 * roll to return for the chosen characters of the party on the viewed scene, on a dangerous or an
 * arduous path. Every button asks the GM's client through the request registry; it checks again.
 */
import { templatePath } from "../../constants";
import { handlebarsApplicationBase, type ApplicationOptions } from "../../foundry/application-base";
import { returnDifficulty, RETURN_PATHS } from "../../rules/exploration/return";
import { TRAVEL_APPROACHES, type TravelApproach } from "../../rules/exploration/travel-turn";
import {
  partyOnScene,
  requestReturn,
  requestSetTravelTurns,
  requestTravelTurn,
  travelTurns,
} from "../../workflows/exploration";
import { isTicked, warn } from "../dialog-form";

export const EXPLORATION_PANEL_ID = "brink-exploration";

/** The scene the GM's canvas shows, if any. */
export function viewedScene(): Scene.Implementation | null {
  return canvas?.scene ?? null;
}

function panelContext() {
  const scene = viewedScene();
  const party = scene ? partyOnScene(scene) : [];
  const turns = travelTurns();
  const label = (group: string, key: string) => game.i18n.localize(`BRINK.Exploration.${group}.${key}`);
  return {
    sceneName: scene?.name ?? "",
    turns,
    approaches: TRAVEL_APPROACHES.map((key) => ({
      key,
      label: label("Approach", key),
      checked: key === "steady",
    })),
    paths: RETURN_PATHS.map((key) => ({ key, label: label("Path", key) })),
    difficulty: returnDifficulty(turns),
    party: party.map((actor) => ({ uuid: actor.uuid, name: actor.name, img: actor.img })),
  };
}

function formValue(root: HTMLElement, name: string): string {
  const checked = root.querySelector<HTMLInputElement>(`input[name="${name}"]:checked`);
  const field = checked ?? root.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${name}"]`);
  return field?.value ?? "";
}

const isApproach = (value: string): value is TravelApproach =>
  (TRAVEL_APPROACHES as readonly string[]).includes(value);

export class ExplorationPanel extends handlebarsApplicationBase() {
  static override DEFAULT_OPTIONS: ApplicationOptions = {
    id: EXPLORATION_PANEL_ID,
    classes: ["brink", "brink-exploration"],
    position: { width: 420 },
    window: { title: "BRINK.Exploration.title", icon: "fa-solid fa-route" },
    actions: {
      rollTravel: function (this: ExplorationPanel) {
        return this.travel();
      },
      resetTurns: function (this: ExplorationPanel) {
        return this.afterwards(requestSetTravelTurns(0));
      },
      rollReturn: function (this: ExplorationPanel) {
        return this.rollToReturn();
      },
    },
  };

  static override PARTS = { panel: { template: templatePath("exploration/panel.hbs") } };

  override async _prepareContext(options: unknown) {
    const context = await super._prepareContext(options);
    return Object.assign(context, panelContext());
  }

  private async afterwards(request: Promise<unknown>): Promise<void> {
    await request;
    await this.render();
  }

  private async travel(): Promise<void> {
    const scene = viewedScene();
    if (!scene) return warn("BRINK.Exploration.Refusal.noScene");
    const approach = formValue(this.element, "approach");
    await this.afterwards(requestTravelTurn(scene.id ?? "", isApproach(approach) ? approach : "steady"));
  }

  private async rollToReturn(): Promise<void> {
    const chosen = [...this.element.querySelectorAll<HTMLInputElement>('input[name="returning"]')]
      .filter((box) => isTicked(box.checked))
      .map((box) => box.value);
    if (chosen.length === 0) return warn("BRINK.Exploration.Refusal.nobody");
    const path = formValue(this.element, "path") === "arduous" ? "arduous" : "dangerous";
    await this.afterwards(requestReturn(chosen, path));
  }
}

/** Opens the panel, or closes it when it is open (the scene control's button). */
export async function toggleExplorationPanel(): Promise<void> {
  const open = foundry.applications.instances.get(EXPLORATION_PANEL_ID);
  if (open) {
    await open.close();
    return;
  }
  await new ExplorationPanel({}).render(true);
}
