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

export function startDemoServer(): Promise<DemoServer> {
  return startAppServer({
    label: "e2e-demo",
    env: { SEED_DEMO: "true", ADMIN_EMAIL: "admin@e2e-demo.test", ADMIN_PASSWORD: "e2e-admin-password" },
  });
}
