import { afterAll, assert, beforeAll, describe, it } from "vitest";
import type { ContractContext } from "../contracts/context";
import { dataModelContracts } from "../contracts/data-models.contract";
import { documentContracts } from "../contracts/documents.contract";
import { foundryContracts } from "../contracts/foundry.contract";
import { runtimeContracts } from "../contracts/runtime.contract";
import { users } from "../fake-foundry/install";
import { makeUser } from "../fake-foundry/runtime";
import { bootBrink } from "./boot";

await bootBrink();
users.add(makeUser({ id: "contract-player", name: "Contract player", isGM: false }));

// The same expectations Quench runs in a live world (test/quench), here against the fake.
const context: ContractContext = { describe, it, after: afterAll, assert };
beforeAll(() => undefined);
dataModelContracts(context);
documentContracts(context);
foundryContracts(context);
runtimeContracts(context);
