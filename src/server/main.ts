import path from "node:path";
import { build } from "./app.js";
import { ConfigError, loadEnv } from "./config/env.js";
import { openDatabase } from "./db/client.js";
import { describeDatabaseError } from "./db/errors.js";
import { prepareData } from "./db/seed.js";

async function main() {
  let env: ReturnType<typeof loadEnv>;
  try {
    env = loadEnv();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase({ url: env.DATABASE_URL, dataDir: path.join(env.DATA_DIR, "pglite") });
  } catch (error) {
    console.error(describeDatabaseError(error, env.DATABASE_URL));
    process.exit(1);
  }

  const app = await build({ env, database });
  // Start-up facts a person needs (the admin sign-in, the demo accounts) go to the console as plain lines.
  // The demo's photos go where uploads go (the app's storage).
  // Several instances may start together on one database: the admin and the demo data are made once.
  await database.exclusive(() =>
    prepareData(
      database.db,
      env,
      {
        info: (message) => console.log(`• ${message}`),
        warn: (message) => console.warn(`! ${message}`),
      },
      { storage: app.storage },
    ),
  );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down: finishing requests in flight");
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "shutdown failed");
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  try {
    await app.listen({ port: env.PORT, host: env.HOST });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    console.error(
      code === "EADDRINUSE"
        ? `PORT: ${env.PORT} is already in use by another program. Stop it or set PORT to a free port.`
        : `Could not start the server: ${(error as Error).message}`,
    );
    await database.close();
    process.exit(1);
  }
  app.log.info(`GreenScape Charlotte is running at ${env.PUBLIC_URL} (database: ${database.engine})`);
}

void main();
