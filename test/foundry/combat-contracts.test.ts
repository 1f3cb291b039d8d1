import { afterAll, assert, describe, it } from "vitest";
import type { ContractContext } from "../contracts/context";
import { combatContracts } from "../contracts/combat.contract";
import { bootCombat } from "./combat-fixtures";

await bootCombat();

// The same expectations Quench runs in a live world (test/quench, "Brink: combat"), here against the fake.
const context: ContractContext = { describe, it, after: afterAll, assert };
combatContracts(context);
