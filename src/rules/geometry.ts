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
