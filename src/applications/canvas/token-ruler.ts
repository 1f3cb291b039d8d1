/**
 * The token drag ruler (RULES §3, S4 Move and Sprint): each segment of the path and each grid space
 * it crosses is coloured by how far along the path it is, against the character's speed: within a
 * Move (up to speed), within a Sprint (a second move, up to twice speed), or out of reach this turn.
 * The distance is core's measurement of the path (waypoint.measurement.cost).
 */
import { BrinkActorData } from "../../data/actor/base-actor";
import { movementBand, type MovementBand } from "../../rules/geometry";

export const RULER_COLOURS: Readonly<Record<MovementBand, number>> = {
  move: 0x3a9d4f,
  sprint: 0xe0b030,
  beyond: 0xc0392b,
};

/** What the colouring reads of a waypoint: its cost so far, and whether it is a teleport. */
interface MeasuredWaypoint {
  readonly measurement: { readonly cost: number };
  readonly actionConfig?: { readonly teleport?: boolean };
}

export class BrinkTokenRuler extends foundry.canvas.placeables.tokens.TokenRuler {
  /** Metres in a move for the token's actor (0 at exhaustion 5+), or null when it is not a Brink character. */
  #speed(): number | null {
    const system: unknown = this.token.document.actor?.system;
    return system instanceof BrinkActorData ? system.speed : null;
  }

  #colour(waypoint: MeasuredWaypoint): number | undefined {
    const speed = this.#speed();
    if (speed === null || waypoint.actionConfig?.teleport === true) return undefined;
    return RULER_COLOURS[movementBand(waypoint.measurement.cost, speed)];
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
