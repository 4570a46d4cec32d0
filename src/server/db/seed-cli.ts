// `npm run db:seed`: replaces the demo data (and makes sure the admin and reference data exist).
// `npm run db:seed -- --remove`: removes the demo data (its accounts, jobs and everything they own), nothing else.
import path from "node:path";
import { loadEnv } from "../config/env.js";
import { createStorage } from "../lib/create-storage.js";
import { openDatabase } from "./client.js";
import { demoDataWarning, ensureAdmin, ensureReferenceData, removeDemoData, seedDemoData } from "./seed.js";

const env = loadEnv();
const database = await openDatabase({ url: env.DATABASE_URL, dataDir: path.join(env.DATA_DIR, "pglite") });
const log = { info: (m: string) => console.log(m), warn: (m: string) => console.warn(m) };
// Where the app keeps uploads (src/server/app.ts): the demo's photos are written and removed there.
const storage = createStorage(env);
try {
  if (process.argv.includes("--remove")) {
    await removeDemoData(database.db, storage);
    log.info("Demo data removed.");
  } else {
    await ensureReferenceData(database.db);
    await ensureAdmin(database.db, env, log);
    await removeDemoData(database.db, storage);
    await seedDemoData(database.db, log, { storage });
    log.warn(demoDataWarning());
  }
} finally {
  storage.close?.();
  await database.close();
}
