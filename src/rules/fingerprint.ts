/**
 * FNV-1a over a text, character by character: a short, stable fingerprint of a state, so the same
 * state is known again without storing it whole.
 */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (const char of text) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}
