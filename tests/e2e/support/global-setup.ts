import type { TestProject } from "vitest/node";
import { startAppServer } from "./server-process";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    dataDir: string;
  }
}

/** Starts the real server (built SPA, fresh embedded database) once for all browser tests. */
export default async function setup(project: TestProject) {
  const server = await startAppServer({
    label: "e2e",
    env: {
      SEED_DEMO: "false",
      ADMIN_EMAIL: "admin@e2e.test",
      ADMIN_PASSWORD: "e2e-admin-password",
      // Every browser test signs in from 127.0.0.1: per-address limits would trip across files.
      SIGNIN_FAILURES_PER_IP: "10000",
      RESET_REQUESTS_PER_IP: "10000",
      // The browser tests stub the push service at push.example.test, a name with no DNS here.
      PUSH_ENDPOINT_HOSTS: "push.example.test",
      PUSH_ALLOW_PRIVATE_ADDRESSES: "true",
    },
  });
  const { baseURL, dataDir } = server;
  project.provide("baseURL", baseURL);
  project.provide("dataDir", dataDir);

  return () => server.stop();
}
