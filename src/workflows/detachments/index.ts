/**
 * Detachments formed from tokens and disbanded again (RULES §7.4, S3), on the GM's client. Loading
 * this module declares its requests.
 */
export { detachmentsEnabled } from "./enabled";
export { requestDisbandDetachment, requestFormDetachment } from "./requests";
export { detachmentRecordOf } from "./disband";
