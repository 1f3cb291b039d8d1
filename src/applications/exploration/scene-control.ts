/**
 * The exploration panel's button among the token controls, for a GM only. v13 passes the controls
 * as a record keyed by control name, each with a record of tools (Foundry's documented example for
 * `getSceneControlButtons`; Draw Steel Plus and other v13 modules add theirs the same way).
 */
import { onSceneControls, type SceneControlRecord } from "../../foundry/scene-controls";
import { toggleExplorationPanel } from "./panel";

export const EXPLORATION_TOOL = "brinkExploration";

export function addExplorationTool(controls: SceneControlRecord): void {
  const tools = controls.tokens?.tools;
  if (!tools || !game.user.isGM) return;
  tools[EXPLORATION_TOOL] = {
    name: EXPLORATION_TOOL,
    title: "BRINK.Exploration.title",
    icon: "fa-solid fa-route",
    order: Object.keys(tools).length,
    button: true,
    visible: game.user.isGM,
    onChange: () => void toggleExplorationPanel(),
  };
}

export function registerExplorationControls(): void {
  onSceneControls(addExplorationTool);
}
