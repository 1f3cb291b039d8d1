import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["test/{rules,foundry,templates,packs,manifest,architecture,security}/**/*.test.ts"],
          setupFiles: ["test/fake-foundry/setup.ts"],
          environment: "node",
          // Property tests and exact-odds enumerations are CPU-bound; a busy 2-core machine needs room.
          testTimeout: 30_000,
        },
      },
      {
        // The Foundry layer again, with the fake playing Foundry v13 (the projects above play v14).
        test: {
          name: "foundry-v13",
          include: ["test/{foundry,security}/**/*.test.ts"],
          exclude: ["test/foundry/generation-v14.test.ts"],
          setupFiles: ["test/fake-foundry/setup.ts"],
          environment: "node",
          env: { BRINK_FOUNDRY_GENERATION: "13" },
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["test/e2e/**/*.test.ts"],
          setupFiles: ["test/fake-foundry/setup.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
