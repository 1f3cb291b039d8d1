/**
 * npm run release:check [-- <tag>]: fails, listing each disagreement, when system.json's version,
 * manifest or download URL differ from what package.json says, or when the tag being released is
 * not v<package.json's version>. The release workflow runs it with the pushed tag.
 *
 * npm run release:sync (also run by `npm version`): rewrites those three fields of system.json
 * from package.json.
 *
 * Reads package.json and system.json in the current folder (npm runs scripts at the project root).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { manifestProblems, syncedSystemJsonText, tagProblem } from "./release-manifest.mjs";

const root = process.cwd();
const args = process.argv.slice(2);
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
const systemPath = join(root, "system.json");
const systemText = readFileSync(systemPath, "utf8");

function sync() {
  const synced = syncedSystemJsonText(systemText, pkg);
  if (synced !== systemText) writeFileSync(systemPath, synced);
  console.log(`system.json: version ${pkg.version}, manifest and download URLs follow package.json.`);
}

function check(tag) {
  const drift = manifestProblems(pkg, JSON.parse(systemText));
  const wrongTag = tag === undefined ? undefined : tagProblem(pkg, tag);
  if (drift.length === 0 && !wrongTag) {
    console.log(`Release check passed: package.json and system.json agree on v${pkg.version}.`);
    return;
  }
  const lines = ["Release check failed:", ...[...drift, wrongTag].filter(Boolean).map((p) => `- ${p}`)];
  if (drift.length > 0) lines.push("Run `npm run release:sync` to update system.json from package.json.");
  if (wrongTag) lines.push("Tag the commit whose package.json has the version you mean to release.");
  console.error(lines.join("\n"));
  process.exit(1);
}

if (args.includes("--sync")) sync();
else check(args.find((arg) => !arg.startsWith("--")));
