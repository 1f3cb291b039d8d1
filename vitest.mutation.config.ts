/**
 * The vitest projects Stryker runs against each mutant (`npm run test:mutation`): the rules and the
 * unit layer on the fake Foundry. The browser layer stays out: it is slow and checks looks, not rules.
 */
import { defineConfig } from "vitest/config";
import base from "./vitest.config";

const MUTATION_PROJECTS = new Set(["rules", "unit"]);

export default defineConfig({
  test: {
    projects: (base.test?.projects ?? []).filter(
      (project) =>
        typeof project === "object" &&
        "test" in project &&
        MUTATION_PROJECTS.has(String(project.test?.name ?? "")),
    ),
  },
});
