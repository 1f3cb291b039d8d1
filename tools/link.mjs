/**
 * npm run link -- <FoundryDataPath>
 * Symlinks dist/ into a local Foundry data folder as Data/systems/brink, for development.
 * Accepts the user data folder (holding Data/) or the Data folder itself (holding systems/).
 * Refuses, changing nothing, when the path is not a Foundry data folder or when a real (non-link)
 * Brink install is already there.
 */
import { existsSync, lstatSync, mkdirSync, readlinkSync, rmSync, symlinkSync } from "node:fs";
import { join, resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "..");
const DIST = join(ROOT, "dist");

function fail(message) {
  console.error(`npm run link: ${message}`);
  process.exit(1);
}

export function findDataFolder(path) {
  const isDir = (p) => existsSync(p) && lstatSync(p).isDirectory();
  const looksLikeData = (p) =>
    isDir(join(p, "systems")) && (isDir(join(p, "worlds")) || isDir(join(p, "modules")));
  if (looksLikeData(path)) return path;
  if (looksLikeData(join(path, "Data"))) return join(path, "Data");
  return null;
}

const target = process.argv[2];
if (!target) fail("name your Foundry data folder, e.g. npm run link -- ~/.local/share/FoundryVTT");
const data = findDataFolder(resolve(target));
if (!data) {
  fail(
    `${resolve(target)} is not a Foundry data folder: expected a Data folder holding systems/ and worlds/ or modules/. Nothing was changed.`,
  );
}
if (!existsSync(join(DIST, "system.json")))
  fail("dist/ is not built yet. Run `npm run build` first. Nothing was changed.");

const link = join(data, "systems", "brink");
const existing = lstatOrNull(link);
if (existing && !existing.isSymbolicLink()) {
  fail(`${link} is a real folder (an installed Brink?). Move it away first; it was left untouched.`);
}
if (existing) {
  if (resolve(data, "systems", readlinkSync(link)) === DIST) {
    console.log(`${link} already points at ${DIST}.`);
    process.exit(0);
  }
  rmSync(link);
}
mkdirSync(join(data, "systems"), { recursive: true });
symlinkSync(DIST, link, "dir");
console.log(`Linked ${link} → ${DIST}. Restart Foundry and pick Brink when creating a world.`);

function lstatOrNull(path) {
  try {
    return lstatSync(path);
  } catch {
    return null;
  }
}
