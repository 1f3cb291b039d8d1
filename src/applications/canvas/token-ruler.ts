/**
 * The token drag ruler (RULES §3, S4 Move and Sprint): each segment of the path and each grid space
 * it crosses is coloured by how far along the path it is, against the character's speed: within a
 * Move (up to speed), within a Sprint (a second move, up to twice speed), or out of reach this turn.
 * On a square grid the distance is S4's (every second diagonal square counts 2 m), worked out from
 * the squares and diagonals core counted; on other grids it is core's measured cost.
 */
import { BrinkActorData } from "../../data/actor/base-actor";
import { movementBand, squareGridMetres, type MovementBand } from "../../rules/geometry";

export const RULER_COLOURS: Readonly<Record<MovementBand, number>> = {
  move: 0x3a9d4f,
  sprint: 0xe0b030,
  beyond: 0xc0392b,
};

/** What the colouring reads of a waypoint: its cost so far, and whether it is a teleport. */
interface MeasuredWaypoint {
  readonly measurement: { readonly cost: number; readonly spaces: number; readonly diagonals: number };
  readonly actionConfig?: { readonly teleport?: boolean };
}

export class BrinkTokenRuler extends foundry.canvas.placeables.tokens.TokenRuler {
  /** Metres in a move for the token's actor (0 at exhaustion 5+), or null when it is not a Brink character. */
  #speed(): number | null {
    const system: unknown = this.token.document.actor?.system;
    return system instanceof BrinkActorData ? system.speed : null;
  }

  /** The path's length so far in metres: S4's count on a square grid, core's cost elsewhere. */
  static metres(waypoint: MeasuredWaypoint): number {
    const grid = canvas?.grid;
    const { cost, spaces, diagonals } = waypoint.measurement;
    return grid?.isSquare === true ? squareGridMetres({ spaces, diagonals }, grid.distance) : cost;
  }

  #colour(waypoint: MeasuredWaypoint): number | undefined {
    const speed = this.#speed();
    if (speed === null || waypoint.actionConfig?.teleport === true) return undefined;
    return RULER_COLOURS[movementBand(BrinkTokenRuler.metres(waypoint), speed)];
  }

  /** The waypoint's label shows S4's distance on a square grid. */
  public override _getWaypointLabelContext(
    waypoint: Parameters<foundry.canvas.placeables.tokens.TokenRuler["_getSegmentStyle"]>[0],
    state: foundry.canvas.placeables.tokens.TokenRuler.State,
  ) {
    const context = super._getWaypointLabelContext(waypoint, state);
    if (!context || canvas?.grid?.isSquare !== true) return context;
    const total = BrinkTokenRuler.metres(waypoint);
    return { ...context, distance: { ...context.distance, total: String(Math.round(total * 100) / 100) } };
  }

  override _getSegmentStyle(
    waypoint: Parameters<foundry.canvas.placeables.tokens.TokenRuler["_getSegmentStyle"]>[0],
  ) {
    const style = super._getSegmentStyle(waypoint);
    const colour = this.#colour(waypoint);
    return colour === undefined ? style : { ...style, color: colour };
  }

  /** Public here (protected in core) so the colouring can be checked without a canvas. */
  public override _getGridHighlightStyle(
    waypoint: Parameters<foundry.canvas.placeables.tokens.TokenRuler["_getSegmentStyle"]>[0],
    offset: foundry.grid.BaseGrid.Offset3D,
  ) {
    const style = super._getGridHighlightStyle(waypoint, offset);
    const colour = this.#colour(waypoint);
    return colour === undefined ? style : { ...style, color: colour };
  }
}

export function registerTokenRuler(): void {
  CONFIG.Token.rulerClass = BrinkTokenRuler;
}
