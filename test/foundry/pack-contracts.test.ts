import { afterAll, assert, describe, it } from "vitest";
import type { ContractContext } from "../contracts/context";
import { packContracts } from "../contracts/packs.contract";
import { bootBrink } from "./boot";

await bootBrink();

// The same expectations Quench runs in a live world ("Brink: packs"), here against the fake packs.
const context: ContractContext = { describe, it, after: afterAll, assert };
packContracts(context);
