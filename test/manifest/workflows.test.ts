import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseDocument } from "yaml";
import { ROOT } from "../support/render";

/**
 * GitHub runs these files only on GitHub, so the tests read them as GitHub does: valid YAML, the
 * triggers, the order of the release steps and what gets attached.
 */
interface Step {
  name?: string;
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
}
interface Job {
  "runs-on": string;
  container?: { image: string; options?: string };
  steps: Step[];
}
interface Workflow {
  on: Record<string, unknown>;
  permissions?: Record<string, string>;
  jobs: Record<string, Job>;
}

function workflow(file: string): Workflow {
  const doc = parseDocument(readFileSync(join(ROOT, ".github/workflows", file), "utf8"));
  expect(doc.errors.map((e) => e.message)).toEqual([]);
  return doc.toJS() as Workflow;
}

function onlyJob(flow: Workflow): Job {
  const jobs = Object.values(flow.jobs);
  expect(jobs).toHaveLength(1);
  return jobs[0] as Job;
}

/** The index of the one step whose command contains `command`. */
function stepRunning(job: Job, command: string): number {
  const matches = job.steps.flatMap((s, i) => (s.run?.includes(command) ? [i] : []));
  expect(matches, `one step runs "${command}"`).toHaveLength(1);
  return matches[0] ?? -1;
}

describe(".github/workflows/release.yml", () => {
  const flow = workflow("release.yml");
  const job = onlyJob(flow);

  it("runs on a pushed version tag, and only then", () => {
    expect(flow.on).toEqual({ push: { tags: ["v*"] } });
    expect(flow.permissions).toEqual({ contents: "write" });
  });

  it("runs in Debian, whose Chromium the browser tests drive", () => {
    expect(job.container?.image).toMatch(/^node:\d+-bookworm$/);
    expect(job.container?.options).toContain("--shm-size=1g");
  });

  it("checks the tag first, then builds, tests and packages, in that order", () => {
    const checkout = job.steps.findIndex((s) => s.uses?.startsWith("actions/checkout@"));
    const check = stepRunning(job, 'node tools/check-release.mjs "$GITHUB_REF_NAME"');
    const chromium = stepRunning(job, "node tools/ensure-chromium.mjs");
    const build = stepRunning(job, "npm ci --no-audit --no-fund && npm run build");
    const test = stepRunning(job, "npm test");
    const pack = stepRunning(job, "npm run package");
    expect(checkout).toBe(0);
    expect([check, chromium, build, test, pack]).toEqual([1, 2, 3, 4, 5]);
  });

  it("attaches release/system.json and the tag's zip to the release, last", () => {
    const upload = job.steps.at(-1);
    expect(upload?.uses).toMatch(/^softprops\/action-gh-release@v\d+$/);
    const files = String(upload?.with?.files ?? "")
      .split("\n")
      .map((f) => f.trim())
      .filter(Boolean);
    expect(files).toEqual(["release/system.json", "release/brink-${{ github.ref_name }}.zip"]);
    expect(upload?.with?.fail_on_unmatched_files).toBe(true);
  });

  it("marks v1.2.0-beta.1 style tags as prereleases, which the manifest's latest URL skips", () => {
    expect(job.steps.at(-1)?.with?.prerelease).toBe("${{ contains(github.ref_name, '-') }}");
  });
});

describe(".github/workflows/ci.yml", () => {
  const flow = workflow("ci.yml");
  const job = onlyJob(flow);

  it("runs on every pull request and on pushes to main", () => {
    expect(Object.keys(flow.on).sort()).toEqual(["pull_request", "push"]);
    expect(flow.on.pull_request ?? {}).toEqual({});
    expect(flow.on.push).toEqual({ branches: ["main"] });
  });

  it("runs .ci/run, the same checks as CI here, in Debian after checking out", () => {
    expect(job.container?.image).toMatch(/^node:\d+-bookworm$/);
    expect(job.container?.options).toContain("--shm-size=1g");
    expect(job.steps[0]?.uses).toMatch(/^actions\/checkout@v\d+$/);
    expect(stepRunning(job, "bash .ci/run")).toBe(1);
  });
});
