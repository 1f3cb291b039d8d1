/**
 * Before the browser tests: finds a Chrome or Chromium (tools/find-browser.mjs says where it looks),
 * installing Debian's package first where that is possible (root, apt-get); otherwise one message
 * says what to install. Concurrent runs install one at a time and take the browser the first one
 * installed: a run waits for another's lock instead of failing on it.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { ensureBrowser, noBrowserMessage, thisMachine } from "./find-browser.mjs";

const LOCK = "/var/lock/brink-chromium-install.lock";
const APT = "apt-get -o DPkg::Lock::Timeout=1800 -o Acquire::Retries=3";
const INSTALL = `test -x /usr/bin/chromium || { ${APT} update -qq && ${APT} install -y -qq chromium fonts-dejavu-core; }`;

function installDebianChromium() {
  console.log("Installing Chromium from Debian's packages for the browser tests…");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  // flock (util-linux, always on Debian) holds other Brink runs back until this one is done.
  const command = existsSync("/usr/bin/flock")
    ? ["/usr/bin/flock", [LOCK, "sh", "-c", INSTALL]]
    : ["sh", ["-c", INSTALL]];
  execFileSync(command[0], command[1], { stdio: "inherit", env });
}

const machine = thisMachine();
const search = ensureBrowser(machine, installDebianChromium);
if (!search.found) {
  console.error(noBrowserMessage(search.looked, machine.env.CHROMIUM_PATH));
  process.exit(1);
}
console.log(`Browser tests use ${search.found.path} (${search.found.source}).`);
