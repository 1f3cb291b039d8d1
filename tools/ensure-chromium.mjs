/**
 * The browser test layer drives Debian's Chromium. On a fresh Debian machine (as root) this
 * installs it from Debian's packages; anywhere else it says what to install and stops.
 */
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

const path = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!existsSync(path)) {
  const canInstall = process.getuid?.() === 0 && existsSync("/usr/bin/apt-get");
  if (!canInstall) {
    console.error(
      `Chromium is needed for the browser tests: install Debian's "chromium" package, or set CHROMIUM_PATH.`,
    );
    process.exit(1);
  }
  console.log("Installing Chromium from Debian's packages for the browser tests…");
  execSync("apt-get update -qq && apt-get install -y -qq chromium fonts-dejavu-core", {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
}
