export { ExplorationPanel, toggleExplorationPanel, EXPLORATION_PANEL_ID } from "./panel";
export { addExplorationTool, registerExplorationControls, EXPLORATION_TOOL } from "./scene-control";
export { chooseReturnDrop } from "./drop-dialog";
