export { BrinkActor } from "./actor";
export { BrinkItem } from "./item";
