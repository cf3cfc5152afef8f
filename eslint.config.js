// Lint set and layout boundaries: docs/decisions/0012-lint-set-and-boundaries.md.
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import checkFile from "eslint-plugin-check-file";
import { importX } from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import globals from "globals";
import tseslint from "typescript-eslint";

const SOURCE = ["**/*.{ts,tsx}"];

/** Browser code: everything in app/ that React Router does not strip from the client bundle. */
const BROWSER_CODE = ["app/components/**", "app/lib/**", "app/toast/**"];

/** core/ ↔ server/ ↔ app/ ↔ tests/ (decisions 0010, 0012). */
const BOUNDARIES = [
  {
    target: "./core",
    from: ["./app", "./server", "./tests"],
    message: "core/ holds pure rules both sides use: it imports nothing from app/, server/ or tests/.",
  },
  {
    target: "./server",
    from: "./app",
    message: "server/ never imports the React Router app; shared code belongs in core/.",
  },
  { target: ["./app", "./server", "./core"], from: "./tests", message: "Application code never imports tests." },
];

/**
 * The server's layers, lowest first (issue 43, decision 0180): a file imports only from its own layer and the
 * layers before it, never from one after it, so server/ is a one-way stack — helpers, then the features, then
 * the composition root (ops/, web/, cli/ and the files at the root of server/). Tests beside the code are exempt.
 * A layer is a folder of server/, but for db/: its migrations (db/migrations/ and their list, db/migrate.ts)
 * rebuild data with the features' code, so they sit above the features; the rest of db/ is below them.
 */
const SERVER_LAYERS = [
  { name: "base/", files: ["server/base/**"] },
  { name: "untrusted/", files: ["server/untrusted/**"] },
  { name: "http/", files: ["server/http/**"] },
  { name: "db/", files: ["server/db/!(migrate).ts"] },
  { name: "analytics/", files: ["server/analytics/**"] },
  { name: "audit/", files: ["server/audit/**"] },
  { name: "webhooks/", files: ["server/webhooks/**"] },
  { name: "media/", files: ["server/media/**"] },
  { name: "search/", files: ["server/search/**"] },
  { name: "memory/", files: ["server/memory/**"] },
  { name: "content/", files: ["server/content/**"] },
  { name: "auth/", files: ["server/auth/**"] },
  { name: "admin/", files: ["server/admin/**"] },
  { name: "seed/", files: ["server/seed/**"] },
  { name: "db/migrations/", files: ["server/db/{migrate.ts,migrations/**}"] },
  { name: "ops/", files: ["server/ops/**"] },
  { name: "web/", files: ["server/web/**"] },
  { name: "cli/", files: ["server/cli/**"] },
  { name: "the root of server/", files: ["server/*.ts"] },
];

/** One zone per layer: nothing from the layers after it. */
const SERVER_LAYER_ZONES = SERVER_LAYERS.slice(0, -1).map((layer, index) => {
  const above = SERVER_LAYERS.slice(index + 1);
  return {
    target: layer.files.map((glob) => `./${glob}`),
    from: above.flatMap((upper) => upper.files.map((glob) => `./${glob}`)),
    message: `server/${layer.name === "db/" ? "db/ (but its migrations)" : layer.name} is below ${above.map((upper) => upper.name).join(", ")}: move the code down, or pass it in (eslint.config.js SERVER_LAYERS, docs/decisions/0180-server-layers.md).`,
  };
});

/** Selectors of admin routes added without a declaration (decision 0175). */
const UNDECLARED =
  "An admin endpoint is declared with endpoint() (server/http/endpoint.ts) and listed in ADMIN_ENDPOINTS: method, path, access, body limit, schemas, beside its handler.";
const ENDPOINT_RULES = {
  // The admin API's prefix is ADMIN_API_PREFIX (server/http/endpoint.ts): a route spelled with it elsewhere bypasses the declarations.
  prefix: [
    { selector: "Literal[value=/^\\/api\\/admin(\\/|$)/]", message: UNDECLARED },
    { selector: "TemplateElement[value.raw=/^\\/api\\/admin(\\/|$)/]", message: UNDECLARED },
  ],
  // Admin features declare endpoints; they build no router and describe no route by hand.
  router: [
    { selector: "NewExpression[callee.name='Hono']", message: UNDECLARED },
    { selector: "ImportSpecifier[imported.name='apiRoute']", message: UNDECLARED },
  ],
  // The admin API mounts ADMIN_ENDPOINTS and middleware only.
  mount: [
    {
      selector: "CallExpression[callee.property.name=/^(get|post|put|patch|delete|all|on|route|mount|basePath)$/]",
      message: UNDECLARED,
    },
  ],
};

