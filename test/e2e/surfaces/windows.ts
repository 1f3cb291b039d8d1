/**
 * Brink's other windows: the combat tracker as the GM and as a player sees it, in the core team
 * order and in the dexterity order (an optional rule), the settings menus, and the GM's
 * exploration panel.
 */
import { FakeScene } from "../../fake-foundry/combat";
import { queueDice } from "../../fake-foundry/dice";
import { users } from "../../fake-foundry/install";
import { asUser } from "../../fake-foundry/runtime";
import {
  DISPOSITIONS,
  midRoundFight,
  player,
  renderTracker,
  setUpFight,
} from "../../foundry/combat-fixtures";
import { createRenderer } from "../../support/render";
import { inlineSystemImages, type Surface } from "./frame";

const { OptionalRulesMenu, AutomationMenu, AppearanceMenu, TablesMenu } =
  await import("../../../src/applications/settings");
const { ExplorationPanel } = await import("../../../src/applications/exploration");

const render = createRenderer();
const TRACKER = { width: 300, height: 760 };

/** The tracker as this client's user sees it, Brink's status icons inlined. */
const trackerHtml = async () => inlineSystemImages((await renderTracker()).html);

/** The foes and the innkeeper have taken their turns: it is the party's move again. */
async function partysMoveAgain() {
  const fight = await midRoundFight();
  for (const name of ["Guard", "Innkeeper"]) {
    await fight.combat.takeTurn(fight.member(name).id ?? "");
    await fight.combat.endTurn();
  }
}

/** Four fighters in the dexterity order (S1), the guard's tie with Roland settled by a roll. */
async function dexterityFight() {
  await game.settings.set("brink", "initiativeMode", "dexterity");
  const f = await setUpFight([
    { name: "Roland", disposition: DISPOSITIONS.friendly, owner: player("roland-player"), dex: 8 },
    { name: "Fabian of the Long Road", disposition: DISPOSITIONS.friendly, dex: 4 },
    { name: "Guard", disposition: DISPOSITIONS.hostile, dex: 8 },
    { name: "Captain", disposition: DISPOSITIONS.hostile, dex: 12 },
  ]);
  queueDice(3, 7);
  await f.combat.begin({});
  await f.combat.takeTurn(f.member("Captain").id ?? "");
  await f.combat.endTurn();
  return f;
}

const tracker = (name: string, html: () => Promise<string>): Surface => ({
  name: `tracker-${name}`,
  size: TRACKER,
  place: "window",
  widths: [TRACKER.width],
  html,
});

interface AppClass {
  PARTS: object;
}

/** An ApplicationV2 window (not a sheet) drawn from its own context and parts. */
async function applicationHtml(App: AppClass, tag: "div" | "form"): Promise<string> {
  const app = new (
    App as unknown as new (options: object) => {
      _prepareContext(options: object): Promise<object>;
      options: { classes?: string[] };
    }
  )({});
  const context = await app._prepareContext({});
  const parts = Object.values(App.PARTS as Record<string, { template: string }>).map((part) =>
    render(part.template, context),
  );
  const classes = (app.options.classes ?? []).join(" ");
  return `<${tag} class="application ${classes}"><section class="window-content">${parts.join("\n")}</section></${tag}>`;
}

const gm = () => {
  const found = users.get("gm");
  if (!found) throw new Error("the fake has no GM");
  return found;
};

const menu = (name: string, App: AppClass, viewer: () => ReturnType<typeof gm>): Surface => ({
  name: `settings-${name}`,
  size: { width: 520, height: 700 },
  place: "window",
  autoHeight: true,
  html: () => asUser(viewer(), () => applicationHtml(App, "form")),
});

/** Two characters on a scene with a torch and a lantern lit, three travel turns in. */
async function explorationPanel() {
  const make = (name: string, items: object[]) =>
    Actor.implementation.create({ name, type: "character", items } as never);
  const roland = await make("Roland", [
    { name: "Torch", type: "gear", system: { equipped: true, quantity: 3, light: { hours: 1 } } },
  ]);
  const petra = await make("Petra Ashdown-Featherstonehaugh", [
    { name: "Lantern", type: "gear", system: { equipped: true, light: { hours: 3, consumed: false } } },
  ]);
  const scene = await FakeScene.create({
    name: "Sunken Crypt",
    tokens: [roland, petra].map((actor, index) => ({
      name: actor?.name,
      x: index * 100,
      y: 0,
      actorId: actor?.id,
      actorLink: true,
      disposition: 1,
    })),
  });
  Object.assign(canvas as object, { scene });
  await game.settings.set("brink", "travelTurns", 3);
  return applicationHtml(ExplorationPanel as unknown as AppClass, "div");
}

export const WINDOWS: Surface[] = [
  tracker("gm", async () => {
    await midRoundFight();
    return trackerHtml();
  }),
  tracker("player", async () => {
    await partysMoveAgain();
    return asUser(player("clementine-player"), trackerHtml);
  }),
  tracker("dexterity-gm", async () => {
    await dexterityFight();
    return trackerHtml();
  }),
  tracker("dexterity-player", async () => {
    await dexterityFight();
    return asUser(player("roland-player"), trackerHtml);
  }),
  menu("optional-rules", OptionalRulesMenu as unknown as AppClass, gm),
  menu("automation", AutomationMenu as unknown as AppClass, () => player("menus-player")),
  menu("appearance", AppearanceMenu as unknown as AppClass, () => player("menus-player")),
  menu("tables", TablesMenu as unknown as AppClass, gm),
  {
    name: "exploration-panel",
    size: { width: 420, height: 700 },
    place: "window",
    autoHeight: true,
    html: explorationPanel,
  },
];
