/**
 * The tokens an attack names, read on the GM's client from their scene: each target's actor, and
 * the characters standing within 1 m of it (RULES §2: where a stray shot may land). Who stands
 * where comes from the scene's Token documents, never from the asker, and whatever scene the GM is
 * viewing.
 */
import { BrinkActor } from "../documents/actor";
import { isFlanked, withinDistance, type Footprint } from "../rules/geometry";
import { canActWith } from "../rules/team-turns";
import type { AttackTargetToken, TokenActor } from "./attack-card";

/** RULES §2: a stray shot lands on a character within this many metres of the target. */
const STRAY_RADIUS = 1;
/** [decision] Flankers stand beside the target: within 1 m of it, as a stray shot's bystanders. */
const FLANK_REACH = 1;

/** A Token document, as far as an attack reads it. */
interface SceneToken {
  documentName: string;
  uuid: string;
  name: string;
  hidden: boolean;
  disposition: number;
  x: number;
  y: number;
  width: number;
  height: number;
  texture: { src?: string | null };
  actor: Actor.Implementation | null;
  parent: SceneOfTokens | null;
}
interface SceneOfTokens {
  id: string | null;
  grid: { size: number; distance: number };
  tokens: Iterable<SceneToken>;
}

const isSceneToken = (value: unknown): value is SceneToken =>
  typeof value === "object" &&
  value !== null &&
  (value as { documentName?: unknown }).documentName === "Token";

/** The token's square on the map, in metres. */
function footprint(token: SceneToken, grid: SceneOfTokens["grid"]): Footprint {
  const scale = grid.size ? grid.distance / grid.size : 1;
  return {
    id: token.uuid,
    x: token.x * scale,
    y: token.y * scale,
    width: token.width * grid.distance,
    height: token.height * grid.distance,
  };
}

function tokenActor(token: SceneToken): TokenActor | null {
  if (!(token.actor instanceof BrinkActor)) return null;
  return {
    uuid: token.uuid,
    name: token.name,
    img: token.texture.src ?? "icons/svg/mystery-man.svg",
    actor: token.actor,
  };
}

/**
 * The named tokens with their neighbours, or the reason they cannot be attacked: a uuid that is
 * not a token with a Brink actor, tokens on different scenes, or a token hidden from a player.
 */
export function attackTargets(
  uuids: readonly string[],
  user: User.Implementation,
): AttackTargetToken[] | string {
  const tokens: SceneToken[] = [];
  for (const uuid of uuids) {
    const token = fromUuidSync(uuid);
    if (!isSceneToken(token)) return "BRINK.Attack.Refusal.no-target";
    tokens.push(token);
  }
  const scene = tokens[0]?.parent;
  if (!scene || tokens.some((token) => token.parent !== scene)) return "BRINK.Attack.Refusal.no-target";
  if (!user.isGM && tokens.some((token) => token.hidden)) return "BRINK.Attack.Refusal.no-target";
  const placed = [...scene.tokens].filter((token) => token.actor instanceof BrinkActor);
  const targets: AttackTargetToken[] = [];
  for (const token of tokens) {
    const target = tokenActor(token);
    if (!target) return "BRINK.Attack.Refusal.no-target";
    const near = new Set(
      withinDistance(
        footprint(token, scene.grid),
        placed.map((t) => footprint(t, scene.grid)),
        STRAY_RADIUS,
      ).map((f) => f.id),
    );
    const nearby = placed.filter((t) => near.has(t.uuid)).flatMap((t) => tokenActor(t) ?? []);
    targets.push({ ...target, nearby, flanked: flankedOnMap(token, placed, scene.grid) });
  }
  return targets;
}

/** Tokens on the other side from this one (friendly against hostile or secret); neutral has none. */
const enemiesOf = (token: SceneToken, placed: readonly SceneToken[]): SceneToken[] =>
  token.disposition === 0
    ? []
    : placed.filter(
        (other) => other.disposition !== 0 && Math.sign(other.disposition) !== Math.sign(token.disposition),
      );

/** RULES §3: the token has two enemies who can act beside it (within 1 m), on opposite sides. */
function flankedOnMap(
  token: SceneToken,
  placed: readonly SceneToken[],
  grid: SceneOfTokens["grid"],
): boolean {
  const enemies = enemiesOf(token, placed).filter((enemy) => canActWith(enemy.actor?.statuses ?? []));
  return isFlanked(
    footprint(token, grid),
    enemies.map((enemy) => footprint(enemy, grid)),
    FLANK_REACH,
  );
}

/**
 * Whether two tokens stand on the same scene within `metres` of each other (Intercept's reach),
 * read from the scene's Token documents on the GM's client.
 */
export function tokensWithin(uuid: string, otherUuid: string, metres: number): boolean {
  const token = fromUuidSync(uuid);
  const other = fromUuidSync(otherUuid);
  if (!isSceneToken(token) || !isSceneToken(other)) return false;
  const scene = token.parent;
  if (!scene || other.parent !== scene) return false;
  return withinDistance(footprint(token, scene.grid), [footprint(other, scene.grid)], metres).length > 0;
}
