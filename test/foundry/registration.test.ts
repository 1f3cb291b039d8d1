import { describe, expect, it } from "vitest";
import { loadedTemplates, registeredSheets } from "../fake-foundry/install";
import { TEMPLATE_PARTIALS } from "../../src/helpers/handlebars";
import { actorModels, itemModels } from "../../src/data";
import { bootBrink } from "./boot";

await bootBrink();

describe("what Brink registers at init", () => {
  it("a default sheet for every actor type and for items", () => {
    const actorTypes = registeredSheets
      .filter((r) => r.documentName === "Actor" && r.options.makeDefault)
      .flatMap((r) => r.options.types as string[]);
    expect(actorTypes.sort()).toEqual(Object.keys(actorModels).sort());
    const itemSheet = registeredSheets.find((r) => r.documentName === "Item" && r.options.makeDefault);
    expect(itemSheet?.options.types ?? Object.keys(itemModels)).toEqual(Object.keys(itemModels));
  });

  it("preloads every partial the templates use", () => {
    expect(loadedTemplates).toEqual(expect.arrayContaining([...TEMPLATE_PARTIALS]));
  });
});
