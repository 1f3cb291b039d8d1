export * from "./card";
export * from "./card-views";
export * from "./damage-steps";
export * from "./attack-card";
export * from "./healing-card";
export * from "./life-card";
export * from "./test-card";
