// `npm run db:migrate`: applies pending migrations (the server also does this at every start).
import path from "node:path";
import { loadEnv } from "../config/env.js";
import { openDatabase } from "./client.js";

const env = loadEnv();
const database = await openDatabase({ url: env.DATABASE_URL, dataDir: path.join(env.DATA_DIR, "pglite") });
console.log(`Migrations applied (${database.engine}).`);
await database.close();
