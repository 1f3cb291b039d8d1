/**
 * The field validators damage.ts and life.ts read their payloads with: the one set in
 * requests/fields.ts, re-exported while those two still register on the legacy path.
 */
export {
  badField,
  booleanField,
  isRecord,
  need,
  oneOf,
  parse,
  uuidField,
  wholeNumber,
} from "../requests/fields";
