/**
 * Distances on the battle map, for rules that care who stands near whom (RULES §2: a stray thrown
 * or projectile attack lands on a character within 1 m of its target).
 */
export interface Footprint {
  id: string;
  /** Top-left corner and size, in metres. */
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The gap between two footprints' edges in metres (0 when they touch or overlap), moving like a king. */
export function gapBetween(a: Footprint, b: Footprint): number {
  const gapX = Math.max(0, Math.max(a.x, b.x) - Math.min(a.x + a.width, b.x + b.width));
  const gapY = Math.max(0, Math.max(a.y, b.y) - Math.min(a.y + a.height, b.y + b.height));
  return Math.max(gapX, gapY);
}

/** Everyone other than the target whose footprint is within `metres` of it. */
export function withinDistance(target: Footprint, others: readonly Footprint[], metres: number): Footprint[] {
  return others.filter((other) => other.id !== target.id && gapBetween(target, other) <= metres + 1e-9);
}

const centreOf = (f: Footprint) => ({ x: f.x + f.width / 2, y: f.y + f.height / 2 });

/**
 * RULES §3 flanking: two of the target's enemies within `metres` of it stand on opposite sides of
 * it, [decision] their directions from the target's centre at least 135° apart.
 */
export function isFlanked(target: Footprint, enemies: readonly Footprint[], metres: number): boolean {
  const centre = centreOf(target);
  const directions = withinDistance(target, enemies, metres).map((enemy) => {
    const at = centreOf(enemy);
    return { x: at.x - centre.x, y: at.y - centre.y };
  });
  return directions.some((a, i) =>
    directions.slice(i + 1).some((b) => {
      const lengths = Math.hypot(a.x, a.y) * Math.hypot(b.x, b.y);
      return lengths > 0 && (a.x * b.x + a.y * b.y) / lengths <= -Math.SQRT1_2 + 1e-9;
    }),
  );
}

/** One leg of a path on a square grid, in squares (either sign). */
export interface GridLeg {
  dx: number;
  dy: number;
}

/**
 * S4 movement on a square grid: a straight square is one square's worth of metres; diagonals
 * alternate one and two, and the alternation runs on across the legs of the path.
 */
export function pathMetres(legs: readonly GridLeg[], squareMetres: number): number {
  let squares = 0;
  let diagonals = 0;
  for (const { dx, dy } of legs) {
    const diagonal = Math.min(Math.abs(dx), Math.abs(dy));
    const straight = Math.max(Math.abs(dx), Math.abs(dy)) - diagonal;
    // Diagonals numbered diagonals+1 … diagonals+diagonal; every even-numbered one counts twice.
    const doubled = Math.floor((diagonals + diagonal) / 2) - Math.floor(diagonals / 2);
    squares += straight + diagonal + doubled;
    diagonals += diagonal;
  }
  return squares * squareMetres;
}

/** Within one move (up to speed), within a sprint (a second move after it), or out of reach this turn. */
export type MovementBand = "move" | "sprint" | "beyond";

export function movementBand(metres: number, speed: number): MovementBand {
  if (metres <= speed) return "move";
  return metres <= 2 * speed ? "sprint" : "beyond";
}

/** A path as a square grid counts it: squares entered, and how many of those steps were diagonal. */
export interface GridCount {
  spaces: number;
  diagonals: number;
}

/** The S4 length of a whole path from its counts: each square once, plus one more per second diagonal. */
export function squareGridMetres({ spaces, diagonals }: GridCount, squareMetres: number): number {
  return (spaces + Math.floor(diagonals / 2)) * squareMetres;
}
