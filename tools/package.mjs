/**
 * npm run package: writes release/brink-v<version>.zip (the contents of dist/) and
 * release/system.json, byte for byte the manifest inside the zip, which leaves out dist's
 * development-only flags (hotReload). The README and CHANGELOG inside link to the repository at this
 * release's tag (the zip holds no docs/). Its manifest and download URLs
 * follow package.json's "brink.releaseBase" (the build writes them). Builds first when dist/ is
 * missing or was built for another version or release URL.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { Buffer } from "node:buffer";
import { execFileSync } from "node:child_process";
import { zipSync } from "fflate";
import { shippedMarkdown } from "./markdown-links.mjs";
import { manifestProblems, releasedManifest, releaseUrls } from "./release-manifest.mjs";

const ROOT = resolve(import.meta.dirname, "..");
const DIST = join(ROOT, "dist");
const RELEASE = join(ROOT, "release");

function filesUnder(dir) {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .map((f) => join(dir, f))
    .filter((f) => statSync(f).isFile());
}

function distIsCurrent(pkg) {
  const path = join(DIST, "system.json");
  return existsSync(path) && manifestProblems(pkg, JSON.parse(readFileSync(path, "utf8"))).length === 0;
}

const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
if (!distIsCurrent(pkg)) execFileSync("node", [join(ROOT, "tools/build.mjs")], { stdio: "inherit" });
const urls = releaseUrls(pkg);

const entries = {};
for (const file of filesUnder(DIST)) entries[relative(DIST, file).split("\\").join("/")] = readFileSync(file);
// README.md and CHANGELOG.md from the source, as the build ships them, even when dist/ is older.
for (const file of ["README.md", "CHANGELOG.md"])
  entries[file] = Buffer.from(shippedMarkdown(readFileSync(join(ROOT, file), "utf8"), pkg));
const shipped = releasedManifest(JSON.parse(entries["system.json"].toString("utf8")));
entries["system.json"] = Buffer.from(`${JSON.stringify(shipped, null, 2)}\n`);
rmSync(RELEASE, { recursive: true, force: true });
mkdirSync(RELEASE, { recursive: true });
writeFileSync(join(RELEASE, urls.zipName), zipSync(entries, { level: 9 }));
writeFileSync(join(RELEASE, "system.json"), entries["system.json"]);
console.log(`release/${urls.zipName} (${Object.keys(entries).length} files) and release/system.json`);
console.log(`manifest: ${urls.manifest}\ndownload: ${urls.download}`);
