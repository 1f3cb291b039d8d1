/**
 * The single-writer relay. Anything that changes a document the player may not own (the combat,
 * another actor, a chat card) goes to the active GM's client as a query; the GM's client validates
 * the request and performs the write. Handlers run one at a time on the GM's client, so two players
 * claiming the same thing in the same instant are decided in order: the first wins, the second is
 * refused by validation. Foundry's server itself cannot enforce these rules.
 */
import { SYSTEM_ID } from "./constants";

export type Refusal = { ok: false; reason: string; data?: Record<string, string> };
export type RequestResult<T extends object = object> = ({ ok: true } & T) | Refusal;

export interface RequestContext {
  /** The user who asked. In v13 a query does not name its sender, so the payload carries it. */
  user: User.Implementation;
}

type Handler = (payload: Record<string, unknown>, context: RequestContext) => Promise<RequestResult>;

const handlers = new Map<string, Handler>();
let queue: Promise<unknown> = Promise.resolve();

/** Run GM-side work strictly one request after another. */
function serially<T>(work: () => Promise<T>): Promise<T> {
  const next = queue.then(work, work);
  queue = next.catch(() => undefined);
  return next;
}

export const refuse = (reason: string, data?: Record<string, string>): Refusal => ({
  ok: false,
  reason,
  ...(data ? { data } : {}),
});

async function handle(name: string, data: unknown): Promise<RequestResult> {
  const handler = handlers.get(name);
  const payload = (data ?? {}) as Record<string, unknown>;
  const user = game.users.get(String(payload.userId ?? ""));
  if (!handler) return refuse("BRINK.Request.unknown");
  if (!user) return refuse("BRINK.Request.unknownUser");
  if (!game.user.isGM) return refuse("BRINK.Request.notGM");
  return serially(() => handler(payload, { user }));
}

/** Register a GM-side handler on every client (Foundry routes a query to the one it targets). */
export function registerRequest(name: string, handler: Handler): void {
  handlers.set(name, handler);
  // fvtt-types lists core's queries only; systems add their own names at runtime.
  const queries = CONFIG.queries as unknown as Record<string, (data: unknown) => Promise<RequestResult>>;
  queries[`${SYSTEM_ID}.${name}`] = (data: unknown) => handle(name, data);
}

/**
 * Ask the active GM to do something. Refusals come back as data; the caller shows them with
 * `notifyRefusal`. With no GM connected the request is refused at once.
 */
export async function requestFromGM<T extends object = object>(
  name: string,
  payload: Record<string, unknown>,
): Promise<RequestResult<T>> {
  const gm = game.users.activeGM;
  if (!gm) return refuse("BRINK.Request.noGM");
  const data = { ...payload, userId: game.user.id };
  if (gm.isSelf) return (await handle(name, data)) as RequestResult<T>;
  try {
    // A query's answer is whatever the GM's handler returned: a RequestResult.
    return (await gm.query(`${SYSTEM_ID}.${name}` as never, data as never, {
      timeout: 10_000,
    })) as RequestResult<T>;
  } catch (error) {
    console.error("Brink | the GM's client could not answer", error);
    return refuse("BRINK.Request.timeout");
  }
}

/** Show a refusal to the user who asked, in their language. */
export function notifyRefusal(result: RequestResult): void {
  if (result.ok) return;
  ui.notifications?.warn(game.i18n.format(result.reason, result.data ?? {}));
}
