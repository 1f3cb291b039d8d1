export { migrateWorld } from "./run";
export { MIGRATIONS, type Migration } from "./steps";
export type { MigrationReport } from "./summary";
export { SCHEMA_VERSION } from "./version";
