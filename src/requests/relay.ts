/**
 * The single-writer relay. Anything that changes a document the player may not own (the combat,
 * another actor, a chat card) goes to the active GM's client, which validates the request and
 * performs the write. Handlers run one at a time on the GM's client, so two players claiming the
 * same thing in the same instant are decided in order: the first wins, the second is refused.
 *
 * Who asked comes from Foundry's server, never from the payload. A v13 query does not tell its
 * handler who sent it (foundryvtt/foundryvtt#13418), but the system socket does: the server hands
 * every listener the id of the user whose client emitted the message (socketlib's `_received(message,
 * senderId)` relies on it). So a player's request travels on `system.brink`, the active GM's client
 * answers on the same channel, and the asker accepts an answer only from that GM. The relay itself
 * writes no document.
 *
 * Nothing is carried out twice because an answer is slow (the GM's client may be waiting for dice
 * or a dialog). A request's id is carried out at most once per GM session: the same id again, while
 * it runs, is answered when it is done, and after that gets the first answer. The asker never gives
 * up on a GM who is still there: it tells its user the GM's client is still working, asks again
 * with the same id (in case a message was lost), and a click that repeats a request still waiting
 * joins it instead of sending another.
 */
import { SYSTEM_ID } from "../constants";

export type Refusal = { ok: false; reason: string; data?: Record<string, string> };
export type RequestResult<T extends object = object> = ({ ok: true } & T) | Refusal;

export interface RequestContext {
  /** The user who asked, as Foundry's server named them. */
  user: User.Implementation;
}

export type Handler = (payload: Record<string, unknown>, context: RequestContext) => Promise<RequestResult>;

const CHANNEL = `system.${SYSTEM_ID}`;
/** How long the asker waits before it says the GM's client is still working, and asks again. */
const PATIENCE_MS = 10_000;
const handlers = new Map<string, Handler>();
/** GM side: requests running now, and the answers given, by sender and request id. */
const running = new Set<string>();
const answered = new Map<string, RequestResult>();
/** Asker side: answers awaited, by request id, and the same by what was asked (name and payload). */
const pending = new Map<string, { gmId: string; resolve: (result: RequestResult) => void }>();
const asking = new Map<string, Promise<RequestResult>>();
let queue: Promise<unknown> = Promise.resolve();

interface RequestWire {
  kind: "request";
  id: string;
  name: string;
  payload: unknown;
  /** The asker's own preferences for how their dice look (see askerPreference). */
  looks: Record<string, string>;
}

/** Set by the dice layer: this user's preferences for how their dice look, sent with each request. */
let ownLooks: () => Record<string, string> = () => ({});
export function setOwnLooks(read: () => Record<string, string>): void {
  ownLooks = read;
}

/** At most a few short strings: anything else from the wire is dropped (the reader validates each). */
function readLooks(value: unknown): Record<string, string> {
  if (!isPlainRecord(value)) return {};
  const entries = Object.entries(value).filter(
    (entry): entry is [string, string] => typeof entry[1] === "string" && entry[1].length <= 40,
  );
  return Object.fromEntries(entries.slice(0, 4));
}
interface ResponseWire {
  kind: "response";
  id: string;
  to: string;
  result: RequestResult;
}

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

const isPlainRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The request this client carries out now (one at a time), for whom, and how they want dice to look. */
let carryingOut: { on: string; for: User.Implementation; looks: Record<string, string> } | null = null;

/** Whether this client is carrying out a request for another user now. */
const carryingOutForAnother = (): boolean =>
  carryingOut !== null && carryingOut.on === game.user.id && carryingOut.for.id !== game.user.id;

/**
 * While this client carries out another user's request: that user's preference (sent with the
 * request, unchecked: the caller validates it against its own choices). Otherwise null, and the
 * caller reads this user's own setting.
 */
export function askerPreference(key: string): string | null {
  if (!carryingOut || !carryingOutForAnother()) return null;
  return carryingOut.looks[key] ?? "";
}

/**
 * While this client carries out another user's request: that user, as Foundry's server named the
 * sender (never the payload). Otherwise null: this client's user rolls for themself.
 */
export function askingUser(): User.Implementation | null {
  return carryingOut && carryingOutForAnother() ? carryingOut.for : null;
}

/**
 * Whether a roll made now may wait for this client's user (manual dice entry): not while this
 * client carries out another user's request. The player cannot type dice the GM's client rolls
 * (their numbers would be theirs to choose), and the GM must not be asked to type a player's dice.
 */
export function rollsMayAskThisUser(): boolean {
  return !carryingOutForAnother();
}

/** Runs a request on the active GM's client; a handler that throws becomes a refusal. */
async function run(
  name: string,
  payload: unknown,
  user: User.Implementation,
  looks: Record<string, string> = {},
): Promise<RequestResult> {
  const handler = handlers.get(name);
  if (!handler) return refuse("BRINK.Request.unknown");
  if (!isPlainRecord(payload)) return refuse("BRINK.Request.malformed");
  carryingOut = { on: game.user.id ?? "", for: user, looks };
  try {
    return await handler(payload, { user });
  } catch (error) {
    console.error(`Brink | the request "${name}" failed on the GM's client`, error);
    return refuse("BRINK.Request.failed");
  } finally {
    carryingOut = null;
  }
}

