// After `react-router build`: the prerendered pages' scripts started after their first paint, then every text
// file compressed. Run by `npm run build`.
import path from "node:path";
import { compressBuild } from "./compress-build.mjs";
import { deferPrerenderedScripts } from "./paint-before-scripts.mjs";

const client = path.resolve(import.meta.dirname, "..", "build", "client");
deferPrerenderedScripts(client);
compressBuild(client);
