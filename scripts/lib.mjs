// Shared by the start and test scripts. Plain Node (no dependencies) so they run before `npm install`.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "..");

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: "inherit", cwd: root, ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

export function mustRun(command, args, options) {
  const status = run(command, args, options);
  if (status !== 0) {
    console.error(`\n✗ ${command} ${args.join(" ")} failed (exit ${status})`);
    process.exit(status);
  }
}

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** Installs dependencies when node_modules is missing or older than package.json / the lockfile. */
export function ensureInstalled() {
  const marker = path.join(root, "node_modules", ".package-lock.json");
  const manifest = Math.max(
    newestMtime(path.join(root, "package.json")),
    newestMtime(path.join(root, "package-lock.json")),
  );
  if (existsSync(marker) && statSync(marker).mtimeMs >= manifest) return;
  console.log("• Installing dependencies (npm install)…");
  // npm ci refuses this registry's lockfile (platform-only optional packages); npm install honours it.
  mustRun("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error"]);
}

/** Builds the client when the build is missing or older than its sources. */
export function ensureBuilt({ force = false } = {}) {
  const output = path.join(root, "build", "client", "index.html");
  const sources = Math.max(
    newestMtime(path.join(root, "src", "client")),
    newestMtime(path.join(root, "src", "shared")),
    newestMtime(path.join(root, "public")),
    newestMtime(path.join(root, "vite.config.ts")),
    newestMtime(path.join(root, "react-router.config.ts")),
  );
  if (!force && existsSync(output) && statSync(output).mtimeMs >= sources) return;
  console.log("• Building the web app (npm run build)…");
  mustRun("npm", ["run", "build"]);
}
