/**
 * Where the browser tests find a Chromium, without configuration, on Linux, macOS and Windows. In
 * order: CHROMIUM_PATH when set; the Chromium Playwright installed (`npx playwright-core install
 * chromium`); a Chrome or Chromium on the operating system's usual paths or on PATH. The machine
 * comes in as an argument (`thisMachine()` reads the real one), so tests can fake it.
 */
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { homedir } from "node:os";
import { posix, win32 } from "node:path";

/** Chrome and Chromium where their installers put them, per platform. */
function usualPaths(platform, env, home) {
  if (platform === "win32") {
    const roots = [env.PROGRAMFILES, env["PROGRAMFILES(X86)"], env.LOCALAPPDATA].filter(Boolean);
    return roots.flatMap((root) => [
      win32.join(root, "Google", "Chrome", "Application", "chrome.exe"),
      win32.join(root, "Chromium", "Application", "chrome.exe"),
    ]);
  }
  if (platform === "darwin") {
    const apps = ["/Applications", ...(home ? [posix.join(home, "Applications")] : [])];
    return apps.flatMap((folder) => [
      posix.join(folder, "Google Chrome.app", "Contents", "MacOS", "Google Chrome"),
      posix.join(folder, "Chromium.app", "Contents", "MacOS", "Chromium"),
    ]);
  }
  return [
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
    "/usr/bin/google-chrome",
    "/usr/bin/google-chrome-stable",
    "/snap/bin/chromium",
    "/opt/google/chrome/chrome",
  ];
}

/** The same browsers found by name on PATH (a Linux distribution or Homebrew may put them elsewhere). */
function onPath(platform, env) {
  const windows = platform === "win32";
  const path = windows ? win32 : posix;
  const names = windows
    ? ["chrome.exe"]
    : ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"];
  const folders = (env.PATH ?? env.Path ?? "").split(path.delimiter).filter(Boolean);
  return folders.flatMap((folder) => names.map((name) => path.join(folder, name)));
}

/**
 * Every place looked at, in order, each with where it comes from.
 * @param {{ platform: string, env: Record<string, string | undefined>, home?: string, playwrightPath?: string | null }} where
 */
export function browserCandidates({ platform, env, home, playwrightPath }) {
  const candidates = [];
  if (playwrightPath) candidates.push({ path: playwrightPath, source: "Playwright's Chromium" });
  for (const path of usualPaths(platform, env, home)) candidates.push({ path, source: "installed browser" });
  for (const path of onPath(platform, env)) candidates.push({ path, source: "PATH" });
  return candidates.filter(
    (candidate, index) => candidates.findIndex((c) => c.path === candidate.path) === index,
  );
}

/**
 * The browser to drive, or why there is none. CHROMIUM_PATH, when set, is the only place looked at:
 * a path set by hand that does not exist is a mistake to report, not to work around.
 * @param {{ platform: string, env: Record<string, string | undefined>, home?: string, playwrightPath?: string | null, exists: (path: string) => boolean }} where
 * @returns {{ found: { path: string, source: string } } | { found: null, looked: string[] }}
 */
export function findBrowser(where) {
  const chosen = where.env.CHROMIUM_PATH;
  if (chosen)
    return where.exists(chosen)
      ? { found: { path: chosen, source: "CHROMIUM_PATH" } }
      : { found: null, looked: [chosen] };
  const candidates = browserCandidates(where);
  const found = candidates.find((candidate) => where.exists(candidate.path));
  return found ? { found } : { found: null, looked: candidates.map((candidate) => candidate.path) };
}

/**
 * Debian's package can be installed only by root, on Debian or a derivative with apt-get, and not when
 * CHROMIUM_PATH names another browser.
 * @param {{ platform: string, env: Record<string, string | undefined>, uid: number | undefined, exists: (path: string) => boolean }} where
 */
export function canInstallDebianChromium({ platform, env, uid, exists }) {
  return (
    platform === "linux" &&
    !env.CHROMIUM_PATH &&
    uid === 0 &&
    exists("/usr/bin/apt-get") &&
    exists("/etc/debian_version")
  );
}

/**
 * Finds the browser, installing Debian's package first where that is possible. `install` runs the
 * installation and may fail (another run holding apt's lock, say); what counts is whether a browser
 * is there afterwards, so a browser another run installed meanwhile is taken.
 * @param {import("./find-browser.d.mts").Machine} machine
 * @param {() => void} install
 */
export function ensureBrowser(machine, install) {
  const search = findBrowser(machine);
  if (search.found || !canInstallDebianChromium(machine)) return search;
  try {
    install();
  } catch {
    // judged below by whether the browser is there now
  }
  return findBrowser(machine);
}

/** The one message shown when no browser is found. */
export function noBrowserMessage(looked, chosen) {
  if (chosen)
    return `CHROMIUM_PATH is set to ${chosen}, which does not exist. Point it at a Chrome or Chromium, or unset it.`;
  return [
    "The browser tests need Chrome or Chromium, and none was found. Any one of these will do:",
    "  - npx playwright-core install chromium   (Playwright's own Chromium, on any operating system)",
    "  - install Google Chrome or Chromium in its usual place",
    "  - set CHROMIUM_PATH to a Chrome or Chromium executable",
    "(`npm run test:unit` runs every other layer without a browser.)",
    `Looked at: ${looked.join(", ")}`,
  ].join("\n");
}

/**
 * Where Playwright puts its Chromium on this machine (whether or not it is installed there). Null
 * before `npm ci` (CI looks for a browser first) and where Playwright ships no Chromium.
 */
function playwrightChromium() {
  try {
    return createRequire(import.meta.url)("playwright-core").chromium.executablePath();
  } catch {
    return null;
  }
}

/** The real machine, for findBrowser and canInstallDebianChromium. */
export function thisMachine() {
  return {
    platform: process.platform,
    env: process.env,
    home: homedir(),
    uid: process.getuid?.(),
    playwrightPath: playwrightChromium(),
    exists: existsSync,
  };
}
