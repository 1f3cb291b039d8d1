/** Whether a value read from storage or the wire is one of a fixed list of choices. */
export const isOneOf = <T extends string>(allowed: readonly T[], value: unknown): value is T =>
  (allowed as readonly unknown[]).includes(value);
