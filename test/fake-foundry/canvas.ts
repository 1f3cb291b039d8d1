/**
 * v13's TokenRuler (`foundry.canvas.placeables.tokens.TokenRuler`), as far as Brink's ruler uses it:
 * the token it belongs to, and the style hooks a system overrides for each segment of the path and
 * each highlighted grid space. The styles returned are core's neutral defaults (no Brink colour).
 */
export interface RulerStyle {
  color?: number;
  alpha?: number;
  width?: number;
}

export class FakeTokenRuler {
  readonly #token: unknown;

  constructor(token: unknown) {
    this.#token = token;
  }

  get token(): unknown {
    return this.#token;
  }

  _getSegmentStyle(_waypoint: unknown): RulerStyle {
    return { width: 4, color: 0xffffff, alpha: 1 };
  }

  /** Core's label for a waypoint: the path's distance so far (the fake: its measured distance). */
  _getWaypointLabelContext(
    waypoint: { measurement: { cost: number } },
    _state: unknown,
  ): { distance: { total: string } } {
    return { distance: { total: String(waypoint.measurement.cost) } };
  }

  _getGridHighlightStyle(_waypoint: unknown, _offset: unknown): RulerStyle {
    return { color: 0xffffff, alpha: 0.5 };
  }
}
