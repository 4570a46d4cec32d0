import type { SignInOptions } from "./fixtures";
import { type AppServer, startAppServer } from "./server-process";

/**
 * A second server seeded with the demo data (SEED_DEMO=true), for browser tests that need what only an
 * admin workflow could otherwise create, such as an approved landscaper covering a ZIP code. It uses its
 * own data directory and embedded database, so the shared test server is untouched.
 */
export type DemoServer = AppServer;

/** Demo accounts (src/server/db/seed.ts): every one has this password. */
export const demoPassword = "demo-password";
/** Approved landscaper covering 28203, 28207, 28209 and 28210 (and ZIPs within 10 miles). */
export const demoLandscaper = { email: "carlos.mendoza@demo.greenscape.local", zip: "28203" } as const;
/** The admin a demo server bootstraps (ADMIN_EMAIL and ADMIN_PASSWORD). */
export const demoAdmin = { email: "admin@e2e-demo.test", password: "e2e-admin-password" } as const;

/**
 * A demo server; a test file with a server of its own names it (`label`, its data folder and log) and adds
 * what it needs to the environment (`env`).
 */
export function startDemoServer(
  options: { label?: string; env?: Record<string, string> } = {},
): Promise<DemoServer> {
  return startAppServer({
    label: options.label ?? "e2e-demo",
    env: {
      SEED_DEMO: "true",
      ADMIN_EMAIL: demoAdmin.email,
      ADMIN_PASSWORD: demoAdmin.password,
      ...options.env,
    },
  });
}

/** How `browsing.as("landscaper", …)` signs Carlos, the demo landscaper, in on `server`. */
export function asDemoLandscaper(server: DemoServer, viewport?: SignInOptions["viewport"]): SignInOptions {
  return {
    baseURL: server.baseURL,
    ...(viewport ? { viewport } : {}),
    existing: { email: demoLandscaper.email, password: demoPassword },
  };
}
