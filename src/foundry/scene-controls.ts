/** v13's `getSceneControlButtons` gives a record of controls by name, each with a record of tools. */
export interface ControlRecord {
  tools?: Record<string, unknown>;
}
export type SceneControlRecord = Record<string, ControlRecord | undefined>;

/** Calls `add` each time Foundry builds the scene controls, so it can add a tool. */
export function onSceneControls(add: (controls: SceneControlRecord) => void): void {
  // The hook's controls are v13's record of SceneControl; Brink only adds tools to their records.
  Hooks.on("getSceneControlButtons", (controls) => add(controls as unknown as SceneControlRecord));
}
