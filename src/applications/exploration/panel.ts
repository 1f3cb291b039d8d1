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
  MAX_CORRUPTION_DIFFICULTY,
  partyOnScene,
  requestCorruption,
  requestResilience,
  requestReturn,
  requestSetLight,
  requestSetTravelTurns,
  LIGHT_SETTINGS,
  requestTravelTurn,
  travelTurns,
} from "../../workflows/exploration";
import { isTicked, warn, wholeNumber } from "../dialog-form";
import type { Attribute } from "../../rules/characters";
import { CORRUPTION_DIFFICULTY } from "../../rules/exploration/corruption";
import type { LightSetting } from "../../data";
import { optionalRules } from "../../settings";
import { statusLabelKey } from "../../status-effects";

export const EXPLORATION_PANEL_ID = "brink-exploration";

/** The scene the GM's canvas shows, if any. */
export function viewedScene(): Scene.Implementation | null {
  return canvas?.scene ?? null;
}

/** What the GM last chose in the panel, kept across its re-renders. */
interface Choices {
  approach: string;
  path: string;
  ticked: string[];
  difficulty: number;
  attribute: string;
  light: string;
}

const FIRST_CHOICES: Choices = {
  approach: "steady",
  path: "dangerous",
  ticked: [],
  difficulty: CORRUPTION_DIFFICULTY,
  attribute: "",
  light: "well-lit",
};

function panelContext(choices: Choices) {
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
      checked: key === choices.approach,
    })),
    paths: RETURN_PATHS.map((key) => ({ key, label: label("Path", key), selected: key === choices.path })),
    difficulty: returnDifficulty(turns),
    party: party.map((actor) => ({
      uuid: actor.uuid,
      name: actor.name,
      img: actor.img,
      ticked: choices.ticked.includes(actor.uuid),
    })),
    light: optionalRules().lightLevels ? lightContext(choices.light) : null,
    corruption: {
      min: CORRUPTION_DIFFICULTY,
      difficulty: choices.difficulty,
      max: MAX_CORRUPTION_DIFFICULTY,
      stages: [
        {
          key: "",
          label: game.i18n.localize("BRINK.Exploration.Panel.firstCheck"),
          selected: choices.attribute === "",
        },
        ...STAGE_ATTRIBUTES.map((key) => ({
          key,
          selected: key === choices.attribute,
          label: game.i18n.format("BRINK.Exploration.Panel.stageDamage", {
            attribute: game.i18n.localize(`BRINK.Attribute.${key}.label`),
          }),
        })),
      ],
    },
  };
}

/** The light levels the GM can set (well lit first), the last one set chosen. */
function lightContext(chosen: string) {
  const name = (key: LightSetting) =>
    key === "well-lit"
      ? game.i18n.localize("BRINK.Exploration.Card.lighting.wellLit")
      : game.i18n.localize(statusLabelKey(key));
  return { levels: LIGHT_SETTINGS.map((key) => ({ key, label: name(key), selected: key === chosen })) };
}

const isLightSetting = (value: string): value is LightSetting =>
  (LIGHT_SETTINGS as readonly string[]).includes(value);

function formValue(root: HTMLElement, name: string): string {
  const checked = root.querySelector<HTMLInputElement>(`input[name="${name}"]:checked`);
  const field = checked ?? root.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${name}"]`);
  return field?.value ?? "";
}

/** The attributes a stage of corruption damages most often come first [S1: CON, STR, INT]. */
const STAGE_ATTRIBUTES = ["con", "str", "int", "dex", "wis", "cha"] as const satisfies readonly Attribute[];

const isStageAttribute = (value: string): value is Attribute =>
  (STAGE_ATTRIBUTES as readonly string[]).includes(value);

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
      checkResilience: function (this: ExplorationPanel) {
        const chosen = this.chosen();
        return chosen ? this.afterwards(requestResilience(chosen)) : undefined;
      },
      checkCorruption: function (this: ExplorationPanel) {
        return this.corruption();
      },
      setLight: function (this: ExplorationPanel) {
        return this.setLight();
      },
    },
  };

  static override PARTS = { panel: { template: templatePath("exploration/panel.hbs") } };

  override async _prepareContext(options: unknown) {
    const context = await super._prepareContext(options);
    return Object.assign(context, panelContext(this.choices));
  }

  private choices: Choices = FIRST_CHOICES;

  /** Reads the panel's controls, so the next render shows them as the GM left them. */
  private remember(): void {
    const root = this.element;
    this.choices = {
      approach: formValue(root, "approach") || "steady",
      path: formValue(root, "path") || "dangerous",
      ticked: [...root.querySelectorAll<HTMLInputElement>('input[name="returning"]')]
        .filter((box) => box.checked)
        .map((box) => box.value),
      difficulty: wholeNumber(formValue(root, "corruptionDifficulty"), CORRUPTION_DIFFICULTY),
      attribute: formValue(root, "corruptionAttribute"),
      light: formValue(root, "lightLevel") || "well-lit",
    };
  }

  private async afterwards(request: Promise<unknown>): Promise<void> {
    this.remember();
    await request;
    await this.render();
  }

  private async travel(): Promise<void> {
    const scene = viewedScene();
    if (!scene) return warn("BRINK.Exploration.Refusal.noScene");
    const approach = formValue(this.element, "approach");
    await this.afterwards(requestTravelTurn(scene.id ?? "", isApproach(approach) ? approach : "steady"));
  }

  /** The ticked characters' uuids; null (with a warning) when none is ticked. */
  private chosen(nobody = "BRINK.Exploration.Refusal.nobody"): string[] | null {
    const chosen = [...this.element.querySelectorAll<HTMLInputElement>('input[name="returning"]')]
      .filter((box) => isTicked(box.checked))
      .map((box) => box.value);
    if (chosen.length > 0) return chosen;
    warn(nobody);
    return null;
  }

  private async corruption(): Promise<void> {
    const chosen = this.chosen();
    if (!chosen) return;
    const difficulty = wholeNumber(formValue(this.element, "corruptionDifficulty"), CORRUPTION_DIFFICULTY);
    const attribute = formValue(this.element, "corruptionAttribute");
    await this.afterwards(
      requestCorruption(chosen, difficulty, isStageAttribute(attribute) ? attribute : ""),
    );
  }

  private async setLight(): Promise<void> {
    const chosen = this.chosen("BRINK.Exploration.Refusal.nobodyLight");
    if (!chosen) return;
    const level = formValue(this.element, "lightLevel");
    await this.afterwards(requestSetLight(chosen, isLightSetting(level) ? level : "well-lit"));
  }

  private async rollToReturn(): Promise<void> {
    const chosen = this.chosen();
    if (!chosen) return;
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
