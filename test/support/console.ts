/**
 * A test that provokes an error on purpose asserts that Brink reported it, instead of letting the
 * report's stack trace into the test output, where it reads like a failure. Only the report the test
 * expects is held back: any other console line still prints.
 */
import { expect, vi } from "vitest";

type Level = "error" | "warn";

/**
 * Runs `work` and asserts that, meanwhile, Brink wrote a console `level` line whose text matches
 * `expected`, with an error whose message matches `cause` when one is given. Returns `work`'s result.
 */
export async function expectConsoleReport<T>(
  level: Level,
  expected: RegExp,
  work: () => Promise<T> | T,
  cause?: RegExp,
): Promise<T> {
  const original = level === "error" ? console.error : console.warn;
  const print = (...args: unknown[]): void => original.apply(console, args);
  const reports: unknown[][] = [];
  const spy = vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
    if (typeof args[0] === "string" && expected.test(args[0])) reports.push(args);
    else print(...args);
  });
  let result: T;
  try {
    result = await work();
  } finally {
    spy.mockRestore();
  }
  expect(
    reports.map(([text]) => text),
    `a console.${level} line matching ${String(expected)}`,
  ).not.toEqual([]);
  if (cause) {
    const causes = reports.map(([, error]) => (error instanceof Error ? error.message : String(error)));
    expect(
      causes.some((message) => cause.test(message)),
      `a reported error matching ${String(cause)}`,
    ).toBe(true);
  }
  return result;
}
