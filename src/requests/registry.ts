/**
 * The one place requests are declared. `defineRequest` names a request, says who may ask for it,
 * how its payload is read and what the GM's client then does; it returns the typed function a
 * client asks with. On the GM's client the registry, in this order:
 *
 * 1. refuses a non-GM asking for a `who: "gm"` request (`BRINK.Request.gmOnly`), before anything
 *    of the payload is read;
 * 2. parses the payload: a bad field is refused naming it (`BRINK.Request.badId`, `badField`…);
 * 3. runs the handler with the parsed request. A handler that throws becomes
 *    `BRINK.Request.failed` (the relay's rule, requests/relay.ts).
 */
import { Fields, FieldRefusal } from "./fields";
import {
  listenForRequests,
  notifyRefusal,
  refuse,
  requestFromGM,
  setHandler,
  type Refusal,
  type RequestContext,
  type RequestResult,
} from "./relay";

/** Who may ask: only a GM, or any user (the handler then checks what that user may do). */
export type Asker = "gm" | "any";

export interface RequestDeclaration<P, R extends object> {
  name: string;
  who: Asker;
  /** Reads the payload; throws a `FieldRefusal` (from `Fields`) or returns a refusal when it is wrong. */
  parse: (fields: Fields) => P | Refusal;
  handle: (request: P, context: RequestContext) => Promise<RequestResult<R>>;
  /** A background request (keeping teams in step): its asker shows no refusal. */
  silent?: boolean;
}

/** What a client asks with: relays the request, shows a refusal to the asker, returns the result. */
export type Ask<P, R extends object> = (request: P) => Promise<RequestResult<R>>;

export const GM_ONLY = "BRINK.Request.gmOnly";

const declared = new Map<string, Asker>();

export const isRefusal = (value: unknown): value is Refusal =>
  typeof value === "object" &&
  value !== null &&
  Reflect.get(value, "ok") === false &&
  typeof Reflect.get(value, "reason") === "string";

/** Declares a request; call `listenForRequests` (from an init hook) to start answering. */
export function defineRequest<P extends object, R extends object = object>(
  declaration: RequestDeclaration<P, R>,
): Ask<P, R> {
  const { name, who, parse, handle, silent = false } = declaration;
  if (declared.has(name)) throw new Error(`Brink | the request "${name}" is declared twice`);
  declared.set(name, who);
  setHandler(name, async (payload, context) => {
    if (who === "gm" && !context.user.isGM) return refuse(GM_ONLY);
    let request: P | Refusal;
    try {
      request = parse(new Fields(payload));
    } catch (error) {
      if (error instanceof FieldRefusal) return error.refusal;
      throw error;
    }
    if (isRefusal(request)) return request;
    return handle(request, context);
  });
  return async (request) => {
    // A plain JSON copy of the typed request is what travels.
    const result = await requestFromGM<R>(name, { ...request });
    if (!silent) notifyRefusal(result);
    return result;
  };
}

/** Every declared request and who may ask for it, by name (for tests and for docs/trust-model.md). */
export function declaredRequests(): { name: string; who: Asker }[] {
  return [...declared].map(([name, who]) => ({ name, who })).sort((a, b) => a.name.localeCompare(b.name));
}

export { listenForRequests };
