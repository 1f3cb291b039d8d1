import { SYSTEM_PATH } from "./constants";
import { LIGHT_LEVELS } from "./rules/light";

/** RULES §9: the conditions Brink tracks, in the order the token HUD shows them. */
export const STATUS_IDS = [
  "unconscious",
  "dying",
  "stable",
  "dead",
  "incapacitated",
  "prone",
  "harmed",
  "bloodied",
  "guarding",
  "in-cover",
  "surprised",
  "exhausted",
  "disoriented",
  "separated",
  "retreated",
  "routed",
  "paralysed",
  "delirious",
  ...LIGHT_LEVELS,
] as const;
export type StatusId = (typeof STATUS_IDS)[number];

/**
 * Not offered in the token HUD: harmed and bloodied are derived from the pools; exhaustion is a
 * level (RULES §1) set on the sheet and by rests and setbacks, so a bare mark would change nothing.
 */
const DERIVED_STATUSES: readonly StatusId[] = ["harmed", "bloodied", "exhausted"];

const camel = (id: string): string => id.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());

/** The lang key of each status's name (test/manifest/lang-keys.test.ts proves each is in lang/en.json). */
export const STATUS_LABEL = {
  unconscious: "BRINK.Status.unconscious",
  dying: "BRINK.Status.dying",
  stable: "BRINK.Status.stable",
  dead: "BRINK.Status.dead",
  incapacitated: "BRINK.Status.incapacitated",
  prone: "BRINK.Status.prone",
  harmed: "BRINK.Status.harmed",
  bloodied: "BRINK.Status.bloodied",
  guarding: "BRINK.Status.guarding",
  "in-cover": "BRINK.Status.inCover",
  surprised: "BRINK.Status.surprised",
  exhausted: "BRINK.Status.exhausted",
  disoriented: "BRINK.Status.disoriented",
  separated: "BRINK.Status.separated",
  retreated: "BRINK.Status.retreated",
  routed: "BRINK.Status.routed",
  paralysed: "BRINK.Status.paralysed",
  delirious: "BRINK.Status.delirious",
  darkness: "BRINK.Status.darkness",
  "dim-light": "BRINK.Status.dimLight",
  "brilliant-light": "BRINK.Status.brilliantLight",
} as const satisfies Record<StatusId, `BRINK.${string}`>;

export const isStatusId = (id: string): id is StatusId => (STATUS_IDS as readonly string[]).includes(id);

/** The lang key of a status's name ("in-cover" → BRINK.Status.inCover); a status Brink does not track has none. */
export const statusLabelKey = (id: string): string => (isStatusId(id) ? STATUS_LABEL[id] : id);

export interface StatusEffectConfig {
  id: StatusId;
  _id: string;
  name: string;
  img: string;
  hud: boolean;
}

/** Entries for CONFIG.statusEffects; a fixed `_id` lets code find the effect a toggle created. */
export function statusEffectConfigs(): StatusEffectConfig[] {
  return STATUS_IDS.map((id) => ({
    id,
    _id: `brink${camel(id)}`.padEnd(16, "0").slice(0, 16),
    name: statusLabelKey(id),
    img: `${SYSTEM_PATH}/assets/status/${id}.svg`,
    hud: !DERIVED_STATUSES.includes(id),
  }));
}
