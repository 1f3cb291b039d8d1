/**
 * The party rest's button among the token controls, for a GM only, beside the exploration panel's
 * (applications/exploration/scene-control): v13's `getSceneControlButtons` gives a record of
 * controls, each with a record of tools.
 */
import { partyRest } from "./rest-dialog";

export const PARTY_REST_TOOL = "brinkPartyRest";

interface ToolRecord {
  tools?: Record<string, unknown>;
}

export function addPartyRestTool(controls: Record<string, ToolRecord | undefined>): void {
  const tools = controls.tokens?.tools;
  if (!tools || !game.user.isGM) return;
  tools[PARTY_REST_TOOL] = {
    name: PARTY_REST_TOOL,
    title: "BRINK.Combat.Tracker.partyRest",
    icon: "fa-solid fa-campground",
    order: Object.keys(tools).length,
    button: true,
    visible: game.user.isGM,
    onChange: () => void partyRest(),
  };
}

export function registerPartyRestControls(): void {
  // The hook's controls are v13's record of SceneControl; only their token tools are touched.
  Hooks.on("getSceneControlButtons", (controls) =>
    addPartyRestTool(controls as unknown as Record<string, ToolRecord | undefined>),
  );
}
