import { dropData, dropOn, startDrag } from "../support/drag";
// A live sheet answers a drop without a promise to await: `until` waits for its work.
import { createdDocuments, until, type ContractContext } from "./context";

type LiveSheet = {
  element: HTMLElement;
  render(force: boolean): Promise<unknown>;
  close(): Promise<unknown>;
};
const sheetOf = (actor: Actor.Implementation): LiveSheet => actor.sheet as unknown as LiveSheet;

/** Where a contract builds elements: the browser's document in a live world, happy-dom in vitest. */
export type DocumentFactory = () => Document;
const browserDocument: DocumentFactory = () => document;

/** What Brink's drag and drop of items on the actor sheets assumes about v13. */
export function dragDropContracts(context: ContractContext, page: DocumentFactory = browserDocument): void {
  const { describe, it, assert } = context;
  const track = createdDocuments(context);
  const character = async (name: string, items: object[] = []) =>
    track(
      await Actor.implementation.create({ name: `Contract: ${name}`, type: "character", items } as never),
    );

  describe("Foundry drag and drop on actor sheets", () => {
    it("performIntegerSort moves the source beside its target and renumbers when there is no gap", () => {
      const [a, b, c] = [{ sort: 0 }, { sort: 0 }, { sort: 0 }];
      const order = (updates: { target: object; update: Record<string, unknown> }[]) => {
        for (const { target, update } of updates) Object.assign(target, update);
        return [a, b, c].sort((x, y) => x.sort - y.sort);
      };
      const first = foundry.utils.performIntegerSort(c, { target: a, siblings: [a, b, c], sortBefore: true });
      assert.deepEqual(order(first), [c, a, b], "no gap: every sibling renumbered, c first");
      const second = foundry.utils.performIntegerSort(c, { target: b, siblings: [a, b, c] });
      assert.deepEqual(order(second), [a, b, c], "dragged down past b: after it");
      assert.equal(second.length, 1, "a gap: only the source moves");
    });

    it("give an owned item drag data of its type and uuid, which fromDropData resolves", async () => {
      const actor = await character("drag data", [{ name: "Rope", type: "gear" }]);
      const rope = actor.items.getName("Rope");
      const data = rope?.toDragData();
      assert.deepEqual(data, { type: "Item", uuid: rope?.uuid });
      assert.equal(await Item.implementation.fromDropData(data as never), rope);
    });

    it("read a drag's text/plain JSON with getDragEventData, and {} for anything else", () => {
      const { TextEditor } = foundry.applications.ux;
      const element = page().createElement("div");
      const view = element.ownerDocument.defaultView as unknown as { DataTransfer: typeof DataTransfer };
      const read = (text: string) => {
        const transfer = new view.DataTransfer();
        transfer.setData("text/plain", text);
        const event = { dataTransfer: transfer, type: "drop" } as unknown as DragEvent;
        return TextEditor.implementation.getDragEventData(event);
      };
      assert.deepEqual(read('{"type":"Item","uuid":"Item.x"}'), { type: "Item", uuid: "Item.x" });
      assert.deepEqual(read("not json"), {});
    });

    it("start a drag on a .draggable row with its item's drag data, and offer a drop to dropActorSheetData first", async () => {
      const giver = await character("giver", [{ name: "Lantern", type: "gear" }]);
      const taker = await character("taker");
      const from = sheetOf(giver);
      const to = sheetOf(taker);
      await from.render(true);
      await to.render(true);
      try {
        const lantern = giver.items.getName("Lantern");
        const row = from.element.querySelector(`.draggable[data-item-id="${lantern?.id}"]`);
        if (!row) throw new Error("no draggable row for the item");
        const transfer = startDrag(row);
        assert.deepEqual(JSON.parse(transfer.getData("text/plain")), lantern?.toDragData());

        const heard: unknown[][] = [];
        const id = Hooks.on("dropActorSheetData", (...args: unknown[]) => {
          heard.push(args);
          return false;
        });
        dropOn(to.element, transfer);
        await until(() => heard.length > 0);
        Hooks.off("dropActorSheetData", id);
        assert.equal(heard[0]?.[0], taker, "the hook hears the sheet's actor");
        assert.equal(heard[0]?.[1], to, "and the sheet");
        assert.equal(taker.items.size, 0, "a hook that answers false stops the drop");

        dropData(to.element, lantern?.toDragData() ?? {});
        assert.isTrue(await until(() => taker.items.getName("Lantern") !== undefined), "the drop gives it");
      } finally {
        await from.close();
        await to.close();
      }
    });

    it("give an embedded document created without keepId a new id, and keep the id with keepId", async () => {
      const actor = await character("embedded ids");
      const id = foundry.utils.randomID();
      const [fresh] = await actor.createEmbeddedDocuments("Item", [
        { _id: id, name: "Rope", type: "gear" },
      ] as never);
      assert.isFalse(fresh?.id === id, "without keepId the id is new");
      const [kept] = await actor.createEmbeddedDocuments(
        "Item",
        [{ _id: id, name: "Rope", type: "gear" }] as never,
        {
          keepId: true,
        },
      );
      assert.equal(kept?.id, id, "keepId keeps the id");
    });

    it("let a player neither add an item to nor take one from an actor they do not own", async () => {
      const player = game.users.find((user) => !user.isGM);
      if (!player) {
        assert.fail("the world needs a player for this contract");
        return;
      }
      const others = await character("not owned", [{ name: "Rope", type: "gear" }]);
      const rope = others.items.getName("Rope");
      assert.isFalse(rope?.canUserModify(player, "delete"), "no delete");
      const added = new Item.implementation({ name: "Gift", type: "gear" } as never, { parent: others });
      assert.isFalse(added.canUserModify(player, "create"), "no create");
    });
  });
}
