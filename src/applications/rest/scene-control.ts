/**
 * The party rest's button among the token controls, for a GM only, beside the exploration panel's
 * (applications/exploration/scene-control): v13's `getSceneControlButtons` gives a record of
 * controls, each with a record of tools.
 */
import { onSceneControls, type SceneControlRecord } from "../../foundry/scene-controls";
import { partyRest } from "./rest-dialog";

export const PARTY_REST_TOOL = "brinkPartyRest";

export function addPartyRestTool(controls: SceneControlRecord): void {
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
  onSceneControls(addPartyRestTool);
}