export default tseslint.config(
  {
    ignores: [
      "build/",
      ".react-router/",
      "node_modules/",
      "data/",
      "test-results/",
      "playwright-report/",
      "bench/results/",
    ],
  },

  { files: SOURCE, extends: [js.configs.recommended, tseslint.configs.recommendedTypeChecked] },
  {
    files: SOURCE,
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      // `_name` marks a parameter a signature requires but the body does not use.
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
      "@typescript-eslint/switch-exhaustiveness-check": "error",
      "@typescript-eslint/no-import-type-side-effects": "error",
      // React Router's loaders answer by throwing data() and redirect(); nothing else that is not an Error may be thrown.
      "@typescript-eslint/only-throw-error": [
        "error",
        {
          allow: [
            { from: "lib", name: "Response" },
            { from: "package", package: "react-router", name: "DataWithResponseInit" },
          ],
        },
      ],
      // React's event handlers may be async: React ignores what they return.
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
      // Disabled (decision 0012): an async function implementing a Promise-returning interface reads better than Promise.resolve();
      // forgotten awaits are caught by no-floating-promises and no-misused-promises.
      "@typescript-eslint/require-await": "off",
      // Disabled (decision 0012): input validation refuses control characters on purpose, with tested regular expressions.
      "no-control-regex": "off",
    },
  },
  {
    // Tests read JSON answers as `any` and check their shape with expect(); the assertions are the type check.
    files: ["**/*.test.{ts,tsx}", "tests/**/*.ts"],
    rules: {
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
    },
  },

  {
    // A file a newcomer can hold: split along seams rather than grow (issue 43); long functions are flagged.
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts", "core/**/*.ts"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: { "max-lines": ["error", 400], "max-lines-per-function": ["warn", 80] },
  },

  { files: ["**/*.tsx"], extends: [reactHooks.configs.flat["recommended-latest"], jsxA11y.flatConfigs.recommended] },
  {
    files: ["**/*.tsx"],
    rules: {
      // A scrollable table or grid is a focusable region (role="region", tabIndex 0), so keyboard users can scroll it.
      "jsx-a11y/no-noninteractive-tabindex": [
        "error",
        { tags: [], roles: ["tabpanel", "region"], allowExpressionValues: true },
      ],
      // Escape on a form cancels the edit, as the recommended set already allows on a dialog.
      "jsx-a11y/no-noninteractive-element-interactions": [
        "error",
        {
          handlers: ["onClick", "onError", "onLoad", "onMouseDown", "onMouseUp", "onKeyPress", "onKeyDown", "onKeyUp"],
          alert: ["onKeyUp", "onKeyDown", "onKeyPress"],
          body: ["onError"],
          dialog: ["onKeyUp", "onKeyDown", "onKeyPress"],
          form: ["onKeyDown"],
          iframe: ["onLoad"],
          img: ["onError", "onLoad"],
        },
      ],
    },
  },

  // Imports: resolved like TypeScript does (package.json "imports" included); no cycles; one alias style.
  {
    files: SOURCE,
    plugins: { "import-x": importX },
    settings: {
      "import-x/extensions": [".ts", ".tsx", ".js"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
    },
    rules: {
      "import-x/no-self-import": "error",
      "import-x/no-useless-path-segments": "error",
      "import-x/no-restricted-paths": ["error", { zones: BOUNDARIES }],
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^\\.\\./",
              message: "Import through #core/, #app/, #server/ or #tests/ instead of climbing with ../",
            },
          ],
        },
      ],
    },
  },
  {
    // The server's layers (SERVER_LAYERS); this rule's options replace the ones above for these files, so they repeat the boundaries.
    files: ["server/**/*.ts"],
    ignores: ["server/**/*.test.ts"],
    rules: { "import-x/no-restricted-paths": ["error", { zones: [...BOUNDARIES, ...SERVER_LAYER_ZONES] }] },
  },
  {
    // Loaders and actions may call server/ (React Router strips them from the browser bundle, and the
    // build fails if a server/ module is left in it); components, hooks and helpers import nothing from
    // server/, not even types: what they render is described in core/ (views.ts, shell.ts, admin/*/schema.ts).
    files: BROWSER_CODE,
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^#server/",
              message: "Browser code never imports server/, not even types: move what it needs to core/.",
            },
          ],
        },
      ],
    },
  },

  // One endpoint, one declaration (decision 0175): every route under /api/admin is an endpoint() declaration
  // (server/http/endpoint.ts) in server/admin/<feature>/routes.ts, which carries its access rule, body limit,
  // schemas and documentation. A route added any other way would have none of them: lint refuses it here, and the
  // gate refuses it at run time (server/auth/access.ts).
  {
    files: ["server/**/*.ts"],
    ignores: ["**/*.test.ts", "server/http/endpoint.ts"],
    rules: { "no-restricted-syntax": ["error", ...ENDPOINT_RULES.prefix] },
  },
  {
    files: ["server/admin/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: { "no-restricted-syntax": ["error", ...ENDPOINT_RULES.prefix, ...ENDPOINT_RULES.router] },
  },
  {
    files: ["server/web/admin-api.ts"],
    rules: { "no-restricted-syntax": ["error", ...ENDPOINT_RULES.prefix, ...ENDPOINT_RULES.mount] },
  },

  // File and folder names: kebab-case (React Router's root.tsx and entry.server.tsx fit it too).
  {
    files: SOURCE,
    plugins: { "check-file": checkFile },
    rules: {
      "check-file/filename-naming-convention": [
        "error",
        { "**/*.{ts,tsx}": "KEBAB_CASE" },
        { ignoreMiddleExtensions: true },
      ],
      "check-file/folder-naming-convention": ["error", { "{app,core,server,tests,bench,scripts}/**/": "KEBAB_CASE" }],
    },
  },
  {
    // Migrations run in name order: a four-digit number, then kebab-case.
    files: ["server/db/migrations/*.ts"],
    rules: { "check-file/filename-naming-convention": ["error", { "**/*.ts": "[0-9][0-9][0-9][0-9]-+([a-z0-9-])" }] },
  },

  // Formatting is Prettier's job.
  prettier,
);
