/**
 * What a reader notices first: text cut off, and text too faint to read. `expectReadable` fails on
 * - clipped text: text that runs past an ancestor that hides its overflow (an ellipsis included),
 *   or that spills out of its own box, unless the element or an ancestor carries a `title` or
 *   `data-tooltip` holding the full text; a `<select>` whose chosen option is wider than the
 *   select's content box counts too, unless the select's own `title` or `data-tooltip` holds it;
 * - text below 4.5:1 contrast (WCAG AA) against the colours actually behind it, counting
 *   translucent backgrounds and faded (opacity) ancestors.
 * Scrolling containers may hide text below the fold (the reader scrolls), never beside it.
 */
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { contrast, flatten, parseColour } from "./contrast";

export const MINIMUM_CONTRAST = 4.5;

export interface ClippedText {
  problem: "clipped";
  selector: string;
  text: string;
  /** How many pixels of the text are hidden or spill out. */
  hiddenPx: number;
  /** The box that hides it (or that it spills out of). */
  clippedBy: string;
}

export interface FaintText {
  problem: "contrast";
  selector: string;
  text: string;
  ratio: number;
  colour: string;
  background: string;
}

export type ReadabilityProblem = ClippedText | FaintText;

interface RawSample {
  selector: string;
  text: string;
  colour: string;
  /** Each ancestor's background, outermost first, with the opacity in force at that level. */
  layers: { colour: string; opacity: number }[];
  opacity: number;
}

async function clippedText(page: Page, root: string): Promise<ClippedText[]> {
  // Each function given to page.evaluate runs in the page, so it carries its own helpers.
  return page.evaluate((selector) => {
    /** A short CSS path to search the templates for. */
    const name = (element: Element): string => {
      const parts: string[] = [];
      for (let at: Element | null = element; at && parts.length < 3; at = at.parentElement) {
        const classes = Array.from(at.classList)
          .filter((c) => !/^(themed|theme-|active$)/.test(c))
          .slice(0, 2);
        parts.unshift(at.tagName.toLowerCase() + classes.map((c) => `.${c}`).join(""));
        if (at.matches(selector)) break;
      }
      return parts.join(" > ");
    };
    const normal = (text: string) => text.replace(/\s+/g, " ").trim();
    const explained = (element: Element, full: string, stop: Element | null): boolean => {
      for (let at: Element | null = element; at; at = at.parentElement) {
        const tip = normal(at.getAttribute("title") ?? at.getAttribute("data-tooltip") ?? "");
        if (tip !== "" && tip.includes(full)) return true;
        if (at === stop) break;
      }
      return false;
    };
    const problems: ClippedText[] = [];
    const scope = document.querySelector(selector);
    if (!scope) return problems;
    const walker = document.createTreeWalker(scope, NodeFilter.SHOW_TEXT);
    const seen = new Set<Element>();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || normal(node.textContent ?? "") === "" || seen.has(parent)) continue;
      const style = getComputedStyle(parent);
      if (style.visibility === "hidden" || parent.closest("[hidden], template, script, style")) continue;
      // Text kept for screen readers only (Foundry's visually-hidden class) is clipped on purpose.
      if (parent.closest(".visually-hidden")) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const text = range.getBoundingClientRect();
      if (text.width === 0 || text.height === 0) continue;
      let hidden = 0;
      let clipper: Element | null = null;
      // Past a box that scrolls vertically, the text is reached by scrolling it, not hidden.
      let scrolled = false;
      for (let at: Element | null = parent; at; at = at.parentElement) {
        const own = getComputedStyle(at);
        const box = at.getBoundingClientRect();
        const left = box.left + at.clientLeft;
        const top = box.top + at.clientTop;
        const right = left + at.clientWidth;
        const bottom = top + at.clientHeight;
        const block = own.display !== "inline" && own.display !== "contents";
        if (block && own.overflowX !== "visible") {
          const past = Math.max(left - text.left, text.right - right);
          if (past > hidden + 1) [hidden, clipper] = [past, at];
        }
        // A scrolling box shows text below the fold when scrolled; a hiding one never does.
        if (block && !scrolled && (own.overflowY === "hidden" || own.overflowY === "clip")) {
          const past = Math.max(top - text.top, text.bottom - bottom);
          if (past > hidden + 1) [hidden, clipper] = [past, at];
        }
        if (block && (own.overflowY === "auto" || own.overflowY === "scroll")) scrolled = true;
        if (at === scope) break;
      }
      // Text that runs out of its own box (overflow visible) collides with its neighbours.
      const host = style.display === "inline" ? parent.parentElement : parent;
      if (host && host.scrollWidth > host.clientWidth + 1 && host.clientWidth > 0) {
        const spill = host.scrollWidth - host.clientWidth;
        if (spill > hidden) [hidden, clipper] = [spill, host];
      }
      if (hidden <= 1) continue;
      const full = normal(parent.textContent ?? "");
      if (explained(parent, full, scope)) continue;
      seen.add(parent);
      problems.push({
        problem: "clipped",
        selector: name(parent),
        text: full.slice(0, 60),
        hiddenPx: Math.round(hidden),
        clippedBy: clipper ? name(clipper) : "",
      });
    }
    // A select draws only its chosen option, cut at its content box; the text nodes above never see it.
    const ruler = document.createElement("canvas").getContext("2d");
    for (const select of Array.from(scope.querySelectorAll("select"))) {
      const chosen = normal(select.selectedOptions[0]?.textContent ?? "");
      const style = getComputedStyle(select);
      if (!ruler || chosen === "" || select.clientWidth === 0 || style.visibility === "hidden") continue;
      ruler.font = style.font;
      const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const hidden = ruler.measureText(chosen).width - room;
      if (hidden <= 1 || explained(select, chosen, select)) continue;
      problems.push({
        problem: "clipped",
        selector: name(select),
        text: chosen.slice(0, 60),
        hiddenPx: Math.round(hidden),
        clippedBy: name(select),
      });
    }
    return problems;
  }, root);
}

