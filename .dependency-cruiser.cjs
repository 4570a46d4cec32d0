// Import rules over src/ that a linter reading one file at a time cannot check (docs/decisions/017-import-rules.md):
// no cycles, and features reach each other only through entry files. Run by `npm test` (npm run lint:imports).
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment:
        "A module must not import itself through others (type-only imports count too: a cycle of types is a cycle of meaning).",
      from: {},
      to: { circular: true },
    },
    {
      name: "server-feature-entry",
      severity: "error",
      comment:
        "A server feature uses another only through its entry file (index.ts) or a sub-part's entry (<part>/index.ts).",
      from: { path: "^src/server/features/([^/]+)/" },
      to: {
        path: "^src/server/features/[^/]+/",
        pathNot: [
          "^src/server/features/$1/",
          "^src/server/features/[^/]+/index\\.ts$",
          "^src/server/features/[^/]+/[^/]+/index\\.ts$",
        ],
      },
    },
    {
      name: "client-feature-entry",
      severity: "error",
      comment: "A client feature uses another only through its entry file (index.ts).",
      from: { path: "^src/client/features/([^/]+)/" },
      to: {
        path: "^src/client/features/[^/]+/",
        pathNot: ["^src/client/features/$1/", "^src/client/features/[^/]+/index\\.tsx?$"],
      },
    },
    {
      name: "lower-layers-stay-below-features",
      severity: "error",
      comment: "lib, db, config and plugins are what features build on; they never import a feature.",
      from: { path: "^src/server/(lib|db/(?!seed))" },
      to: { path: "^src/server/features/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["\\.react-router/", "^src/client/.*\\+types"] },
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js", ".mjs"] },
  },
};
