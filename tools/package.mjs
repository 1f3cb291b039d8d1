/**
 * npm run package: writes release/brink-v<version>.zip (the contents of dist/) and
 * release/system.json, whose manifest and download fields follow the URL pattern in
 * package.json ("brink.releaseBase"). Builds first when dist/ is missing or stale.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { execFileSync } from "node:child_process";
import { zipSync } from "fflate";

const ROOT = resolve(import.meta.dirname, "..");
const DIST = join(ROOT, "dist");
const RELEASE = join(ROOT, "release");

export function releaseUrls(pkg) {
  const base = pkg.brink?.releaseBase;
  if (!base) throw new Error('package.json needs "brink": { "releaseBase": "https://…/releases" }');
  const tag = `v${pkg.version}`;
  return {
    manifest: `${base}/latest/download/system.json`,
    download: `${base}/download/${tag}/brink-${tag}.zip`,
    zipName: `brink-${tag}.zip`,
  };
}

function filesUnder(dir) {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .map((f) => join(dir, f))
    .filter((f) => statSync(f).isFile());
}

const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
if (!existsSync(join(DIST, "system.json")))
  execFileSync("node", [join(ROOT, "tools/build.mjs")], { stdio: "inherit" });
const urls = releaseUrls(pkg);
const manifest = {
  ...JSON.parse(readFileSync(join(DIST, "system.json"), "utf8")),
  manifest: urls.manifest,
  download: urls.download,
};
const manifestText = `${JSON.stringify(manifest, null, 2)}\n`;

const entries = {};
for (const file of filesUnder(DIST)) {
  const name = relative(DIST, file).split("\\").join("/");
  entries[name] = name === "system.json" ? new TextEncoder().encode(manifestText) : readFileSync(file);
}
rmSync(RELEASE, { recursive: true, force: true });
mkdirSync(RELEASE, { recursive: true });
writeFileSync(join(RELEASE, urls.zipName), zipSync(entries, { level: 9 }));
writeFileSync(join(RELEASE, "system.json"), manifestText);
console.log(`release/${urls.zipName} (${Object.keys(entries).length} files) and release/system.json`);
console.log(`manifest: ${urls.manifest}\ndownload: ${urls.download}`);
