import type { Role } from "../../shared/roles.js";
import type { DeclaredInput } from "./route-input.js";

/**
 * Who may call a route. Every /api route must declare one (default deny):
 * - "public": anyone, signed in or not;
 * - "signed-in": any signed-in user;
 * - a list of roles: a signed-in user holding at least one of them ("master" is a role
 *   the server grants from MASTER_EMAILS, never something the browser can claim).
 */
export type Access = "public" | "signed-in" | readonly (Role | "master")[];

declare module "fastify" {
  interface FastifyContextConfig {
    access?: Access;
    /** The schemas the handler parses its params, query and body with (see lib/route-input.ts). */
    input?: DeclaredInput;
    /**
     * "raw" for a route whose answer is not JSON (a file, a CSV, a ZIP, an event stream); every other /api
     * route declares its answer's zod schema in `schema: answers(...)` (see lib/answers.ts).
     */
    answer?: "raw";
  }
}
