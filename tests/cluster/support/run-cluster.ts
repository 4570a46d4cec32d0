// `npm run cluster`: PostgreSQL (127.0.0.1:5432), s3rver, two app instances and nginx on this machine, until
// Ctrl-C. Build first (`npm run build`): the instances are the compiled server, serving the built SPA.
import { startCluster } from "./cluster";

const cluster = await startCluster({ count: Number(process.env.INSTANCES ?? 2) });
console.log(`\nGreenScape behind nginx: ${cluster.url}`);
for (const instance of cluster.instances) console.log(`  ${instance.name}: ${instance.url}`);
console.log(`  database: ${cluster.databaseUrl} (dropped on exit)\n  Ctrl-C stops everything.\n`);
const stop = async () => {
  await cluster.stop();
  process.exit(0);
};
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());
