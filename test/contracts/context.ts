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

export async function rejects(promise: Promise<unknown>): Promise<boolean> {
  try {
    await promise;
    return false;
  } catch {
    return true;
  }
}

/** Waits for a condition (a live world answers some writes without a promise to await). */
export async function until(condition: () => boolean, ms = 2000): Promise<boolean> {
  for (let waited = 0; waited < ms && !condition(); waited += 20)
    await new Promise((resolve) => setTimeout(resolve, 20));
  return condition();
}
