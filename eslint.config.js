import js from "@eslint/js";
import tseslint from "typescript-eslint";

const FOUNDRY_GLOBALS = [
  "game",
  "CONFIG",
  "foundry",
  "Hooks",
  "ui",
  "canvas",
  "CONST",
  "Actor",
  "Item",
  "ChatMessage",
  "Roll",
];
const DOM_GLOBALS = ["document", "window", "HTMLElement", "Element", "Event"];

export default tseslint.config(
  {
    ignores: [
      "dist/",
      ".dist-next-*/",
      ".stryker-tmp/",
      "release/",
      "node_modules/",
      "test-results/",
      "coverage/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: "module" },
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/ban-ts-comment": ["error", { "ts-expect-error": "allow-with-description" }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      "no-console": ["error", { allow: ["warn", "error"] }],
    },
  },
  {
    // RULES layer: pure TypeScript. Foundry and the DOM are out of reach by construction.
    files: ["src/rules/**/*.ts"],
    rules: {
      "no-restricted-globals": [
        "error",
        ...[...FOUNDRY_GLOBALS, ...DOM_GLOBALS].map((name) => ({
          name,
          message:
            "src/rules is pure: pass data in and return results; Foundry stays in src/documents and above.",
        })),
      ],
    },
  },
  {
    files: ["tools/**/*.mjs", "tools/**/*.ts", "*.js"],
    languageOptions: {
      globals: { process: "readonly", console: "readonly", URL: "readonly", TextEncoder: "readonly" },
    },
    rules: { "no-console": "off" },
  },
);
