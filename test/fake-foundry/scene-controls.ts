/**
 * `ui.controls`, v13's SceneControls, as far as tools a system adds go. Each client prepares its
 * controls when they are first drawn, calling `getSceneControlButtons` with a record of controls by
 * name (each with a record of tools), and keeps that record: a later `render()` draws the same
 * controls, and only `render({ reset: true })` prepares them again (API `SceneControlsRenderOptions`
 * `reset`: "Re-prepare the possible list of controls"). So a tool that depends on a setting appears
 * or goes only when someone asks for a reset.
 */
import { session } from "./documents";
import { hooks } from "./hooks";

export interface SceneTool {
  name?: string;
  title?: string;
  visible?: boolean;
  onChange?: () => void;
}
export type SceneControlRecord = Record<string, { name: string; tools: Record<string, SceneTool> }>;

/** Core's own controls and a few of their tools; systems add theirs in the hook. */
function coreControls(): SceneControlRecord {
  return {
    tokens: { name: "tokens", tools: { select: { name: "select" }, target: { name: "target" } } },
    templates: { name: "templates", tools: { circle: { name: "circle" } } },
    notes: { name: "notes", tools: { select: { name: "select" } } },
  };
}

export class FakeSceneControls {
  /** Each client's prepared controls, by user id. */
  readonly #prepared = new Map<string, SceneControlRecord>();

  /** This client's controls, prepared when first drawn. */
  get controls(): SceneControlRecord {
    return this.#prepared.get(session.user.id) ?? this.#prepare();
  }

  async render(options: { reset?: boolean } = {}): Promise<this> {
    if (options.reset === true || !this.#prepared.has(session.user.id)) this.#prepare();
    return this;
  }

  /** A new world: no client has drawn its controls yet. */
  forget(): void {
    this.#prepared.clear();
  }

  #prepare(): SceneControlRecord {
    const controls = coreControls();
    hooks.callAll("getSceneControlButtons", controls);
    this.#prepared.set(session.user.id, controls);
    return controls;
  }
}

export const sceneControls = new FakeSceneControls();
