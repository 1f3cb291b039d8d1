/**
 * Macros as far as Brink's item macros use them: world documents a player may create (the creator
 * is the author), `command` and `execute()` for a script macro, and `game.macros`.
 */
import { FakeDocument, session, type FakeUser } from "./documents";
import type { Plain } from "./utils";

type ModifyAction = "create" | "update" | "delete";
let userLookup: (id: string) => FakeUser | undefined = () => undefined;
export function setMacroAuthorLookup(lookup: (id: string) => FakeUser | undefined): void {
  userLookup = lookup;
}

// A script macro's command is the body of an async function (API `Macro#execute`).
const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor as new (
  ...args: string[]
) => (...values: unknown[]) => Promise<unknown>;

export class FakeMacro extends FakeDocument {
  static override documentName = "Macro";

  constructor(data: Plain = {}, options: { parent?: FakeDocument | null } = {}) {
    super({ author: session.user.id, type: "script", command: "", ...data }, options);
  }

  get command(): string {
    return String(this._source.command ?? "");
  }
  get author(): FakeUser | null {
    const id = String(this._source.author ?? "");
    return id === session.user.id ? session.user : (userLookup(id) ?? null);
  }

  /** Players may create macros as themselves; only the author or a GM changes or deletes one. */
  override canUserModify(user: FakeUser, action: ModifyAction, data?: Plain): boolean {
    if (user.isGM) return true;
    if (action === "create") return (data?.author ?? this._source.author) === user.id;
    return this._source.author === user.id;
  }

  /** Runs a script macro's command on this client, as core does when its hotbar slot is clicked. */
  async execute(): Promise<unknown> {
    if (this.type !== "script") throw new Error("The fake runs script macros only.");
    return new AsyncFunction(this.command)();
  }
}
