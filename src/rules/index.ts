export * from "./characters";
export * from "./damage";
export * from "./dice";
