/**
 * The links of a Markdown file: the front-door test checks them, and the build makes the copies of
 * README.md and CHANGELOG.md it ships point back at the repository (the release zip holds no docs/,
 * src/ or test/; see docs/decisions.md, "The README inside the release zip").
 */
import { releaseUrls } from "./release-manifest.mjs";

/** Prose only: fenced code blocks and inline code spans hold no links. */
export function prose(markdown) {
  return markdown.replace(/^```[\s\S]*?^```/gm, "").replace(/`[^`\n]*`/g, "");
}

const LINK = /(!?)\[([^\]]*)\]\(([^)\s]+)((?:\s+"[^"]*")?)\)/g;

/** The targets of every Markdown link and image, in order. */
export function linkTargets(markdown) {
  return [...prose(markdown).matchAll(LINK)].map((match) => match[3] ?? "");
}

/** A link target that leaves the file's folder for the web (https:, mailto:) or stays on its page (#x). */
const staysOrLeaves = (target) => /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("#");

/**
 * The Markdown with each relative link of a file at the repository's root made absolute: pages to
 * `<repository>/blob/<ref>/<path>`, images to `<repository>/raw/<ref>/<path>` (the picture itself).
 * Code blocks and spans are left as they are.
 */
export function absoluteLinks(markdown, repository, ref) {
  const rewrite = (text) =>
    text.replace(LINK, (whole, bang, label, target, title) => {
      if (staysOrLeaves(target)) return whole;
      const kind = bang ? "raw" : "blob";
      return `${bang}[${label}](${repository}/${kind}/${ref}/${target.replace(/^\.\//, "")}${title})`;
    });
  // Only the prose between code blocks and spans is rewritten.
  return markdown
    .split(/(^```[\s\S]*?^```)/m)
    .map((part, index) =>
      index % 2 === 1
        ? part
        : part
            .split(/(`[^`\n]*`)/)
            .map((bit, i) => (i % 2 ? bit : rewrite(bit)))
            .join(""),
    )
    .join("");
}

/**
 * README.md or CHANGELOG.md as the build and the release zip ship it: its relative links (docs/,
 * images, source) point at the repository at this release's tag, since the zip holds none of them.
 */
export function shippedMarkdown(markdown, pkg) {
  return absoluteLinks(markdown, pkg.brink.repository, releaseUrls(pkg).tag);
}
