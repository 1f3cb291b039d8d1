import { readFileSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { DEFAULT_RETREAT_TABLES } from "../../src/rules/retreat";
import {
  downedTableFrom,
  outcomeLinks,
  retreatTableFrom,
  setbackTableFrom,
  singleDieFaces,
  type TableSource,
} from "../../src/rules/retreat-tables";

/** The repository (the rules project loads nothing of Foundry's, so not test/support/render). */
const ROOT = resolve(import.meta.dirname, "../..");

interface TableYaml {
  formula: string;
  flags: { brink: { table: string } };
  results: {
    range: [number, number];
    documentUuid: string | null;
    flags: { brink: { outcome: string; outcomes?: string[]; successes?: number } };
  }[];
}

/** The shipped tables, read the way the Foundry layer hands them over. */
function shipped(key: string): TableSource {
  const folder = join(ROOT, "packs/_source/tables");
  const table = readdirSync(folder)
    .map((file) => parse(readFileSync(join(folder, file), "utf8")) as TableYaml)
    .find((data) => data.flags.brink.table === key);
  if (!table) throw new Error(`no ${key} table`);
  return {
    formula: table.formula,
    results: table.results.map((result) => ({
      range: result.range,
      outcome: result.flags.brink.outcome,
      outcomes: result.flags.brink.outcomes,
      successes: result.flags.brink.successes,
      documentUuid: result.documentUuid,
    })),
  };
}

describe("tables from the compendium", () => {
  it("the shipped Retreat, Setback and Downed tables convert to exactly the rules' defaults", () => {
    expect(retreatTableFrom(shipped("retreat"))).toEqual({ ok: true, table: DEFAULT_RETREAT_TABLES.retreat });
    expect(setbackTableFrom(shipped("setback"))).toEqual({ ok: true, table: DEFAULT_RETREAT_TABLES.setback });
    const downed = downedTableFrom(shipped("downed"));
    expect(downed.ok && [...downed.table].sort((a, b) => a.range[0] - b.range[0])).toEqual(
      DEFAULT_RETREAT_TABLES.downed,
    );
  });

  it("links each consequence to its compendium item, the first table naming it winning", () => {
    const links = outcomeLinks([shipped("retreat"), shipped("setback"), shipped("downed")]);
    expect(links["serious-injury"]).toBe("Compendium.brink.consequences.Item.CYB5kzmBwf7V6eJw");
    expect(links.disoriented).toBe("Compendium.brink.consequences.Item.zPhBkPtdMr4i05ze");
    expect(links.attrition).toBeUndefined();
  });

  it("refuses a table it cannot use, saying why", () => {
    const table = shipped("retreat");
    expect(retreatTableFrom({ ...table, formula: "2d6" })).toEqual({
      ok: false,
      problems: [{ key: "bad-formula", value: 0 }],
    });
    const gap = { ...table, results: table.results.filter((result) => result.range[0] !== 9) };
    expect(retreatTableFrom(gap)).toEqual({
      ok: false,
      problems: [
        { key: "uncovered", value: 9 },
        { key: "uncovered", value: 10 },
      ],
    });
    const unknown = { ...table, results: table.results.map((r) => ({ ...r, outcome: "fireworks" })) };
    expect(retreatTableFrom(unknown).ok).toBe(false);
    expect(downedTableFrom({ formula: "1d4", results: [{ range: [1, 1], outcomes: ["nap"] }] }).ok).toBe(
      false,
    );
  });

  it("reads a downed row's successes from its flag, or else from its face", () => {
    const rows = [0, 1, 2, 3].map((successes) => ({ range: [successes + 1, successes + 1] as const }));
    const converted = downedTableFrom({
      formula: "1d4",
      results: rows.map((row, index) => ({ ...row, outcome: index === 3 ? "minor-injury" : "setback" })),
    });
    expect(converted.ok && converted.table.map((row) => [row.range[0], row.result])).toEqual([
      [0, ["setback"]],
      [1, ["setback"]],
      [2, ["setback"]],
      [3, ["minor-injury"]],
    ]);
    expect(singleDieFaces("1d10")).toBe(10);
    expect(singleDieFaces("d6")).toBe(6);
    expect(singleDieFaces("1d6+1")).toBeNull();
  });
  it("names each face two rows claim, and each face a row reaches outside the die", () => {
    const overlapping = {
      formula: "1d10",
      results: [
        { range: [1, 5] as const, outcome: "attrition" },
        { range: [5, 10] as const, outcome: "setback" },
      ],
    };
    expect(retreatTableFrom(overlapping)).toEqual({
      ok: false,
      problems: [{ key: "overlapping", value: 5 }],
    });
    const outside = {
      formula: "1d4",
      results: [
        { range: [0, 2] as const, outcome: "attrition" },
        { range: [3, 5] as const, outcome: "setback" },
      ],
    };
    expect(retreatTableFrom(outside)).toEqual({
      ok: false,
      problems: [
        { key: "out-of-range", value: 0 },
        { key: "out-of-range", value: 5 },
      ],
    });
    expect(singleDieFaces("1d0")).toBeNull();
  });

  it("names the first row whose outcome it does not know, by its face or its successes", () => {
    const table = shipped("setback");
    const unknownAt = (face: number) => ({
      ...table,
      results: table.results.map((r) => (r.range[0] === face ? { ...r, outcome: "fireworks" } : r)),
    });
    expect(setbackTableFrom(unknownAt(1))).toEqual({
      ok: false,
      problems: [{ key: "unknown-outcome", value: 1 }],
    });
    const downed = (outcomes: unknown[], successes?: unknown) =>
      downedTableFrom({ formula: "1d4", results: [{ range: [3, 3], outcomes, successes }] });
    expect(downed(["setback", "nap"])).toEqual({
      ok: false,
      problems: [{ key: "unknown-outcome", value: 2 }],
    });
    expect(downed([], 1)).toEqual({ ok: false, problems: [{ key: "unknown-outcome", value: 1 }] });
  });

  it("takes a downed row's successes from a number flag only, and gives the whole table when it fits", () => {
    const results = [0, 1, 2, 3].map((successes) => ({
      range: [9, 9] as const,
      successes,
      outcomes: successes === 0 ? ["serious-injury", "setback"] : ["minor-injury"],
    }));
    expect(downedTableFrom({ formula: "1d4", results })).toEqual({
      ok: true,
      table: [
        { range: [0, 0], result: ["serious-injury", "setback"] },
        { range: [1, 1], result: ["minor-injury"] },
        { range: [2, 2], result: ["minor-injury"] },
        { range: [3, 3], result: ["minor-injury"] },
      ],
    });
    const textSuccesses = downedTableFrom({
      formula: "1d4",
      results: [{ range: [1, 1], successes: "3", outcome: "setback" }],
    });
    expect(textSuccesses.ok ? [] : textSuccesses.problems).toEqual([
      { key: "uncovered", value: 1 },
      { key: "uncovered", value: 2 },
      { key: "uncovered", value: 3 },
    ]);
  });

  it("links only results that name both an outcome and a document", () => {
    const links = outcomeLinks([
      {
        formula: "1d4",
        results: [
          { range: [1, 1], outcome: "setback", documentUuid: null },
          { range: [2, 2], outcome: 7, documentUuid: "Item.seven" },
          { range: [3, 3], outcome: "setback", documentUuid: "Item.setback" },
        ],
      },
    ]);
    expect(links).toEqual({ setback: "Item.setback" });
  });
});
