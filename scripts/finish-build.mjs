// After `react-router build`: the prerendered pages' script preloads at low priority, then every text file
// compressed. Run by `npm run build`.
import path from "node:path";
import { compressBuild } from "./compress-build.mjs";
import { lowerPrerenderedPreloads } from "./lower-preloads.mjs";

const client = path.resolve(import.meta.dirname, "..", "build", "client");
lowerPrerenderedPreloads(client);
compressBuild(client);
