// `npm run db:migrate` and `npm run db:seed`: one of the server's commands, compiled with it into build/server
// (docs/decisions/016-compiled-server.md), run with plain node; compiled first when older than its sources.
// `node scripts/server-cli.mjs <migrate-cli|seed-cli> [arguments]`.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { ensureServerBuilt, root } from "./lib.mjs";

const [name, ...args] = process.argv.slice(2);
if (!["migrate-cli", "seed-cli"].includes(name)) {
  console.error("Usage: node scripts/server-cli.mjs <migrate-cli|seed-cli> [arguments]");
  process.exit(1);
}
ensureServerBuilt();
const entry = path.join(root, "build", "server", `${name}.js`);
const result = spawnSync(process.execPath, ["--enable-source-maps", entry, ...args], { stdio: "inherit" });
process.exit(result.status ?? 1);
