/**
 * Dialogs, forms, templates, the canvas and targeting, as far as Brink's flows touch them. A test
 * answers a dialog in advance with `answerDialog(formData)`; the dialog's default button then runs
 * with a form holding that data, exactly as if the user had filled it in and pressed Enter.
 */
import { createRenderer } from "../support/render";
import { readForm, type FormLike } from "./forms";
import type { Plain } from "./utils";

const answers: (Plain | null)[] = [];
export const shownDialogs: { title: string; content: string }[] = [];

/** The next dialog will be submitted with this form data (or closed, for null). */
export function answerDialog(formData: Plain | null): void {
  answers.push(formData);
}

interface DialogButton {
  action: string;
  default?: boolean;
  callback?: (event: Event, button: { form: { formData: Plain } }, dialog: unknown) => unknown;
}

export class FakeDialogV2 {
  static async wait(config: {
    window?: { title?: string };
    content?: string;
    buttons?: DialogButton[];
  }): Promise<unknown> {
    shownDialogs.push({ title: config.window?.title ?? "", content: config.content ?? "" });
    const answer = answers.shift();
    if (answer === undefined || answer === null) return null;
    const button = config.buttons?.find((b) => b.default) ?? config.buttons?.[0];
    if (!button) return null;
    return button.callback
      ? button.callback(new Event("submit"), { form: { formData: answer } }, {})
      : button.action;
  }
}

/**
 * FormDataExtended: a rendered form is read as v13 reads it (flat dotted keys, typed values; see
 * forms.ts); a dialog answered with `answerDialog` hands over the data it was answered with.
 */
export class FakeFormDataExtended {
  object: Plain;
  constructor(
    form: FormLike | { formData?: Plain },
    options: { disabled?: boolean; readonly?: boolean } = {},
  ) {
    this.object = "querySelectorAll" in form ? readForm(form, options) : { ...(form.formData ?? {}) };
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

export interface FakeToken {
  name: string;
  actor: unknown;
  document: { uuid: string; x: number; y: number; width: number; height: number; texture: { src: string } };
}

/** A 1 m grid of 100 px squares, like a Brink scene. */
export const fakeCanvas = {
  grid: { size: 100, distance: 1 },
  tokens: { placeables: [] as FakeToken[] },
};

let tokenCount = 0;
/** Places a token for an actor on the fake canvas, at grid square (col, row). */
export function placeToken(
  actor: { name: string; img?: string | null },
  col: number,
  row: number,
  size = 1,
): FakeToken {
  tokenCount += 1;
  const token: FakeToken = {
    name: actor.name,
    actor,
    document: {
      uuid: `Scene.fake.Token.token${tokenCount}`,
      x: col * 100,
      y: row * 100,
      width: size,
      height: size,
      texture: { src: actor.img ?? "icons/svg/mystery-man.svg" },
    },
  };
  fakeCanvas.tokens.placeables.push(token);
  return token;
}

export function clearCanvas(): void {
  fakeCanvas.tokens.placeables.length = 0;
}
