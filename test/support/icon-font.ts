/**
 * Font Awesome for the harness pages. Foundry v13 ships Font Awesome 6 Pro; the free edition of the
 * same major version (devDependency @fortawesome/fontawesome-free) draws the same `fa-solid fa-…`
 * classes, so an icon-only button shows its glyph in a screenshot instead of an empty box. The page
 * has no server, so the webfonts are inlined as data URIs. Pro-only icons (fa-swords,
 * fa-bullseye-arrow) have no glyph in the free edition and stay blank here.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./render";

export const ICON_FONT_PACKAGE = "@fortawesome/fontawesome-free";
const PACKAGE_DIR = join(ROOT, "node_modules", ICON_FONT_PACKAGE);
/** The core rules and the two styles Brink's templates use (solid, regular); no brands. */
const SHEETS = ["fontawesome.min.css", "solid.min.css", "regular.min.css"];
const FONT_URLS =
  /src:url\(\.\.\/webfonts\/([\w-]+)\.woff2\) format\("woff2"\),url\(\.\.\/webfonts\/[\w-]+\.ttf\) format\("truetype"\)/g;

function inlineFonts(css: string): string {
  return css.replace(FONT_URLS, (_match, font: string) => {
    const data = readFileSync(join(PACKAGE_DIR, "webfonts", `${font}.woff2`)).toString("base64");
    return `src:url(data:font/woff2;base64,${data}) format("woff2")`;
  });
}

let cached: string | undefined;

/** The icon font's stylesheet with its fonts inlined; throws, naming the package, when it is not installed. */
export function iconFontCss(): string {
  if (cached !== undefined) return cached;
  if (!existsSync(PACKAGE_DIR)) {
    throw new Error(`The browser harness needs ${ICON_FONT_PACKAGE} (a devDependency): run npm ci.`);
  }
  cached = SHEETS.map((sheet) => inlineFonts(readFileSync(join(PACKAGE_DIR, "css", sheet), "utf8"))).join(
    "\n",
  );
  return cached;
}
