/** A key of lang/en.json. Every key in the maps beside this file is checked by test/manifest/lang-keys.test.ts. */
export type LangKey = `BRINK.${string}`;
