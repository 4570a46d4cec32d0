// `npm start`: install what is missing, build the web app and the server if needed, then serve the compiled
// server with plain node on http://localhost:3000 (docs/decisions/016-compiled-server.md).
import { spawn } from "node:child_process";
import { ensureBuilt, ensureInstalled, root, serverArgs } from "./lib.mjs";

ensureInstalled();
ensureBuilt();

const child = spawn(process.execPath, serverArgs, {
  cwd: root,
  stdio: "inherit",
  // The quick start keeps its demo data (and says so loudly at every start); a deployment runs the server with
  // NODE_ENV=production and no SEED_DEMO, which creates no known-password accounts (README "Deploying").
  env: { NODE_ENV: "production", SEED_DEMO: "true", ...process.env },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
