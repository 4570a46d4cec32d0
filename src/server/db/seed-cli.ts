// `npm run db:seed`: replaces the demo data (and makes sure the admin and reference data exist).
// `npm run db:seed -- --remove`: removes the demo data (its accounts, jobs and everything they own), nothing else.
import path from "node:path";
import { loadEnv } from "../config/env.js";
import { openDatabase } from "./client.js";
import { demoDataWarning, ensureAdmin, ensureReferenceData, removeDemoData, seedDemoData } from "./seed.js";

const env = loadEnv();
const database = await openDatabase({ url: env.DATABASE_URL, dataDir: path.join(env.DATA_DIR, "pglite") });
const log = { info: (m: string) => console.log(m), warn: (m: string) => console.warn(m) };
try {
  if (process.argv.includes("--remove")) {
    await removeDemoData(database.db);
    log.info("Demo data removed.");
  } else {
    await ensureReferenceData(database.db);
    await ensureAdmin(database.db, env, log);
    await removeDemoData(database.db);
    await seedDemoData(database.db, log);
    log.warn(demoDataWarning());
  }
} finally {
  await database.close();
}
