import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetWorld } from "../fake-foundry/install";
import { asUser } from "../fake-foundry/runtime";
import { bootCombat, midRoundFight, player, renderTracker } from "../foundry/combat-fixtures";
import { RESULTS, findOverflow, launchBrowser, pageHtml } from "../support/browser";
import { expectReadable, type ReadabilityProblem } from "../support/readability";
import { ROOT } from "../support/render";

await bootCombat();

/** Foundry's sidebar is 300 px wide; the tracker must fit it without anything spilling out. */
const SIDEBAR = { width: 300, height: 760 };
const LAYOUT_SELECTORS = [
  ".brink-round",
  ".brink-section",
  ".section-header",
  ".brink-member",
  ".member-main",
  ".member-economy",
  ".member-controls",
  ".combatant-controls",
  ".brink-combat-controls",
];

/** The page has no server: Brink's status icons are inlined so the effect icons show. */
const inlineSystemImages = (html: string) =>
  html.replace(/src="systems\/brink\/([^"]+\.svg)"/g, (_match, path: string) => {
    const svg = readFileSync(join(ROOT, path));
    return `src="data:image/svg+xml;base64,${svg.toString("base64")}"`;
  });

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** `readable`: a part of the tracker whose text must all be whole and at 4.5:1 or more. */
async function shoot(name: string, html: string, theme: "light" | "dark", readable?: string) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.setContent(pageHtml(inlineSystemImages(html), { ...SIDEBAR, theme }));
  await page.screenshot({ path: join(RESULTS, `${name}.png`) });
  const overflow = await findOverflow(page, LAYOUT_SELECTORS);
  const unreadable: ReadabilityProblem[] = readable
    ? await expectReadable(page, readable, { label: `${name} ${readable}` })
    : [];
  const layout = await page.evaluate(() => {
    const frame = document.querySelector(".application")?.getBoundingClientRect();
    const sections = [...document.querySelectorAll<HTMLElement>(".brink-section")];
    const last = sections.at(-1)?.getBoundingClientRect();
    const pip = document.querySelector(".pips.actions .pip.filled");
    return {
      sections: sections.length,
      rows: document.querySelectorAll(".brink-member").length,
      fitsHeight: frame !== undefined && last !== undefined && last.bottom <= frame.bottom,
      pipColour: pip ? getComputedStyle(pip).backgroundColor : "",
      toMoveOutline: getComputedStyle(document.querySelector(".brink-section.to-move") ?? document.body)
        .boxShadow,
      // Rows whose pips (actions and reactions together) do not sit on a single line.
      wrappedPips: [...document.querySelectorAll<HTMLElement>(".brink-member")]
        .filter((row) => {
          const tops = [...row.querySelectorAll(".member-pips .pip")].map((pip) =>
            Math.round(pip.getBoundingClientRect().top),
          );
          return new Set(tops).size > 1;
        })
        .map((row) => row.querySelector(".member-name")?.textContent ?? ""),
      acted: [...document.querySelectorAll<HTMLElement>(".brink-member.mark-acted")].map(actedTreatment),
      endTurnButtons: document.querySelectorAll("[data-action='endTurn']").length,
      vitalBars: document.querySelectorAll(".vital-bar").length,
    };

    /** How an acted row looks: its label's contrast on what is behind it, and nothing faded or struck. */
    function actedTreatment(row: HTMLElement) {
      const rgb = (colour: string) => (colour.match(/[\d.]+/g) ?? []).map(Number);
      const luminance = ([r = 0, g = 0, b = 0]: number[]) => {
        const channel = (c: number) => {
          const v = c / 255;
          return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
        };
        return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
      };
      const backdrop = (element: Element | null): string => {
        for (let at = element; at; at = at.parentElement) {
          const colour = getComputedStyle(at).backgroundColor;
          if ((rgb(colour)[3] ?? 1) > 0) return colour;
        }
        return "rgb(255, 255, 255)";
      };
      const label = row.querySelector(".member-mark");
      const fore = luminance(rgb(label ? getComputedStyle(label).color : ""));
      const back = luminance(rgb(backdrop(row)));
      let opacity = 1;
      for (let at: Element | null = label; at; at = at.parentElement)
        opacity *= Number(getComputedStyle(at).opacity);
      const name = row.querySelector(".member-name");
      return {
        label: label?.textContent?.trim() ?? "",
        contrast: (Math.max(fore, back) + 0.05) / (Math.min(fore, back) + 0.05),
        opacity,
        struck: name ? getComputedStyle(name).textDecorationLine.includes("line-through") : false,
      };
    }
  });
  await page.close();
  return { overflow, layout, unreadable };
}

