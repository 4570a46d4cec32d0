// After `react-router build`: the prerendered pages' scripts started after their first paint, the installed
// app's icons, the service worker with the list of files it keeps, then every text file compressed. Run by
// `npm run build`.
import path from "node:path";
import { buildAppIcons } from "./build-app-icons.mjs";
import { buildServiceWorker } from "./build-service-worker.mjs";
import { compressBuild } from "./compress-build.mjs";
import { deferPrerenderedScripts } from "./paint-before-scripts.mjs";

const root = path.resolve(import.meta.dirname, "..");
const client = path.join(root, "build", "client");
deferPrerenderedScripts(client);
await buildAppIcons(root, client);
await buildServiceWorker(root, client);
compressBuild(client);
