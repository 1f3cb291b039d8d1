/**
 * Issue 27: `npm test` finds a Chrome or Chromium without configuration on Linux, macOS and Windows,
 * installs Debian's package only where it can, takes a browser another run installed meanwhile, and
 * says in one message what to do when there is none. Each machine here is a fake: a platform, an
 * environment and the set of files that exist.
 */
import { describe, expect, it } from "vitest";
import {
  browserCandidates,
  canInstallDebianChromium,
  ensureBrowser,
  findBrowser,
  noBrowserMessage,
  type Machine,
} from "../../tools/find-browser.mjs";

const PLAYWRIGHT = "/home/ana/.cache/ms-playwright/chromium-1255/chrome-linux64/chrome";

function machine(platform: string, files: string[], overrides: Partial<Machine> = {}): Machine {
  const present = new Set(files);
  return {
    platform,
    env: { PATH: "/usr/local/bin:/usr/bin:/bin" },
    home: "/home/ana",
    uid: 1000,
    playwrightPath: PLAYWRIGHT,
    exists: (path) => present.has(path),
    ...overrides,
  };
}

const found = (where: Machine): string | null => findBrowser(where).found?.path ?? null;

describe("finding a browser", () => {
  it("takes the Chromium Playwright installed before any other", () => {
    expect(found(machine("linux", [PLAYWRIGHT, "/usr/bin/chromium"]))).toBe(PLAYWRIGHT);
  });

  it.each([
    ["/usr/bin/chromium"],
    ["/usr/bin/chromium-browser"],
    ["/usr/bin/google-chrome-stable"],
    ["/snap/bin/chromium"],
    ["/opt/google/chrome/chrome"],
  ])("finds %s on Linux", (path) => {
    expect(found(machine("linux", [path]))).toBe(path);
  });

  it("finds a Chromium by name on PATH on Linux", () => {
    const where = machine("linux", ["/home/ana/bin/chromium"], { env: { PATH: "/home/ana/bin:/usr/bin" } });
    expect(findBrowser(where).found).toEqual({ path: "/home/ana/bin/chromium", source: "PATH" });
  });

  it.each([
    ["/Applications/Google Chrome.app/Contents/MacOS/Google Chrome"],
    ["/Applications/Chromium.app/Contents/MacOS/Chromium"],
    ["/Users/ana/Applications/Google Chrome.app/Contents/MacOS/Google Chrome"],
  ])("finds %s on macOS", (path) => {
    expect(found(machine("darwin", [path], { home: "/Users/ana", playwrightPath: null }))).toBe(path);
  });

  it.each([
    ["C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe"],
    ["C:\\Program Files (x86)\\Google\\Chrome\\Application\\chrome.exe"],
    ["C:\\Users\\ana\\AppData\\Local\\Google\\Chrome\\Application\\chrome.exe"],
    ["C:\\Users\\ana\\AppData\\Local\\Chromium\\Application\\chrome.exe"],
  ])("finds %s on Windows", (path) => {
    const env = {
      PROGRAMFILES: "C:\\Program Files",
      "PROGRAMFILES(X86)": "C:\\Program Files (x86)",
      LOCALAPPDATA: "C:\\Users\\ana\\AppData\\Local",
      Path: "C:\\Windows\\system32;C:\\Windows",
    };
    expect(found(machine("win32", [path], { env, playwrightPath: null }))).toBe(path);
  });

  it("uses CHROMIUM_PATH alone when it is set, and reports it when it does not exist", () => {
    const env = { CHROMIUM_PATH: "/opt/my/chrome", PATH: "/usr/bin" };
    expect(findBrowser(machine("linux", ["/opt/my/chrome", PLAYWRIGHT], { env })).found).toEqual({
      path: "/opt/my/chrome",
      source: "CHROMIUM_PATH",
    });
    expect(findBrowser(machine("linux", [PLAYWRIGHT], { env }))).toEqual({
      found: null,
      looked: ["/opt/my/chrome"],
    });
    expect(noBrowserMessage(["/opt/my/chrome"], "/opt/my/chrome")).toMatch(
      /CHROMIUM_PATH is set to \/opt\/my\/chrome/,
    );
  });

  it("lists each place once, Playwright's first", () => {
    const where = machine("linux", []);
    const paths = browserCandidates(where).map((candidate) => candidate.path);
    expect(paths[0]).toBe(PLAYWRIGHT);
    expect(paths).toContain("/usr/bin/chromium");
    expect(new Set(paths).size).toBe(paths.length);
    expect(findBrowser(where)).toEqual({ found: null, looked: paths });
  });
});

describe("installing Debian's Chromium", () => {
  const debian = ["/usr/bin/apt-get", "/etc/debian_version"];

  it("is done only by root on Debian with apt-get", () => {
    expect(canInstallDebianChromium(machine("linux", debian, { uid: 0 }))).toBe(true);
    expect(canInstallDebianChromium(machine("linux", debian, { uid: 1000 }))).toBe(false);
    expect(canInstallDebianChromium(machine("linux", ["/usr/bin/apt-get"], { uid: 0 }))).toBe(false);
    expect(canInstallDebianChromium(machine("darwin", debian, { uid: 0 }))).toBe(false);
    expect(canInstallDebianChromium(machine("win32", debian, { uid: undefined }))).toBe(false);
    const env = { CHROMIUM_PATH: "/opt/my/chrome" };
    expect(canInstallDebianChromium(machine("linux", debian, { uid: 0, env }))).toBe(false);
  });

  it("is not tried when a browser is already there", () => {
    let installs = 0;
    const search = ensureBrowser(
      machine("linux", [...debian, "/usr/bin/chromium"], { uid: 0 }),
      () => installs++,
    );
    expect(search.found?.path).toBe("/usr/bin/chromium");
    expect(installs).toBe(0);
  });

  it("installs the package, then uses it", () => {
    const files = [...debian];
    const where = machine("linux", [], { uid: 0, exists: (path) => files.includes(path) });
    const search = ensureBrowser(where, () => files.push("/usr/bin/chromium"));
    expect(search.found?.path).toBe("/usr/bin/chromium");
  });

  it("takes the Chromium another run installed when its own install fails on apt's lock", () => {
    const files = [...debian];
    const where = machine("linux", [], { uid: 0, exists: (path) => files.includes(path) });
    const search = ensureBrowser(where, () => {
      files.push("/usr/bin/chromium"); // the other run finished first
      throw new Error("E: Could not get lock /var/lib/dpkg/lock-frontend");
    });
    expect(search.found?.path).toBe("/usr/bin/chromium");
  });

  it("gives one message naming what to install when nothing is found and nothing can be installed", () => {
    let installs = 0;
    const search = ensureBrowser(machine("darwin", [], { playwrightPath: null }), () => installs++);
    expect(installs).toBe(0);
    expect(search.found).toBeNull();
    const message = noBrowserMessage(search.found ? [] : search.looked);
    expect(message).toContain("npx playwright-core install chromium");
    expect(message).toContain("CHROMIUM_PATH");
    expect(message).toContain("/Applications/Google Chrome.app/Contents/MacOS/Google Chrome");
  });
});
