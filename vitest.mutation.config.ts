/**
 * The vitest projects Stryker runs against each mutant (`npm run test:mutation`): the rules and the
 * unit layer on the fake Foundry. The browser layer stays out: it is slow and checks looks, not rules.
 * BRINK_MUTATION_PROJECTS=rules narrows a run to the pure rules tests (seconds per mutant instead of
 * the fake's boot); BRINK_MUTATION_TESTS=<glob> narrows the unit project to the files the glob
 * matches (e.g. test/security/** for src/requests). A narrowed run's figure is a lower bound: the
 * tests left out might kill more (see docs/mutation.md).
 */
import { defineConfig } from "vitest/config";
import base from "./vitest.config";

const MUTATION_PROJECTS = new Set((process.env.BRINK_MUTATION_PROJECTS ?? "rules,unit").split(","));

const narrowedTests = process.env.BRINK_MUTATION_TESTS;

export default defineConfig({
  test: {
    projects: (base.test?.projects ?? [])
      .filter(
        (project) =>
          typeof project === "object" &&
          "test" in project &&
          MUTATION_PROJECTS.has(String(project.test?.name ?? "")),
      )
      .map((project) =>
        narrowedTests && typeof project === "object" && "test" in project && project.test?.name === "unit"
          ? { ...project, test: { ...project.test, include: [narrowedTests] } }
          : project,
      ),
  },
});
