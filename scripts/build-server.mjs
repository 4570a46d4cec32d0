// `npm run build` (after the client) and `npm run build:server`: the server as JavaScript in build/server, which
// `npm start`, `npm run serve` and every deployment run with plain `node` (docs/decisions/016-compiled-server.md).
// Our code (src/server, src/shared) is bundled into one file per entry point; every package in node_modules stays
// an import that Node resolves at run time, as it does under tsx.
import { rmSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");
export const serverOutDir = path.join(root, "build", "server");

/** esbuild's options for the server: also used by scripts/build-server.test.ts. */
export const serverBuildOptions = {
  absWorkingDir: root,
  entryPoints: {
    main: "src/server/main.ts",
    "migrate-cli": "src/server/db/migrate-cli.ts",
    "seed-cli": "src/server/db/seed-cli.ts",
  },
  outdir: serverOutDir,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20.19",
  packages: "external",
  // Stack traces name the TypeScript file and line when node runs with --enable-source-maps.
  sourcemap: "linked",
  sourcesContent: false,
  // Bundling renames clashing top-level names (two modules' `Foo` become `Foo` and `Foo2`); keep `.name` true.
  keepNames: true,
  legalComments: "none",
  logLevel: "warning",
};

export async function buildServer() {
  rmSync(serverOutDir, { recursive: true, force: true });
  const started = performance.now();
  const result = await build({ ...serverBuildOptions, metafile: true });
  const bytes = Object.entries(result.metafile.outputs)
    .filter(([file]) => file.endsWith(".js"))
    .reduce((sum, [, output]) => sum + output.bytes, 0);
  const ms = Math.round(performance.now() - started);
  console.log(
    `• Server compiled to build/server (3 entry points, ${Math.round(bytes / 1024)} KB) in ${ms} ms`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer();
