/**
 * Dialogs, forms, templates, the canvas and targeting, as far as Brink's flows touch them. A test
 * answers a dialog in advance with `answerDialog(values)`: the dialog's content is rendered into a
 * real form, each value is entered into the control of that name (a name the dialog does not show is
 * an error, as a user could not type there), and the default button runs with that form, as if the
 * user had filled it in and pressed Enter. Controls the answer leaves alone keep their defaults.
 */
import { Window } from "happy-dom";
import { createRenderer } from "../support/render";
import { fillForm, readForm, selectMarkedOptions, type FormLike } from "./forms";
import type { Plain } from "./utils";
import { FakeScene, FakeToken } from "./combat";
import type { TokenObject } from "./combat-tracker";
import { session } from "./documents";

const answers: (Plain | null)[] = [];
/**
 * Each dialog opened, with the user whose client opened it (a dialog shows on that screen only) and
 * the buttons it was given (a record for the screenshots, as the flow passed them).
 */
export const shownDialogs: {
  title: string;
  content: string;
  user: string;
  buttons: { label: string; icon: string }[];
}[] = [];

/** Forgets answers no dialog took, so one test's answer never fills another test's dialog. */
export function clearDialogAnswers(): void {
  answers.length = 0;
}

/** The next dialog will be submitted with these values entered (or closed, for null). */
export function answerDialog(values: Plain | null): void {
  answers.push(values);
}

interface DialogButton {
  action: string;
  label?: string;
  icon?: string;
  default?: boolean;
  callback?: (event: Event, button: { form: HTMLFormElement }, dialog: unknown) => unknown;
}

const dialogDocument = new Window().document;

function dialogForm(content: string, values: Plain, title: string): HTMLFormElement {
  const form = dialogDocument.createElement("form");
  form.innerHTML = content;
  selectMarkedOptions(form as unknown as ParentNode);
  fillForm(form as unknown as ParentNode, values, `The dialog "${title}"`);
  return form as unknown as HTMLFormElement;
}

export class FakeDialogV2 {
  static async wait(config: {
    window?: { title?: string };
    content?: string;
    buttons?: DialogButton[];
  }): Promise<unknown> {
    const title = config.window?.title ?? "";
    const buttons = (config.buttons ?? []).map((b) => ({ label: b.label ?? b.action, icon: b.icon ?? "" }));
    shownDialogs.push({ title, content: config.content ?? "", user: session.user.id, buttons });
    const answer = answers.shift();
    if (answer === undefined || answer === null) return null;
    const button = config.buttons?.find((b) => b.default) ?? config.buttons?.[0];
    if (!button) return null;
    const form = dialogForm(config.content ?? "", answer, title);
    return button.callback ? button.callback(new Event("submit"), { form }, {}) : button.action;
  }
}

/** FormDataExtended: a rendered form is read as v13 reads it (flat dotted keys, typed values; see forms.ts). */
export class FakeFormDataExtended {
  object: Plain;
  constructor(form: FormLike, options: { disabled?: boolean; readonly?: boolean } = {}) {
    this.object = readForm(form, options);
  }
}

/**
 * Core's own templates that Brink may fall back on, as small stand-ins with the same data. Any other
 * path must be a file Brink ships: a missing one throws, as Foundry fails to render it.
 */
const CORE_TEMPLATES: Record<string, (data: Record<string, unknown>) => string> = {
  "templates/dice/roll.html": (data) =>
    `<div class="dice-roll"><div class="dice-formula">${String(data.formula)}</div>` +
    `<h4 class="dice-total">${String(data.total)}</h4></div>`,
};

const render = createRenderer();
export async function renderTemplate(path: string, data: object): Promise<string> {
  const core = CORE_TEMPLATES[path];
  return core ? core(data as Record<string, unknown>) : render(path, data);
}

/**
 * The scene on the canvas: a 1 m grid of 100 px squares, like a Brink scene. Placed tokens are
 * Token documents in it (x, y in pixels, width and height in grid squares), so the GM's client can
 * read where every token stands from the scene, as it does in Foundry, whatever scene it views.
 */
let canvasScene: FakeScene | null = null;
/** Made on first use: the fake's modules import one another, so nothing is built at load time. */
export function sceneOnCanvas(): FakeScene {
  canvasScene ??= new FakeScene({ _id: "fake", name: "Canvas", grid: { size: 100, distance: 1 } });
  return canvasScene;
}

/** A token on the canvas: its placeable, with the Token document behind it. */
export interface PlacedToken {
  name: string;
  actor: unknown;
  document: FakeToken;
}

/** The scene this client's canvas shows (tests set `canvas.scene`), or null. */
const sceneShown = (): FakeScene | null =>
  (globalThis as unknown as { canvas?: { scene?: FakeScene | null } }).canvas?.scene ?? null;

export const fakeCanvas = {
  grid: { size: 100, distance: 1 },
  tokens: {
    placeables: [] as PlacedToken[],
    /** The tokens of the shown scene this client's user controls (v13 `PlaceablesLayer#controlled`). */
    get controlled(): TokenObject[] {
      const tokens = (sceneShown()?.tokens.contents ?? []) as FakeToken[];
      return tokens.map((token) => token.object).filter((object) => object.controlled);
    },
  },
};

let tokenCount = 0;
/** Places a token for an actor on the fake canvas, at grid square (col, row). */
export function placeToken(
  actor: { id?: string | null; name: string; img?: string | null },
  col: number,
  row: number,
  size = 1,
  /** Foundry's token disposition (friendly 1, neutral 0, hostile −1); Token documents default to hostile. */
  disposition?: number,
): PlacedToken {
  tokenCount += 1;
  const document = new FakeToken(
    {
      _id: `token${tokenCount}`,
      name: actor.name,
      actorId: actor.id ?? null,
      actorLink: true,
      x: col * 100,
      y: row * 100,
      width: size,
      height: size,
      texture: { src: actor.img ?? "icons/svg/mystery-man.svg" },
      ...(disposition === undefined ? {} : { disposition }),
    },
    { parent: sceneOnCanvas() },
  );
  // A placed token stands for the actor the test gave it (world actors resolve the same way by id).
  Object.defineProperty(document, "actor", { get: () => actor });
  sceneOnCanvas().tokens.set(document.id, document);
  const token: PlacedToken = { name: actor.name, actor, document };
  fakeCanvas.tokens.placeables.push(token);
  return token;
}

export function clearCanvas(): void {
  fakeCanvas.tokens.placeables.length = 0;
  sceneOnCanvas().tokens.clear();
}
