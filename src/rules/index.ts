/**
 * The rules engine, one module per section of RULES.md. Pure TypeScript: plain data in, plain
 * results (including what to update) out, dice injected.
 */
export * as characters from "./characters";
export * as dice from "./dice";
export * as damage from "./damage";
export * as tests from "./tests";
export * as odds from "./odds";
export * as attacks from "./attacks";
export * as damageChain from "./damage-chain";
export * as defences from "./defences";
export * as death from "./death";
export * as dying from "./dying";
export * as stabilise from "./stabilise";
export * as teamTurns from "./team-turns";
export * as initiative from "./initiative";
export * as turnEconomy from "./turn-economy";
export * as retreat from "./retreat";
export * as retreatAction from "./retreat-action";
export * as morale from "./morale";
export * as rest from "./rest";
export * as conditionDurations from "./condition-durations";
