import { optionalRules } from "../../settings";

/** Whether the GM has switched detachments on (RULES §7.4, S3), read where it is used. */
export const detachmentsEnabled = (): boolean => optionalRules().detachments;
