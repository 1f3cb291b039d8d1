import { afterAll, expect } from "vitest";
import { installFakeFoundry } from "./install";
import { i18n } from "./runtime";
import { brinkDeprecations, generation } from "./generation";

installFakeFoundry();

// Every lang key Brink builds at run time (from a typed map or otherwise) is checked where it is
// used: a test file that made Brink ask for a key lang/en.json lacks fails, naming the key.
afterAll(() => {
  expect([...i18n.missing].sort(), "lang keys asked for but missing from lang/en.json").toEqual([]);
});

// On v14, no Brink code may call an API the v14 documentation marks deprecated (generation.ts).
afterAll(() => {
  if (generation !== 14) return;
  expect([...new Set(brinkDeprecations())].sort(), "v14-deprecated APIs Brink's code called").toEqual([]);
});
