/** Types for tools/packs.mjs (the tests compile the packs as the build does). */
export function compilePacks(outDir?: string): Promise<number>;
export function releaseStats(): Record<string, string | null>;
export function extractPacks(fromDir?: string): Promise<number>;
export function packDefinitions(): { name: string; type: string; path: string }[];