describe("the combat tracker in Chromium, in Foundry's 300 px sidebar", () => {
  it.each(["dark", "light"] as const)(
    "shows three teams mid-round with nothing overflowing (%s)",
    async (theme) => {
      resetWorld();
      await midRoundFight();
      const { html } = await renderTracker();
      const result = await shoot(theme === "dark" ? "combat-tracker" : "combat-tracker-light", html, theme);
      expect(result.overflow).toEqual([]);
      expect(result.layout).toMatchObject({ sections: 3, rows: 8, fitsHeight: true });
      expect(result.layout.pipColour).not.toBe("rgba(0, 0, 0, 0)");
      expect(result.layout.toMoveOutline).not.toBe("none");
      expect(result.layout.wrappedPips).toEqual([]);
      expect(result.layout.vitalBars).toBe(16);
      // Roland, Clementine and the Guard Captain have acted: one readable label, nothing faded.
      expect(result.layout.acted).toHaveLength(3);
      for (const acted of result.layout.acted) {
        expect(acted).toMatchObject({ label: "Acted", opacity: 1, struck: false });
        expect(acted.contrast).toBeGreaterThanOrEqual(4.5);
      }
    },
  );

  it("keeps core's row controls for the GM: hide, defeated, ping and effect icons, without initiative rolls", async () => {
    resetWorld();
    const fight = await midRoundFight();
    await fight.member("Guard").update({ hidden: true });
    const { html } = await renderTracker();
    const result = await shoot("combat-tracker-core-controls", html, "dark");
    expect(result.overflow).toEqual([]);
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.setContent(pageHtml(inlineSystemImages(html), { ...SIDEBAR, theme: "dark" }));
    const rows = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>(".combat-tracker li.combatant")].map((row) => ({
        name: row.querySelector(".member-name")?.textContent?.trim() ?? "",
        action: row.dataset.action,
        controls: [...row.querySelectorAll<HTMLElement>(".combatant-controls button")]
          .filter((button) => button.getBoundingClientRect().width > 0)
          .map((button) => `${button.dataset.action ?? ""}${button.classList.contains("active") ? "*" : ""}`),
        effects: [...row.querySelectorAll<HTMLImageElement>(".token-effect")].map(
          (img) => `${img.alt}:${img.naturalWidth > 0 ? "shown" : "broken"}`,
        ),
      })),
    );
    const rolls = await page.evaluate(() => document.querySelectorAll("[data-action^='roll']").length);
    await page.close();
    expect(rolls).toBe(0);
    expect(rows).toHaveLength(8);
    expect(rows.every((row) => row.action === "activateCombatant")).toBe(true);
    expect(rows.find((row) => row.name === "Guard")?.controls).toEqual([
      "toggleHidden*",
      "toggleDefeated",
      "pingCombatant",
      "retreatAction",
      "skipTurn",
    ]);
    expect(rows.find((row) => row.name === "Fabian")?.effects).toContain("Unconscious:shown");
  });

  it.each(["dark", "light"] as const)(
    "fits a player's view with Take turn on the party's move and bars only for their own characters (%s)",
    async (theme) => {
      resetWorld();
      const fight = await midRoundFight();
      for (const name of ["Guard", "Innkeeper"]) {
        await fight.combat.takeTurn(fight.member(name).id ?? "");
        await fight.combat.endTurn();
      }
      const { html } = await asUser(player("clementine-player"), () => renderTracker());
      const result = await shoot(
        theme === "dark" ? "combat-tracker-player" : "combat-tracker-player-light",
        html,
        theme,
      );
      expect(result.overflow).toEqual([]);
      expect(result.layout.wrappedPips).toEqual([]);
      // Clementine's player owns Clementine and Odette: two rows of two bars.
      expect(result.layout.vitalBars).toBe(4);
      expect(html).toContain('data-action="takeTurn"');
      // Roland, Clementine, the Guard Captain, the Guard and the Innkeeper have acted.
      expect(result.layout.acted).toHaveLength(5);
      for (const acted of result.layout.acted) expect(acted.contrast).toBeGreaterThanOrEqual(4.5);
    },
  );

  it.each(["dark", "light"] as const)(
    "shows one End turn while the GM runs a member's turn (%s)",
    async (theme) => {
      resetWorld();
      const fight = await midRoundFight();
      await fight.combat.takeTurn(fight.member("Guard").id ?? "");
      const { html } = await renderTracker();
      const result = await shoot(
        theme === "dark" ? "combat-tracker-acting" : "combat-tracker-acting-light",
        html,
        theme,
        ".brink-member.mark-acting",
      );
      expect(result.overflow).toEqual([]);
      expect(result.layout.wrappedPips).toEqual([]);
      expect(result.layout.endTurnButtons).toBe(1);
      // The acting row (its ACTING mark on the tinted row) is whole and reads at 4.5:1 or more.
      expect(html).toContain("mark-acting");
      expect(result.unreadable).toEqual([]);
    },
  );
});
