import { afterAll, assert, beforeAll, describe, it } from "vitest";
import type { ContractContext } from "../contracts/context";
import { dataModelContracts } from "../contracts/data-models.contract";
import { documentContracts } from "../contracts/documents.contract";
import { bootBrink } from "./boot";

await bootBrink();

// The same expectations Quench runs in a live world (test/quench), here against the fake.
const context: ContractContext = { describe, it, after: afterAll, assert };
beforeAll(() => undefined);
dataModelContracts(context);
documentContracts(context);
