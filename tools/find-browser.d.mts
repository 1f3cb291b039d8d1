/** Types for tools/find-browser.mjs (used by the browser tests and by its own tests). */
export interface Machine {
  platform: string;
  env: Record<string, string | undefined>;
  home?: string;
  uid?: number | undefined;
  playwrightPath?: string | null;
  exists: (path: string) => boolean;
}
export interface Candidate {
  path: string;
  source: string;
}
export type BrowserSearch = { found: Candidate } | { found: null; looked: string[] };

export function browserCandidates(where: Omit<Machine, "exists">): Candidate[];
export function findBrowser(where: Machine): BrowserSearch;
export function canInstallDebianChromium(where: Machine): boolean;
export function ensureBrowser(machine: Machine, install: () => void): BrowserSearch;
export function noBrowserMessage(looked: string[], chosen?: string): string;
export function thisMachine(): Machine;
