/**
 * A contract is a set of expectations about Foundry that Brink's code relies on. Each runs twice:
 * in vitest against test/fake-foundry, and in a live world through Quench (test/quench), so a fake
 * that drifts from Foundry fails in the world where someone with a licence runs the batch.
 */
export interface ContractContext {
  describe: (name: string, fn: () => void) => void;
  it: (name: string, fn: () => void | Promise<void>) => void;
  after: (fn: () => void | Promise<void>) => void;
  assert: {
    equal: (actual: unknown, expected: unknown, message?: string) => void;
    deepEqual: (actual: unknown, expected: unknown, message?: string) => void;
    isTrue: (value: unknown, message?: string) => void;
    isFalse: (value: unknown, message?: string) => void;
    instanceOf: (value: unknown, constructor: new (...args: never[]) => unknown, message?: string) => void;
    fail: (message?: string) => void;
  };
}

/** Documents a contract creates are tracked and deleted afterwards, so a live world stays clean. */
export function createdDocuments(context: ContractContext) {
  const created: { delete(): Promise<unknown> }[] = [];
  context.after(async () => {
    for (const document of created.splice(0)) await document.delete();
  });
  return <T extends { delete(): Promise<unknown> }>(document: T | undefined | null): T => {
    if (!document) throw new Error("the document was not created");
    created.push(document);
    return document;
  };
}

/** How Foundry refuses: the error's class (Error when not given) and, where it is known, its message. */
export interface Refusal {
  kind?: abstract new (...args: never[]) => Error;
  message?: RegExp;
}

/** A crash, not a refusal: the code under test (or a fake missing a function) is broken. */
const CRASHES = [TypeError, ReferenceError, SyntaxError, RangeError];

/** Why `error` is not the refusal expected, or null when it is. */
function unlike(error: unknown, expected: Refusal): string | null {
  const kind = expected.kind ?? Error;
  if (!(error instanceof kind)) return `expected a ${kind.name}, got ${String(error)}`;
  const crashExpected = (crash: (typeof CRASHES)[number]) =>
    kind === crash || kind.prototype instanceof crash;
  if (CRASHES.some((crash) => error instanceof crash && !crashExpected(crash)))
    return `expected a refusal, got a crash: ${String(error)}`;
  if (expected.message && !expected.message.test(error.message))
    return `expected a message matching ${String(expected.message)}, got "${error.message}"`;
  return null;
}

const ACCEPTED = Symbol("accepted");

function check(outcome: unknown, expected: Refusal): void {
  if (outcome === ACCEPTED) throw new Error("expected a refusal, but it was accepted");
  const wrong = unlike(outcome, expected);
  if (wrong) throw new Error(wrong);
}

/** Throws (failing the contract) unless `promise` is refused as expected. */
export async function expectRefusal(promise: Promise<unknown>, expected: Refusal = {}): Promise<void> {
  check(
    await promise.then(
      () => ACCEPTED,
      (error: unknown) => error,
    ),
    expected,
  );
}

/** Throws (failing the contract) unless `action` throws the refusal expected. */
export function expectThrown(action: () => unknown, expected: Refusal = {}): void {
  let outcome: unknown = ACCEPTED;
  try {
    action();
  } catch (error) {
    outcome = error;
  }
  check(outcome, expected);
}

/** Waits for a condition (a live world answers some writes without a promise to await). */
export async function until(condition: () => boolean, ms = 2000): Promise<boolean> {
  for (let waited = 0; waited < ms && !condition(); waited += 20)
    await new Promise((resolve) => setTimeout(resolve, 20));
  return condition();
}
