/**
 * WCAG 2 contrast from computed colours: what a reader of the page actually gets, including
 * backgrounds that are partly transparent over what lies beneath them.
 */
import type { Page } from "playwright-core";

export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

/**
 * Parses the colours getComputedStyle returns: `rgb()`/`rgba()`, or `color(srgb r g b / a)` with
 * channels from 0 to 1 (what Chromium gives for a `color-mix()` in srgb).
 */
export function parseColour(css: string): Rgba {
  const srgb = /^color\(srgb\s+([^)]+)\)$/.exec(css.trim());
  if (srgb) {
    const [r, g, b, a] = (srgb[1] ?? "")
      .split(/[\s/]+/)
      .filter((part) => part !== "")
      .map(Number);
    if ([r, g, b].some((part) => part === undefined || Number.isNaN(part))) {
      throw new Error(`unreadable colour: ${css}`);
    }
    return { r: (r as number) * 255, g: (g as number) * 255, b: (b as number) * 255, a: a ?? 1 };
  }
  const match = /^rgba?\(([^)]+)\)$/.exec(css.trim());
  if (!match) throw new Error(`not an rgb() colour: ${css}`);
  const parts = (match[1] ?? "").split(/[\s,/]+/).filter((part) => part !== "");
  const [r, g, b, a] = parts.map(Number);
  if ([r, g, b].some((channel) => channel === undefined || Number.isNaN(channel))) {
    throw new Error(`unreadable colour: ${css}`);
  }
  return { r: r as number, g: g as number, b: b as number, a: a ?? 1 };
}

/** `top` painted over an opaque `bottom`. */
function over(top: Rgba, bottom: Rgba): Rgba {
  const mix = (front: number, back: number) => front * top.a + back * (1 - top.a);
  return { r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b), a: 1 };
}

/** The opaque colour seen through a stack of backgrounds, outermost first, on a white canvas. */
export function flatten(backgrounds: string[]): Rgba {
  return backgrounds
    .map(parseColour)
    .reduce((below, colour) => over(colour, below), { r: 255, g: 255, b: 255, a: 1 });
}

function channel(value: number): number {
  const s = value / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
}

export function luminance({ r, g, b }: Rgba): number {
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

export function contrast(a: Rgba, b: Rgba): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

export interface TextSample {
  text: string;
  colour: string;
  /** Background colours from the page root down to the element itself. */
  backgrounds: string[];
}

/** Every visible element under `root` that holds its own text, with its colour and backgrounds. */
export async function sampleText(page: Page, root: string): Promise<TextSample[]> {
  return page.evaluate((selector) => {
    const samples: TextSample[] = [];
    const scope = document.querySelector(selector);
    if (!scope) return samples;
    for (const element of [scope, ...Array.from(scope.querySelectorAll<HTMLElement>("*"))]) {
      const ownText = Array.from(element.childNodes)
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent ?? "")
        .join("")
        .trim();
      const box = element.getBoundingClientRect();
      if (ownText === "" || box.width === 0 || box.height === 0) continue;
      const backgrounds: string[] = [];
      for (let at: Element | null = element; at; at = at.parentElement) {
        backgrounds.unshift(getComputedStyle(at).backgroundColor);
      }
      samples.push({ text: ownText.slice(0, 30), colour: getComputedStyle(element).color, backgrounds });
    }
    return samples;
  }, root);
}

/** Text under `root` that falls below `minimum` contrast against what is behind it. */
export async function lowContrastText(page: Page, root: string, minimum = 4.5) {
  const samples = await sampleText(page, root);
  return samples
    .map((sample) => ({
      text: sample.text,
      ratio:
        Math.round(
          contrast(flatten([...sample.backgrounds, sample.colour]), flatten(sample.backgrounds)) * 100,
        ) / 100,
    }))
    .filter((sample) => sample.ratio < minimum);
}
