/**
 * Issue 12: detachments are not built yet, so nothing a user reads offers them — not the settings'
 * strings, the README, the rules journal nor the shipped adversaries.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../support/render";

const read = (path: string): string => readFileSync(join(ROOT, path), "utf8");
const sources = (folder: string): [string, string][] =>
  readdirSync(join(ROOT, folder))
    .filter((name) => name.endsWith(".yml"))
    .map((name) => [`${folder}/${name}`, read(`${folder}/${name}`)]);

const UNBUILT = /detachment/i;

describe("rules that are not built yet (detachments)", () => {
  it.each([
    ["lang/en.json", read("lang/en.json")],
    ["README.md", read("README.md")],
    ...sources("packs/_source/rules"),
    ...sources("packs/_source/adversaries"),
    ...sources("packs/_source/characters"),
  ])("%s does not mention them", (_path, text) => {
    expect(text.match(UNBUILT)).toBeNull();
  });
});
