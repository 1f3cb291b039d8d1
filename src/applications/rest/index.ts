export { partyCharacters } from "../../workflows/party-rest";
export { choosePartyRest, partyRest, promptRest, restDialogView } from "./rest-dialog";
export { partyRestPromptsSettled, registerPartyRestPrompt } from "./party-rest-prompt";
export { PARTY_REST_TOOL, addPartyRestTool, registerPartyRestControls } from "./scene-control";
