/**
 * Issue 12: what a user reads about the optional rules matches what is built. Every rule the
 * Optional rules menu registers is named, with each of its choices, in the players' and GMs' guide's
 * settings table, the settings strings and the rules journal's settings table, and the module API's
 * entry names them all; direct damage and detachments (built) are described there and in the
 * CHANGELOG.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { RULE_KEYS, RULE_SETTINGS } from "../../src/settings/rules";
import { ROOT } from "../support/render";

const read = (path: string): string => readFileSync(join(ROOT, path), "utf8");
const sources = (folder: string): [string, string][] =>
  readdirSync(join(ROOT, folder))
    .filter((name) => name.endsWith(".yml"))
    .map((name) => [`${folder}/${name}`, read(`${folder}/${name}`)]);

const guide = read("docs/players-and-gms.md");
const moduleApi = read("docs/module-api.md");
const lang = JSON.parse(read("lang/en.json")) as { BRINK: { Setting: Record<string, unknown> } };
const journal = sources("packs/_source/rules")
  .map(([, text]) => text)
  .join("\n");
const settingsTable = guide.slice(guide.indexOf("### Optional rules (GM, for the world)"));
const journalSettingsPage = journal.slice(journal.indexOf("name: Settings and Optional Rules"));
const journalSettingsTable = journalSettingsPage.slice(0, journalSettingsPage.indexOf("</table>"));
const apiEntry =
  moduleApi.split("\n").find((line) => line.startsWith("| `game.brink.optionalRules()`")) ?? "";

describe("the optional rules as documented", () => {
  it.each(RULE_KEYS)("%s is in the guide's settings table and has a name and hint", (key) => {
    expect(settingsTable).toContain(`(\`${key}\`)`);
    expect(lang.BRINK.Setting[key]).toMatchObject({ name: expect.any(String), hint: expect.any(String) });
  });

  it.each(RULE_KEYS)(
    "%s has a row in the rules journal's settings table and is in the module API's entry",
    (key) => {
      const row = journalSettingsTable.split("\n").find((line) => line.includes(`<code>${key}</code>`));
      expect(row).toBeDefined();
      expect(apiEntry).toMatch(new RegExp(`[{ ]${key}[,} ]`));
    },
  );

  it("says in the journal that morale checks need their setting, not that they are always available", () => {
    expect(journalSettingsPage).not.toMatch(/morale checks[^.]*always available/i);
    expect(journal).toContain("Morale checks need the Morale setting on.");
  });

  it.each(Object.entries(RULE_SETTINGS))("%s lists every choice it offers", (key, choices) => {
    const strings = (lang.BRINK.Setting[key] as { choices: Record<string, string> }).choices;
    expect(Object.keys(strings)).toEqual([...choices]);
    const row = settingsTable.split("\n").find((line) => line.includes(`(\`${key}\`)`)) ?? "";
    for (const choice of choices) expect(row).toContain(`\`${choice}\``);
  });

  it("describes direct damage as built: the journal's rule and setting, the guide, the CHANGELOG", () => {
    expect(RULE_SETTINGS.damageRule).toEqual(["attack", "direct"]);
    expect(journal).toContain("<h2>Direct damage</h2>");
    expect(journal).toContain("<h3>Critical damage</h3>");
    expect(journal).toContain("<code>damageRule</code>");
    expect(guide).toContain("**Direct damage (optional, `damageRule` = `direct`).**");
    const unreleased = read("CHANGELOG.md").split(/^## /m)[1] ?? "";
    expect(unreleased).toMatch(/Direct damage \(issue 12, RULES §7\.3\)/);
  });

  it("describes detachments as built: the journal's rule and setting, the guide, the CHANGELOG", () => {
    expect(RULE_KEYS).toContain("detachments");
    expect(journal).toContain("<h2>Detachments</h2>");
    expect(journal).toContain("<code>detachments</code>");
    expect(journal).toMatch(/\[decision\] <strong>Detachment against detachment/);
    expect(guide).toContain("**Detachments (optional, `detachments`).**");
    const unreleased = read("CHANGELOG.md").split(/^## /m)[1] ?? "";
    expect(unreleased).toMatch(/Detachments \(issue 12, RULES §7\.4\)/);
    expect(unreleased).not.toMatch(/Detachments are still hidden/);
  });
});
