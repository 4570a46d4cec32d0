import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The project's folder: the nearest one above this module that holds a package.json. The server runs from two
 * places (docs/decisions/016-compiled-server.md): as TypeScript under tsx (this file is
 * src/server/config/paths.ts) and compiled into one file (build/server/main.js), where `import.meta.url` is the
 * bundle's. A path counted in `..` from the module would differ between the two; the project's folder does not.
 */
function findProjectRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, "package.json"))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${from}: where is the project?`);
  }
}

export const projectRoot = findProjectRoot(path.dirname(fileURLToPath(import.meta.url)));

/** The built SPA (`npm run build`). */
export const clientBuildDir = path.join(projectRoot, "build", "client");

/** Drizzle's migrations (`npm run db:generate`), read at every start. */
export const migrationsDir = path.join(projectRoot, "drizzle");
