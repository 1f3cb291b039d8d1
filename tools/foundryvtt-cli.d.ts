/** The two functions of @foundryvtt/foundryvtt-cli that Brink's tools and tests call (it ships no types). */
declare module "@foundryvtt/foundryvtt-cli" {
  interface PackOptions {
    yaml?: boolean;
    log?: boolean;
    recursive?: boolean;
    transformEntry?: (entry: Record<string, unknown>) => unknown;
    transformName?: (entry: Record<string, unknown>) => string;
  }
  export function compilePack(src: string, dest: string, options?: PackOptions): Promise<void>;
  export function extractPack(src: string, dest: string, options?: PackOptions): Promise<void>;
}
