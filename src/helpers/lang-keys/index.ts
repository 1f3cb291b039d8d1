/**
 * Every lang key Brink builds at run time, in typed maps: a new attribute, refusal or action that
 * lacks its key fails to compile, and test/manifest/lang-keys.test.ts proves each key is in
 * lang/en.json.
 */
export * from "./attack";
export * from "./characters";
export * from "./combat";
export * from "./damage";
export type { LangKey } from "./lang-key";
export * from "./life";
export * from "./retreat";
