import { createdDocuments, expectRefusal, type ContractContext } from "./context";

/** The members of core's objects these contracts read; fvtt-types' unions are far wider. */
interface ProgressNotice {
  pct: number;
  update(changes: { pct?: number; message?: string }): void;
  remove(): void;
}
interface PackProbe {
  collection: string;
  locked: boolean;
  metadata: { packageType: string };
  configure(changes: { locked: boolean }): Promise<unknown>;
  getDocuments(): Promise<
    { id: string; name: string; system: { price: number }; update(c: object): Promise<unknown> }[]
  >;
  deleteCompendium(): Promise<unknown>;
}
interface TokenProbe {
  actorLink: boolean;
  actor: { update(changes: object, options?: object): Promise<unknown> } | null;
  delta: { toObject(): { system?: Record<string, unknown> } } | null;
}

/**
 * What the world migration and the welcome page assume of Foundry: progress notifications, world
 * compendiums that lock, `diff: false` updates, and unlinked tokens whose actors write to a delta.
 */
export function migrationContracts(context: ContractContext): void {
  const { describe, it, assert } = context;
  const track = createdDocuments(context);

  describe("Foundry notifications with progress", () => {
    it("return a notice whose bar moves with update({ pct })", () => {
      // v13's notifications return their Notification; the typed return is core's wider union.
      const notice = ui.notifications.info("Brink contract", { progress: true }) as unknown as ProgressNotice;
      notice.update({ pct: 0.5 });
      assert.equal(notice.pct, 0.5);
      notice.update({ pct: 1, message: "Brink contract done" });
      assert.equal(notice.pct, 1);
      notice.remove();
    });
  });

  describe("Foundry compendiums for migrations", () => {
    it("name Brink's own packs as the system's, not the world's", () => {
      // game.packs holds CompendiumCollections; only their metadata is read.
      const pack = game.packs.get("brink.equipment") as unknown as PackProbe | undefined;
      assert.equal(pack?.metadata.packageType, "system");
    });

    it("refuse writes to a locked world compendium until it is unlocked, and batch writes addressed to it", async () => {
      // createCompendium's typed metadata asks for more than core requires of a world pack.
      const creator = CompendiumCollection as unknown as {
        createCompendium(metadata: { type: string; label: string }): Promise<PackProbe>;
      };
      const pack = await creator.createCompendium({ type: "Item", label: "Brink contract loot" });
      try {
        assert.equal(pack.metadata.packageType, "world");
        await Item.implementation.create(
          { name: "Contract dagger", type: "weapon" },
          { pack: pack.collection },
        );
        const [dagger] = await pack.getDocuments();
        await pack.configure({ locked: true });
        assert.isTrue(pack.locked);
        await expectRefusal(dagger!.update({ name: "Renamed" }), { message: /locked/i });
        await pack.configure({ locked: false });
        // A batched update with the pack option, as the migration writes a world compendium.
        const updates = [{ _id: dagger!.id, "system.price": 3 }];
        await Item.implementation.updateDocuments(updates as never, { pack: pack.collection, diff: false });
        const [after] = await pack.getDocuments();
        assert.equal(after?.system.price, 3);
      } finally {
        await pack.configure({ locked: false });
        await pack.deleteCompendium();
      }
    });
  });

  describe("Foundry journal pages in a compendium", () => {
    it("resolve the welcome page's uuid to a page of the rules journal, whose entry has a sheet", async () => {
      // fromUuid's typed result is every document; a page is read for its name and its entry.
      const page = (await fromUuid(
        "Compendium.brink.rules.JournalEntry.9rbVUvVd64BZZ1di.JournalEntryPage.op2FOCbEw7W6N3sy",
      )) as unknown as { name: string; parent: { id: string; sheet: unknown } | null } | null;
      assert.instanceOf(page, JournalEntryPage, "onboarding finds the page by instanceof");
      assert.equal(page?.name, "Getting Started (GM)");
      assert.equal(page?.parent?.id, "9rbVUvVd64BZZ1di");
      assert.isTrue(page?.parent?.sheet !== null && page?.parent?.sheet !== undefined);
    });
  });

  describe("Foundry updates with diff: false", () => {
    it("send a change even when it restates the current value", async () => {
      const item = track(await Item.implementation.create({ name: "Contract: restated", type: "gear" }));
      const heard: unknown[] = [];
      const id = Hooks.on("updateItem", (_doc: unknown, changes: unknown) => void heard.push(changes));
      await item.update({ system: { quantity: 1 } });
      await item.update({ system: { quantity: 1 } }, { diff: false });
      Hooks.off("updateItem", id);
      assert.equal(heard.length, 1);
    });
  });

  describe("Foundry unlinked tokens", () => {
    it("write their synthetic actor's changes into the token's delta, never into the world actor", async () => {
      const actor = track(await Actor.implementation.create({ name: "Contract: base", type: "npc" }));
      const before = actor.system.speed;
      const scene = track(
        await Scene.implementation.create({
          name: "Contract: unlinked",
          tokens: [{ name: "Contract token", actorId: actor.id, actorLink: false, delta: {} }],
        } as never),
      );
      // The scene's tokens are TokenDocuments; the contract reads only the members it names.
      const token = [...(scene.tokens as unknown as Iterable<TokenProbe>)][0];
      assert.isFalse(token?.actorLink);
      await token?.actor?.update({ "system.speed": before + 3 });
      assert.equal(token?.delta?.toObject().system?.speed, before + 3);
      assert.equal(actor.system.speed, before);
    });
  });
}
