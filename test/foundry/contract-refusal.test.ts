/**
 * Issue 27: a contract that expects Foundry to refuse passes only on that refusal, never on a crash
 * (a TypeError from a missing function) or on any other error.
 */
import { describe, expect, it } from "vitest";
import { expectRefusal, expectThrown } from "../contracts/context";

class ValidationError extends Error {}

describe("the contracts' refusal checks", () => {
  it("pass on the refusal expected", async () => {
    await expect(
      expectRefusal(Promise.reject(new ValidationError("bad die")), { kind: ValidationError }),
    ).resolves.toBeUndefined();
    expect(() =>
      expectThrown(
        () => {
          throw new Error("the pack is locked");
        },
        { message: /locked/ },
      ),
    ).not.toThrow();
  });

  it("fail when nothing is refused", async () => {
    await expect(expectRefusal(Promise.resolve(1))).rejects.toThrow(
      "expected a refusal, but it was accepted",
    );
    expect(() => expectThrown(() => 1)).toThrow("expected a refusal, but it was accepted");
  });

  it("fail on a crash, a TypeError included", async () => {
    const crash = (): unknown => (undefined as unknown as { call(): unknown }).call();
    await expect(expectRefusal(Promise.resolve().then(crash))).rejects.toThrow(/got a crash: TypeError/);
    expect(() => expectThrown(crash)).toThrow(/got a crash: TypeError/);
  });

  it("fail on an error of another kind or with another message", async () => {
    await expect(expectRefusal(Promise.reject(new Error("x")), { kind: ValidationError })).rejects.toThrow(
      /expected a ValidationError/,
    );
    expect(() =>
      expectThrown(
        () => {
          throw new Error("no such file");
        },
        { message: /locked/ },
      ),
    ).toThrow(/expected a message matching \/locked\//);
  });
});
