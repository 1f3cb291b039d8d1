import { afterAll, assert, describe, it } from "vitest";
import type { ContractContext } from "../contracts/context";
import { migrationContracts } from "../contracts/migration.contract";
import { bootBrink } from "./boot";

await bootBrink();

// The same expectations Quench runs in a live world ("Brink: migrations"), here against the fake.
const context: ContractContext = { describe, it, after: afterAll, assert };
migrationContracts(context);
