import type { ContractContext } from "./context";

interface TableLike {
  formula: string;
  flags: Record<string, Record<string, unknown> | undefined>;
  results: Iterable<{
    range: [number, number];
    documentUuid?: string | null;
    flags: Record<string, Record<string, unknown> | undefined>;
  }>;
}

/** What Brink assumes about its compendium packs: tables found by flag, results linking to items. */
export function packContracts({ describe, it, assert }: ContractContext): void {
  describe("Brink compendium packs", () => {
    it("hold the roll tables the rules draw from, each found by its stable flag", async () => {
      const pack = game.packs.get("brink.tables");
      assert.isTrue(pack !== undefined, "the brink.tables pack exists");
      // The tables pack holds RollTables; only their flags and results are read.
      const tables = ((await pack?.getDocuments()) ?? []) as unknown as TableLike[];
      assert.isTrue(
        tables.every((table) => table instanceof RollTable),
        "each is a RollTable (workflows/tables finds them by instanceof)",
      );
      const keys = tables.map((t) => t.flags.brink?.table).filter((k): k is string => typeof k === "string");
      for (const key of ["retreat", "setback", "downed", "injury-s1", "injury-s2"]) {
        assert.isTrue(keys.includes(key), `a table flagged ${key}`);
      }
    });

    it("cover every face of the retreat table, with results that resolve to consequence items", async () => {
      const tables = ((await game.packs.get("brink.tables")?.getDocuments()) ?? []) as unknown as TableLike[];
      const retreat = tables.find((t) => t.flags.brink?.table === "retreat");
      const faces = [...(retreat?.results ?? [])].flatMap((r) =>
        Array.from({ length: r.range[1] - r.range[0] + 1 }, (_, i) => r.range[0] + i),
      );
      assert.deepEqual(
        faces.sort((a, b) => a - b),
        [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
      );
      for (const result of retreat?.results ?? []) {
        if (!result.documentUuid) continue;
        const item = await fromUuid(result.documentUuid);
        assert.isTrue(item instanceof Item, `${result.documentUuid} is an item`);
      }
    });
  });
}