const isActiveGM = (): boolean => game.users.activeGM?.id === game.user.id;

/**
 * The GM's side: the sender is the server's word. A request id runs once: while it runs, the same
 * id again waits for its answer; once answered, the same id again gets that answer.
 */
async function answer(message: Record<string, unknown>, senderId: string): Promise<void> {
  if (!isActiveGM()) return;
  const id = typeof message.id === "string" ? message.id : "";
  const key = `${senderId}.${id}`;
  if (running.has(key)) return;
  const result = answered.get(key) ?? (await carryOut(key, id, message, senderId));
  const response: ResponseWire = { kind: "response", id, to: senderId, result };
  game.socket.emit(CHANNEL, response);
}

async function carryOut(
  key: string,
  id: string,
  message: Record<string, unknown>,
  senderId: string,
): Promise<RequestResult> {
  running.add(key);
  const user = game.users.get(senderId);
  const result = await serially(async () => {
    if (!id || typeof message.name !== "string") return refuse("BRINK.Request.malformed");
    if (!user) return refuse("BRINK.Request.unknownUser");
    return run(message.name, message.payload, user, readLooks(message.looks));
  });
  if (id) answered.set(key, result);
  running.delete(key);
  return result;
}

/** The asker's side: only the answer addressed to this client, from the GM it asked, counts. */
function receiveAnswer(message: Record<string, unknown>, senderId: string): void {
  if (message.to !== game.user.id || typeof message.id !== "string") return;
  const waiting = pending.get(message.id);
  if (!waiting || waiting.gmId !== senderId || !isPlainRecord(message.result)) return;
  pending.delete(message.id);
  waiting.resolve(message.result as RequestResult);
}

let relayRegistered = false;
/** Listen on the system socket (once): the active GM's client answers, every client hears its answers. */
export function listenForRequests(): void {
  if (relayRegistered) return;
  relayRegistered = true;
  game.socket.on(CHANNEL, (message: unknown, senderId: string) => {
    if (!isPlainRecord(message)) return;
    if (message.kind === "request") void answer(message, senderId);
    else if (message.kind === "response") receiveAnswer(message, senderId);
  });
}

/** Sets the GM-side handler of a request by name (the registry's one way in). */
export function setHandler(name: string, handler: Handler): void {
  handlers.set(name, handler);
}

/**
 * The bare relay: a handler that reads its own untyped payload and checks who asks itself. Brink's
 * own requests are all declared with `defineRequest` (requests/registry.ts), which checks who may
 * ask and parses the payload before the handler runs; the relay's own tests use this.
 */
export function registerRequest(name: string, handler: Handler): void {
  setHandler(name, handler);
  listenForRequests();
}

/**
 * Sends a request and waits for its answer for as long as the GM asked is there. A request the
 * same as one still waiting (same name and payload) joins it: a second click does not ask twice.
 */
function sendToGM(gmId: string, name: string, payload: unknown): Promise<RequestResult> {
  const action = `${game.user.id} ${name} ${JSON.stringify(payload)}`;
  const waiting = asking.get(action);
  if (waiting) return waiting;
  const id = foundry.utils.randomID();
  const request: RequestWire = { kind: "request", id, name, payload, looks: ownLooks() };
  const answer = new Promise<RequestResult>((resolve) => {
    let told = false;
    const finish = (result: RequestResult) => {
      clearInterval(timer);
      pending.delete(request.id);
      asking.delete(action);
      resolve(result);
    };
    const timer = setInterval(() => {
      // Another GM now writes, or none: the one asked may or may not have carried it out.
      if (game.users.activeGM?.id !== gmId) return finish(refuse("BRINK.Request.gmLeft"));
      if (!told) ui.notifications?.info(game.i18n.localize("BRINK.Request.stillWorking"));
      told = true;
      // In case the request or its answer was lost: the same id is never carried out twice.
      game.socket.emit(CHANNEL, request);
    }, PATIENCE_MS);
    pending.set(request.id, { gmId, resolve: finish });
    game.socket.emit(CHANNEL, request);
  });
  asking.set(action, answer);
  return answer;
}

/**
 * Ask the active GM to do something. Refusals come back as data; the caller shows them with
 * `notifyRefusal`. With no GM connected the request is refused at once.
 */
export async function requestFromGM<T extends object = object>(
  name: string,
  payload: object,
): Promise<RequestResult<T>> {
  const gm = game.users.activeGM;
  if (!gm?.id) return refuse("BRINK.Request.noGM");
  // The active GM's own request needs no relay: it is already on the client that writes.
  if (gm.isSelf) return (await serially(() => run(name, payload, game.user))) as RequestResult<T>;
  return (await sendToGM(gm.id, name, JSON.parse(JSON.stringify(payload)))) as RequestResult<T>;
}

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};
const escapeHTML = (value: string): string => value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);

/**
 * Show a refusal to the user who asked, in their language. The values (names of teams, actors,
 * items a player chose) are escaped, so a name such as `<img onerror=…>` shows as text.
 */
export function notifyRefusal(result: RequestResult): void {
  if (result.ok) return;
  const data = Object.fromEntries(
    Object.entries(result.data ?? {}).map(([key, value]) => [key, escapeHTML(String(value))]),
  );
  ui.notifications?.warn(game.i18n.format(result.reason, data));
}
