import type { Config } from "@react-router/dev/config";
import { PROFILE_SHELL_PATH, prerenderedPaths } from "./src/shared/site.js";

export default {
  appDirectory: "src/client",
  buildDirectory: "build",
  // The server is Fastify; React Router builds a client-only SPA and prerenders the public pages.
  ssr: false,
  prerender: [...prerenderedPaths, PROFILE_SHELL_PATH],
} satisfies Config;
