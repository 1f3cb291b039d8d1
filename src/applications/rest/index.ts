export { partyCharacters, partyRest, promptRest, restDialogView } from "./rest-dialog";
