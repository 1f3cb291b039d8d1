import { afterAll, assert, beforeAll, describe, it } from "vitest";
import type { ContractContext } from "../contracts/context";
import { dataModelContracts } from "../contracts/data-models.contract";
import { diceSoNiceContracts } from "../contracts/dice-so-nice.contract";
import { documentContracts } from "../contracts/documents.contract";
import { foundryContracts } from "../contracts/foundry.contract";
import { generationContracts } from "../contracts/generation.contract";
import { runtimeContracts } from "../contracts/runtime.contract";
import { itemContracts } from "../contracts/items.contract";
import { dragDropContracts } from "../contracts/drag-drop.contract";
import { sheetContracts } from "../contracts/sheets.contract";
import { settingsContracts } from "../contracts/settings.contract";
import { Window } from "happy-dom";
import { FakeScene } from "../fake-foundry/combat";
import { selectMarkedOptions } from "../fake-foundry/forms";
import { users } from "../fake-foundry/install";
import { makeUser } from "../fake-foundry/runtime";
import { bootBrink } from "./boot";

await bootBrink();
users.add(makeUser({ id: "contract-player", name: "Contract player", isGM: false }));
// A live world runs the batches with a scene on its canvas; here the fake's canvas shows one too.
Object.assign(canvas as object, { scene: await FakeScene.create({ name: "Contract canvas" }) });

// The same expectations Quench runs in a live world (test/quench), here against the fake.
const context: ContractContext = { describe, it, after: afterAll, assert };
beforeAll(() => undefined);
dataModelContracts(context);
documentContracts(context);
foundryContracts(context);
generationContracts(context);
runtimeContracts(context);
settingsContracts(context);
// Without Dice So Nice here; test/foundry/dice-so-nice.test.ts runs the same contract with it.
diceSoNiceContracts(context);
// Node has no DOM of its own: the sheet contracts build their forms with happy-dom.
const dom = new Window();
sheetContracts(context, (html) => {
  const form = dom.document.createElement("form");
  form.innerHTML = html;
  selectMarkedOptions(form as unknown as ParentNode);
  // happy-dom's form is structurally the DOM's; the contract only reads it.
  return form as unknown as HTMLFormElement;
});
// The item contracts build their menus in happy-dom's page.
itemContracts(context, () => dom.document as unknown as Document);
// Drags and drops are dispatched in happy-dom too.
dragDropContracts(context, () => dom.document as unknown as Document);
