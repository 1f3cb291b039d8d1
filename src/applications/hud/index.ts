export { BrinkTokenHUD } from "./token-hud";
