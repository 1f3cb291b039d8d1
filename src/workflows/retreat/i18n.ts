/** Localised text for the retreat's cards and items (shared with the card models in data/chat). */
export { attributeLabel, dieLabel, format, localize } from "../../data/chat/retreat-record";
