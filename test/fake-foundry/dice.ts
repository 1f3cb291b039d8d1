/**
 * Foundry's Roll for the formulas Brink builds ("NdM", "NdM + k"): evaluate() draws faces from a
 * queue the test fills (or at random when it is empty), and the roll serialises like Foundry's.
 */
const planned: number[] = [];

/** Faces the next dice will show, in order. */
export function queueDice(...faces: number[]): void {
  planned.push(...faces);
}
export function clearDice(): void {
  planned.length = 0;
}
export const plannedDiceLeft = (): number => planned.length;

/**
 * Manual dice entry: a die this client's `core.diceConfiguration` sets to "manual" waits for its
 * user to type the face, unless the roll is evaluated with `allowInteractive: false`. Each waiting
 * die is listed here (whose screen asks, which die) until the test types it with `enterByHand`.
 */
export const handEntries: { userId: string; faces: number; enter(face: number): void }[] = [];
let typistFor: (faces: number) => string | null = () => null;
export function setHandEntry(lookup: (faces: number) => string | null): void {
  typistFor = lookup;
}
/** The user at the screen types the face of the die that has waited longest. */
export function enterByHand(face: number): void {
  const waiting = handEntries.shift();
  if (!waiting) throw new Error("no die is waiting to be typed in");
  waiting.enter(face);
}

interface DieTerm {
  faces: number;
  number: number;
  results: { result: number; active: boolean }[];
}

/** Renders a template by path; set by install.ts, so a missing template fails here as in Foundry. */
let renderTemplateAt: (path: string, data: object) => Promise<string> = async () => "";
export function setRollRenderer(render: (path: string, data: object) => Promise<string>): void {
  renderTemplateAt = render;
}

export class FakeRoll {
  /** Core's roll template; a subclass that names its own must ship it. */
  static CHAT_TEMPLATE = "templates/dice/roll.html";
  formula: string;
  data: Record<string, unknown>;
  options: Record<string, unknown>;
  dice: DieTerm[] = [];
  total: number | undefined;
  _evaluated = false;

  constructor(formula: string, data: Record<string, unknown> = {}, options: Record<string, unknown> = {}) {
    this.formula = formula;
    this.data = data;
    this.options = options;
  }

  get isEvaluated(): boolean {
    return this._evaluated;
  }

  async evaluate(options: { allowInteractive?: boolean } = {}): Promise<this> {
    let total = 0;
    for (const part of this.formula.replace(/\s+/g, "").split(/(?=[+-])/)) {
      const die = /^([+-]?)(\d*)d(\d+)$/.exec(part);
      if (die) {
        const [, sign = "", count = "1", faces = "6"] = die;
        const term: DieTerm = { faces: Number(faces), number: Number(count || 1), results: [] };
        for (let i = 0; i < term.number; i += 1) {
          const typist = options.allowInteractive === false ? null : typistFor(term.faces);
          const face = typist
            ? await new Promise<number>((enter) =>
                handEntries.push({ userId: typist, faces: term.faces, enter }),
              )
            : (planned.shift() ?? 1 + Math.floor(Math.random() * term.faces));
          if (face < 1 || face > term.faces)
            throw new Error(`planned face ${face} does not fit a d${term.faces}`);
          term.results.push({ result: face, active: true });
          total += sign === "-" ? -face : face;
        }
        this.dice.push(term);
      } else if (part) {
        total += Number(part);
      }
    }
    this.total = total;
    this._evaluated = true;
    return this;
  }

  /**
   * The roll's chat HTML through its class's CHAT_TEMPLATE. A private render (a blind roll, or a
   * whisper this client may not read) hides the formula and the total, as Foundry's does.
   */
  async render({ isPrivate = false }: { isPrivate?: boolean } = {}): Promise<string> {
    const template = (this.constructor as typeof FakeRoll).CHAT_TEMPLATE;
    return renderTemplateAt(template, {
      formula: isPrivate ? "???" : this.formula,
      flavor: isPrivate ? null : (this.options.flavor ?? null),
      tooltip: "",
      total: isPrivate ? "?" : this.total,
    });
  }

  /** Restores an evaluated roll from its JSON, as Roll.fromData does for a chat message's rolls. */
  static fromData<T extends FakeRoll>(this: new (...args: never[]) => T, data: Record<string, unknown>): T {
    const roll = new (this as unknown as typeof FakeRoll)(
      String(data.formula ?? ""),
      {},
      (data.options as Record<string, unknown> | undefined) ?? {},
    );
    roll.dice = (data.dice as DieTerm[] | undefined) ?? [];
    roll.total = data.total as number | undefined;
    roll._evaluated = Boolean(data.evaluated);
    return roll as T;
  }

  toJSON(): Record<string, unknown> {
    return {
      class: this.constructor.name,
      formula: this.formula,
      options: this.options,
      dice: this.dice,
      total: this.total,
      evaluated: this._evaluated,
    };
  }
}
