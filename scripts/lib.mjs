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

/** The compiled server (`npm run build`) and node's arguments to run it: `npm start`, `npm run serve`. */
export const serverEntry = path.join(root, "build", "server", "main.js");
export const serverArgs = ["--enable-source-maps", serverEntry];

const newestOf = (paths) => Math.max(...paths.map((p) => newestMtime(path.join(root, p))));

/** Whether `output` is missing or older than any of `sources` (paths from the project folder). */
function stale(output, sources) {
  return !existsSync(output) || statSync(output).mtimeMs < newestOf(sources);
}

/**
 * Builds what is missing or older than its sources: the client and the server (`npm run build`), or only the
 * server (`npm run build:server`, a second or two) when the client is current.
 */
export function ensureBuilt({ force = false } = {}) {
  const client = stale(path.join(root, "build", "client", "index.html"), [
    "src/client",
    "src/shared",
    "public",
    "vite.config.ts",
    "react-router.config.ts",
  ]);
  if (force || client) {
    console.log("• Building the web app and the server (npm run build)…");
    mustRun("npm", ["run", "build"]);
    return;
  }
  ensureServerBuilt();
}

/** Compiles the server (build/server) when it is missing or older than its sources. */
export function ensureServerBuilt() {
  if (!stale(serverEntry, ["src/server", "src/shared", "tsconfig.json", "scripts/build-server.mjs"])) return;
  console.log("• Compiling the server (npm run build:server)…");
  mustRun("npm", ["run", "build:server"]);
}