async function textColours(page: Page, root: string): Promise<RawSample[]> {
  return page.evaluate((selector) => {
    const name = (element: Element): string => {
      const parts: string[] = [];
      for (let at: Element | null = element; at && parts.length < 3; at = at.parentElement) {
        const classes = Array.from(at.classList)
          .filter((c) => !/^(themed|theme-|active$)/.test(c))
          .slice(0, 2);
        parts.unshift(at.tagName.toLowerCase() + classes.map((c) => `.${c}`).join(""));
        if (at.matches(selector)) break;
      }
      return parts.join(" > ");
    };
    const samples: RawSample[] = [];
    const scope = document.querySelector(selector);
    if (!scope) return samples;
    for (const element of [scope, ...Array.from(scope.querySelectorAll("*"))]) {
      const own = Array.from(element.childNodes)
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent ?? "")
        .join("")
        .replace(/\s+/g, " ")
        .trim();
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      if (own === "" || box.width === 0 || box.height === 0 || style.visibility === "hidden") continue;
      // WCAG 1.4.3 leaves out the text of inactive controls.
      if (element.closest(":disabled, [aria-disabled='true']")) continue;
      const chain: Element[] = [];
      for (let at: Element | null = element; at; at = at.parentElement) chain.unshift(at);
      let opacity = 1;
      const layers = chain.map((at) => {
        const computed = getComputedStyle(at);
        opacity *= Number(computed.opacity);
        return { colour: computed.backgroundColor, opacity };
      });
      samples.push({ selector: name(element), text: own.slice(0, 40), colour: style.color, layers, opacity });
    }
    return samples;
  }, root);
}

const withAlpha = (css: string, factor: number): string => {
  const { r, g, b, a } = parseColour(css);
  return `rgba(${r}, ${g}, ${b}, ${a * factor})`;
};

const css = ({ r, g, b }: { r: number; g: number; b: number }) =>
  `rgb(${Math.round(r)}, ${Math.round(g)}, ${Math.round(b)})`;

async function faintText(page: Page, root: string, minimum: number): Promise<FaintText[]> {
  const problems: FaintText[] = [];
  for (const sample of await textColours(page, root)) {
    const backgrounds = sample.layers.map((layer) => withAlpha(layer.colour, layer.opacity));
    const behind = flatten(backgrounds);
    const ink = flatten([...backgrounds, withAlpha(sample.colour, sample.opacity)]);
    const ratio = Math.round(contrast(ink, behind) * 100) / 100;
    if (ratio < minimum) {
      problems.push({
        problem: "contrast",
        selector: sample.selector,
        text: sample.text,
        ratio,
        colour: sample.colour,
        background: css(behind),
      });
    }
  }
  return problems;
}

/** Every clipped or faint text under `root`, each once. */
export async function readabilityProblems(
  page: Page,
  root: string,
  minimum = MINIMUM_CONTRAST,
): Promise<ReadabilityProblem[]> {
  await page.evaluate(() => document.fonts.ready);
  return [...(await clippedText(page, root)), ...(await faintText(page, root, minimum))];
}

/**
 * Fails the test, listing each problem, unless everything under `root` is whole and readable
 * (apart from the problems `open` accepts: work recorded for someone else). The failure is soft
 * (the test goes on), so one test can report every page it draws; every problem found is returned.
 */
export async function expectReadable(
  page: Page,
  root: string,
  {
    label = root,
    open = () => false,
  }: { label?: string; open?: (problem: ReadabilityProblem) => boolean } = {},
): Promise<ReadabilityProblem[]> {
  const problems = await readabilityProblems(page, root);
  const unexpected = problems.filter((problem) => !open(problem));
  expect.soft({ surface: label, problems: unexpected }).toEqual({ surface: label, problems: [] });
  return problems;
}
