/**
 * Accessibility as axe-core judges it (through its Playwright integration): contrast, names, roles
 * and the other WCAG 2.x A and AA rules, on one surface of the page. Brink's own checks
 * (support/readability.ts: cut-off text, overflow) stand beside it; axe does not look for those.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";

/**
 * WCAG 2.1 A and AA, Brink's bar (contrast 4.5:1, names, roles, keyboard). WCAG 2.2's 24 px target
 * size is left out: a pool's pips are smaller by design and each has a name and a keyboard path.
 */
export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

export interface AxeProblem {
  rule: string;
  impact: string | null;
  help: string;
  /** The elements breaking the rule, as axe names them. */
  targets: string[];
}

/** Every WCAG A/AA rule `root` breaks, with the elements that break it. */
export async function accessibilityProblems(page: Page, root: string): Promise<AxeProblem[]> {
  const results = await new AxeBuilder({ page }).include(root).withTags(WCAG_TAGS).analyze();
  return results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact ?? null,
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.join(" ")),
  }));
}
