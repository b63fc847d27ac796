// @ts-check
import js from "@eslint/js";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["node_modules", "src/generated", "packages/client/src/generated", "scratch", ".mnemograph", "dist", "packages/*/dist"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      "no-console": "error",
    },
  },
  // Tests read deep GraphQL responses; typing every one would say nothing the assertions don't.
  { files: ["scripts/**", "tests/**"], rules: { "no-console": "off", "@typescript-eslint/no-explicit-any": "off" } },
  // The client's examples are programs a person runs: they print what they did.
  { files: ["packages/client/examples/**"], rules: { "no-console": "off" } },
  // The ONNX model's worker thread is plain CommonJS (it loads the same way from the sources and from dist/).
  {
    files: ["src/**/*.cjs"],
    languageOptions: { sourceType: "commonjs", globals: { require: "readonly", module: "writable" } },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  {
    files: ["src/server/explorer/**/*.js"],
    languageOptions: {
      sourceType: "script",
      globals: { window: "readonly", document: "readonly", URL: "readonly", fetch: "readonly", sessionStorage: "readonly", React: "readonly", ReactDOM: "readonly", GraphiQL: "readonly" },
    },
  },
  // The memory explorer's page: browser ES modules, with the vendored builds' globals.
  {
    files: ["src/server/memoryExplorer/page/**/*.js"],
    languageOptions: { sourceType: "module", globals: Object.fromEntries(
        ["window", "document", "history", "location", "URL", "URLSearchParams", "fetch", "sessionStorage", "atob", "performance", "requestAnimationFrame", "Node", "cytoscape", "graphqlWs"].map((name) => [name, "readonly"]),
      ), },
  },
);
