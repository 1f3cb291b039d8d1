export { AttackCardData, TestCardData } from "./cards";
