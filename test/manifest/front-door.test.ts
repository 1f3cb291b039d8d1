/**
 * Issue 27: the README is a short front door whose commands and links stay true. Every relative link
 * in the README and the guides under docs/ points at a file that exists (and at a heading that
 * exists, when it names one); every npm command the README gives is one package.json can run; the
 * README links to each guide a reader looks for; the Node version it states is package.json's.
 */
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { describe, expect, it } from "vitest";
import { absoluteLinks, linkTargets } from "../../tools/markdown-links.mjs";
import { ROOT } from "../support/render";

const read = (path: string): string => readFileSync(join(ROOT, path), "utf8");

/** GitHub's anchors for a file's headings: lower case, punctuation dropped, spaces to hyphens. */
function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const withoutCode = markdown.replace(/^```[\s\S]*?^```/gm, "");
  for (const [, text] of withoutCode.matchAll(/^#{1,6}\s+(.+?)\s*$/gm)) {
    const slug = (text ?? "")
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-");
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** What is wrong with each relative link of a Markdown file (repository path) — empty when all hold. */
function brokenLinks(
  file: string,
  markdown: string,
  exists: (path: string) => boolean,
  readFile: (path: string) => string,
): string[] {
  const broken: string[] = [];
  for (const target of linkTargets(markdown)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto: — not in the repository
    const [path = "", anchor] = target.split("#");
    const resolved = path === "" ? file : normalize(join(dirname(file), decodeURI(path)));
    if (resolved.startsWith("..")) broken.push(`${target}: outside the repository`);
    else if (!exists(resolved)) broken.push(`${target}: no file ${resolved}`);
    else if (
      anchor !== undefined &&
      resolved.endsWith(".md") &&
      !headingAnchors(readFile(resolved)).has(anchor)
    )
      broken.push(`${target}: no heading #${anchor} in ${resolved}`);
  }
  return broken;
}

/** The npm commands of the README's shell blocks, e.g. ["ci", "run build", "test"]. */
function npmCommands(markdown: string): string[] {
  const blocks = [...markdown.matchAll(/^```(?:bash|sh|shell)\n([\s\S]*?)^```/gm)].map(
    (match) => match[1] ?? "",
  );
  return blocks.flatMap((block) =>
    [...block.matchAll(/\bnpm\s+((?:run\s+)?[\w:-]+)/g)].map((match) =>
      (match[1] ?? "").replace(/\s+/g, " "),
    ),
  );
}

const readme = read("README.md");
const guides = readdirSync(join(ROOT, "docs"))
  .filter((name) => name.endsWith(".md"))
  .map((name) => `docs/${name}`);
const pkg = JSON.parse(read("package.json")) as {
  scripts: Record<string, string>;
  engines: { node: string };
};
const inRepo = (path: string): boolean => existsSync(join(ROOT, path));

describe("the README, a front door", () => {
  it("is short enough to read in five minutes", () => {
    expect(readme.split("\n").length).toBeLessThanOrEqual(150);
  });

  it.each(["README.md", "CHANGELOG.md", "test/fake-foundry/README.md", ...guides])(
    "%s has no relative link to a missing file or heading",
    (file) => {
      expect(brokenLinks(file, read(file), inRepo, read)).toEqual([]);
    },
  );

  it("gives the set-up commands, each one package.json can run", () => {
    const commands = npmCommands(readme);
    expect(commands).toEqual(expect.arrayContaining(["ci", "run build", "test"]));
    const builtIn = new Set(["ci", "install"]);
    for (const command of commands) {
      const script = command.replace(/^run /, "");
      if (!command.startsWith("run ") && builtIn.has(script)) continue;
      expect(pkg.scripts, `npm ${command}`).toHaveProperty([script]);
    }
    for (const [, script = ""] of readme.matchAll(/npm run ([\w:-]+)/g))
      expect(pkg.scripts, `npm run ${script}`).toHaveProperty([script]);
  });

  it("links to every guide a GM, a module author or a contributor looks for", () => {
    const targets = linkTargets(readme).map((target) => target.split("#")[0]);
    for (const guide of [
      "docs/players-and-gms.md",
      "docs/module-api.md",
      "docs/contributing.md",
      "docs/trust-model.md",
      "docs/decisions.md",
      "CHANGELOG.md",
    ])
      expect(targets).toContain(guide);
    expect(readme).toContain("**Brink Rules** journal");
    expect(readme).toContain("https://github.com/brink-vtt/brink/releases/latest/download/system.json");
  });

  it("states the Node version package.json requires", () => {
    const version = /^>=(\d+\.\d+)$/.exec(pkg.engines.node)?.[1];
    expect(version).toBeDefined();
    expect(readme).toContain(`Node.js](https://nodejs.org) ${version} or later`);
  });
});

describe("the link checker itself", () => {
  const files: Record<string, string> = {
    "docs/a.md": "# A guide\n\n## The `game.brink` API\n\n## Item Piles\n",
    "README.md": "",
  };
  const exists = (path: string): boolean => path in files;
  const readFile = (path: string): string => files[path] ?? "";

  it("accepts links to files and headings that exist, and ignores code and web links", () => {
    const text =
      "[a](docs/a.md) [b](docs/a.md#the-gamebrink-api) [c](#x) [d](https://x.org/y) `[e](nope.md)`";
    expect(brokenLinks("README.md", text, exists, readFile)).toEqual(["#x: no heading #x in README.md"]);
  });

  it("names a missing file, a missing heading and a path outside the repository", () => {
    const text = "[a](docs/b.md) [b](a.md#item-pile) [c](../../etc/passwd)";
    expect(brokenLinks("docs/a.md", text, exists, readFile)).toEqual([
      "docs/b.md: no file docs/docs/b.md",
      "a.md#item-pile: no heading #item-pile in docs/a.md",
      "../../etc/passwd: outside the repository",
    ]);
  });

  it("makes a shipped file's relative links point at the repository, leaving code, anchors and the web", () => {
    const text = "![s](docs/images/s.png) [g](docs/a.md#item-piles) [h](#x) [w](https://x.org) `[c](c.md)`";
    expect(absoluteLinks(text, "https://github.com/o/r", "v1.2.3")).toBe(
      "![s](https://github.com/o/r/raw/v1.2.3/docs/images/s.png) [g](https://github.com/o/r/blob/v1.2.3/docs/a.md#item-piles)" +
        " [h](#x) [w](https://x.org) `[c](c.md)`",
    );
    const block = "```md\n[c](c.md)\n```\n[d](d.md)\n";
    expect(absoluteLinks(block, "https://r", "v1")).toBe(
      "```md\n[c](c.md)\n```\n[d](https://r/blob/v1/d.md)\n",
    );
    expect(linkTargets(block)).toEqual(["d.md"]);
  });

  it("reads the npm commands of shell blocks only", () => {
    expect(npmCommands("```bash\nnpm ci && npm run build # x\nnpm test\n```\nnpm run nope\n")).toEqual([
      "ci",
      "run build",
      "test",
    ]);
  });
});
