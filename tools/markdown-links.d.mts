/** Types for tools/markdown-links.mjs (used by the build and by the front-door and package tests). */
export function prose(markdown: string): string;
export function linkTargets(markdown: string): string[];
export function absoluteLinks(markdown: string, repository: string, ref: string): string;
export function shippedMarkdown(
  markdown: string,
  pkg: { version: string; brink: { repository: string; releaseBase: string } },
): string;
