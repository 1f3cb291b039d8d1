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

interface DieTerm {
  faces: number;
  number: number;
  results: { result: number; active: boolean }[];
}

export class FakeRoll {
  static CHAT_TEMPLATE = "";
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

  async evaluate(): Promise<this> {
    let total = 0;
    for (const part of this.formula.replace(/\s+/g, "").split(/(?=[+-])/)) {
      const die = /^([+-]?)(\d*)d(\d+)$/.exec(part);
      if (die) {
        const [, sign = "", count = "1", faces = "6"] = die;
        const term: DieTerm = { faces: Number(faces), number: Number(count || 1), results: [] };
        for (let i = 0; i < term.number; i += 1) {
          const face = planned.shift() ?? 1 + Math.floor(Math.random() * term.faces);
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
