export { BrinkActor } from "./actor";
export { BrinkChatMessage } from "./chat-message";
export { BrinkItem } from "./item";
