/**
 * Brink's layers (docs/architecture.md) as a test: every unit of src/ is placed, every import points
 * down (or stays in its folder), there is no import cycle between files or between folders, and no
 * file is long enough to hold several ideas.
 * Type-only imports count: a cycle of types is still a cycle for a reader.
 */
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");
const SRC = join(ROOT, "src");

/** The layer table between the `layers` markers of docs/architecture.md: unit → layer. */
function layersFromDocs(): Map<string, number> {
  const text = readFileSync(join(ROOT, "docs/architecture.md"), "utf8");
  const block = text.split("<!-- layers -->")[1]?.split("<!-- /layers -->")[0] ?? "";
  const layers = new Map<string, number>();
  for (const [, layer, unit] of block.matchAll(/^\|\s*(\d+)\s*\|\s*`([^`]+)`/gm))
    layers.set(String(unit).replace(/\/$/, ""), Number(layer));
  return layers;
}

const sourceFiles = (): string[] =>
  readdirSync(SRC, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".ts"))
    .map((file) => join(SRC, file));

/** The unit a file belongs to: its top folder under src/, or the file itself at the top. */
const unitOf = (file: string): string => relative(SRC, file).split(/[\\/]/)[0] ?? "";

const IMPORT = /(?:import|export)\s[^;]*?from\s*["'](\.[^"']+)["']|import\(\s*["'](\.[^"']+)["']\s*\)/g;

function resolveImport(from: string, specifier: string, files: Set<string>): string | null {
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.d.ts`, join(base, "index.ts")])
    if (files.has(candidate)) return candidate;
  return null;
}

function importGraph(): Map<string, string[]> {
  const files = sourceFiles();
  const known = new Set(files);
  return new Map(
    files.map((file) => {
      const text = readFileSync(file, "utf8");
      const targets = [...text.matchAll(IMPORT)].flatMap((match) => {
        const target = resolveImport(file, String(match[1] ?? match[2]), known);
        return target ? [target] : [];
      });
      return [file, targets];
    }),
  );
}

/** Strongly connected components with more than one member (Tarjan). */
function cycles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const lowlink = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string): void => {
    indices.set(node, index);
    lowlink.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indices.has(next)) {
        visit(next);
        lowlink.set(node, Math.min(lowlink.get(node) ?? 0, lowlink.get(next) ?? 0));
      } else if (onStack.has(next)) {
        lowlink.set(node, Math.min(lowlink.get(node) ?? 0, indices.get(next) ?? 0));
      }
    }
    if (lowlink.get(node) !== indices.get(node)) return;
    const component: string[] = [];
    for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
      onStack.delete(member);
      component.push(member);
      if (member === node) break;
    }
    if (component.length > 1) found.push(component);
  };
  for (const node of graph.keys()) if (!indices.has(node)) visit(node);
  return found;
}

function folderGraph(graph: Map<string, string[]>): Map<string, string[]> {
  const folders = new Map<string, Set<string>>();
  for (const [file, targets] of graph) {
    const from = unitOf(file);
    const edges = folders.get(from) ?? new Set<string>();
    for (const target of targets) if (unitOf(target) !== from) edges.add(unitOf(target));
    folders.set(from, edges);
  }
  return new Map([...folders].map(([unit, edges]) => [unit, [...edges]]));
}

const graph = importGraph();
const layers = layersFromDocs();
const rel = (file: string) => relative(SRC, file);

/** Past this a file holds more than one idea (issue 10). */
const MAX_LINES = 500;

describe("Brink's layers", () => {
  it("place every folder and top-level file of src/ in docs/architecture.md", () => {
    const units = new Set([...graph.keys()].map(unitOf));
    expect([...units].filter((unit) => !layers.has(unit))).toEqual([]);
    expect([...layers.keys()].filter((unit) => !units.has(unit))).toEqual([]);
  });

  it("let every import point down the layers or stay in its own folder", () => {
    const upward = [...graph].flatMap(([file, targets]) =>
      targets.flatMap((target) => {
        const [from, to] = [unitOf(file), unitOf(target)];
        if (from === to) return [];
        const ok = (layers.get(to) ?? Infinity) < (layers.get(from) ?? -Infinity);
        return ok ? [] : [`${rel(file)} → ${rel(target)}`];
      }),
    );
    expect(upward).toEqual([]);
  });

  it("have no import cycle between files", () => {
    expect(cycles(graph).map((cycle) => cycle.map(rel).sort())).toEqual([]);
  });

  it("have no import cycle between folders", () => {
    expect(cycles(folderGraph(graph))).toEqual([]);
  });

  it("keep every file of src/ to at most 500 lines (a longer one is split by idea)", () => {
    const lines = (file: string) => readFileSync(file, "utf8").replace(/\n$/, "").split("\n").length;
    const long = [...graph.keys()].filter((file) => lines(file) > MAX_LINES).map(rel);
    expect(long).toEqual([]);
  });

  it("would notice a cycle and an upward import (the checks can fail)", () => {
    const probe = new Map([
      ["a", ["b"]],
      ["b", ["a"]],
    ]);
    expect(cycles(probe)).toHaveLength(1);
    expect((layers.get("rules") ?? 0) < (layers.get("applications") ?? 0)).toBe(true);
  });
});
