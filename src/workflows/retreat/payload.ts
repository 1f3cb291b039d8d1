/** Reading a request's payload: strings and lists of strings, anything else read as empty. */

export const text = (payload: Record<string, unknown>, key: string): string => {
  const value = payload[key];
  return typeof value === "string" ? value : "";
};
export const texts = (payload: Record<string, unknown>, key: string): string[] => {
  const value = payload[key];
  return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === "string") : [];
};
