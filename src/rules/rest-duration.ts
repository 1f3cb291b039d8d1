/**
 * How long each rest takes, in seconds of world time. RULES §8 names a week for bed rest; the
 * others are Brink's decision: a short rest is an hour's breather, a long rest a night of eight
 * hours.
 */
import type { RestKind } from "./rest";

const HOUR = 60 * 60;
const DAY = 24 * HOUR;

export const REST_SECONDS: Readonly<Record<RestKind, number>> = {
  short: HOUR,
  "long-safe": 8 * HOUR,
  "long-unsafe": 8 * HOUR,
  "bed-rest": 7 * DAY,
};

export const restSeconds = (kind: RestKind): number => REST_SECONDS[kind];
