/** The encounter planner's button among the token controls, for a GM only (as the exploration panel's). */
import { onSceneControls, type SceneControlRecord } from "../../foundry/scene-controls";
import { openEncounterPlanner } from "./planner";

export const PLANNER_TOOL = "brinkEncounterPlanner";

export function addPlannerTool(controls: SceneControlRecord): void {
  const tools = controls.tokens?.tools;
  if (!tools || !game.user.isGM) return;
  tools[PLANNER_TOOL] = {
    name: PLANNER_TOOL,
    title: "BRINK.Odds.Planner.title",
    icon: "fa-solid fa-scale-balanced",
    order: Object.keys(tools).length,
    button: true,
    visible: game.user.isGM,
    onChange: () => void openEncounterPlanner(),
  };
}

export function registerPlannerControl(): void {
  onSceneControls(addPlannerTool);
}
