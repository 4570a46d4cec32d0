import { existsSync } from "node:fs";
import path from "node:path";
import { projectRoot } from "../config/paths.js";

/**
 * The compiled server (`npm run build` writes it, docs/decisions/016-compiled-server.md), run as `npm start`,
 * `npm run serve` and every deployment run it: plain node, stack traces mapped back to the TypeScript lines.
 * The browser, load and cluster tests and the bench start it this way; the server tests keep tsx.
 */
export const builtServerEntry = path.join(projectRoot, "build", "server", "main.js");
export const builtServerArgs = ["--enable-source-maps", builtServerEntry];

export function assertServerBuilt(who: string) {
  if (!existsSync(builtServerEntry))
    throw new Error(`${who} runs the compiled server: run \`npm run build\` first (npm test does).`);
}
