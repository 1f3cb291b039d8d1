/**
 * Headless Chromium (Debian's package) driven by playwright-core: pages built from rendered
 * templates plus the system CSS, screenshots kept under test-results/, and layout checks.
 */
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { ROOT } from "./render";

export const RESULTS = join(ROOT, "test-results");
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export async function launchBrowser(): Promise<Browser> {
  mkdirSync(RESULTS, { recursive: true });
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/** Every stylesheet system.json lists, in its order, as Foundry loads them. */
function systemStyles(): string {
  const manifest = JSON.parse(readFileSync(join(ROOT, "system.json"), "utf8")) as {
    styles: { src: string }[];
  };
  return manifest.styles.map((style) => readFileSync(join(ROOT, style.src), "utf8")).join("\n");
}

/** A stand-in for Foundry's window frame: the sheet sits at its default size on a 1280×800 desktop. */
export function pageHtml(
  body: string,
  { width, height, theme }: { width: number; height: number; theme: "light" | "dark" },
) {
  const css = systemStyles();
  return `<!doctype html><html><head><meta charset="utf-8"><style>
    body { margin: 0; background: ${theme === "dark" ? "#0e0c0b" : "#6b6358"}; font-family: sans-serif; }
    .application { position: absolute; top: 40px; left: 40px; width: ${width}px; height: ${height}px;
      display: flex; flex-direction: column; box-shadow: 0 0 20px #000; border-radius: 6px; overflow: hidden; }
    .application > .window-content { flex: 1; min-height: 0; }
    button { font: inherit; }
    </style><style>${css}</style></head>
    <body class="theme-${theme}">${body.replace("theme-light", `theme-${theme}`)}</body></html>`;
}

export interface Overflow {
  selector: string;
  text: string;
  scrollWidth: number;
  clientWidth: number;
}

/** Elements whose content is wider than their box, or that stick out of the window. */
export async function findOverflow(page: Page, selectors: string[]): Promise<Overflow[]> {
  return page.evaluate((list) => {
    const frame = document.querySelector(".application")?.getBoundingClientRect();
    const problems: Overflow[] = [];
    for (const selector of list) {
      for (const element of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
        const box = element.getBoundingClientRect();
        const style = getComputedStyle(element);
        const clipsText = style.textOverflow === "ellipsis";
        const wider = !clipsText && element.scrollWidth > element.clientWidth + 1;
        const outside = frame !== undefined && (box.left < frame.left - 1 || box.right > frame.right + 1);
        if ((wider || outside) && box.width > 0) {
          problems.push({
            selector,
            text: (element.textContent ?? "").trim().slice(0, 40),
            scrollWidth: element.scrollWidth,
            clientWidth: element.clientWidth,
          });
        }
      }
    }
    return problems;
  }, selectors);
}
