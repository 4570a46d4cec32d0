import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { getPrincipal, type Principal } from "../features/accounts/principal.js";
import type { Access } from "../lib/access.js";
import { AppError, forbidden, unauthorized } from "../lib/errors.js";
import type { DeclaredInput } from "../lib/route-input.js";

/** The code of a refusal by the route's declared roles (a service's own refusals use other codes). */
export const ROLE_NOT_ALLOWED = "role_not_allowed";

export interface RegisteredRoute {
  method: string;
  url: string;
  access: Access;
  /** The schemas the handler parses with; absent when the route reads no params, query or body. */
  input?: DeclaredInput;
  /** The largest body the route accepts, in bytes (the route's own bodyLimit, else the server's). */
  bodyLimit: number;
  /** How the route's successful answer is checked: its zod schema, or "raw" (a file, a stream). */
  answer: "schema" | "raw";
}

declare module "fastify" {
  interface FastifyInstance {
    /** Every /api route with its declared access and input: the authorization and fuzz tests walk this table. */
    routeTable: RegisteredRoute[];
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

/** The signed-in principal of a route whose access rule guarantees one. */
export function requirePrincipal(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized();
  return request.principal;
}

/**
 * Default deny: every route under /api declares who may call it (config.access), a route that does not
 * is refused at start, and the rule is checked here before the body is even parsed.
 */
export const accessPlugin = fp(async (app: FastifyInstance) => {
  app.decorate("routeTable", [] as RegisteredRoute[]);
  app.decorateRequest("principal", null);

  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith("/api")) return;
    const config = route.config as { access?: Access; input?: DeclaredInput; answer?: "raw" } | undefined;
    const access = config?.access;
    if (access === undefined) {
      throw new Error(`Route ${route.method} ${route.url} declares no access rule (config.access).`);
    }
    const input = config?.input;
    // An answer without a schema would reach screens that trust the shared types unchecked.
    const answer = config?.answer === "raw" ? "raw" : route.schema?.response ? "schema" : undefined;
    if (answer === undefined) {
      throw new Error(`Route ${route.method} ${route.url} declares no answer schema (schema: answers(...)).`);
    }
    // A path parameter reaches a service as a raw string unless the route declares how it is checked.
    if (route.url.includes("/:") && !input?.schemas.params) {
      throw new Error(`Route ${route.method} ${route.url} declares no schema for its path (config.input).`);
    }
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === "HEAD") continue;
      app.routeTable.push({
        method,
        url: route.url,
        access,
        bodyLimit: route.bodyLimit ?? app.initialConfig.bodyLimit ?? 1024 * 1024,
        answer,
        ...(input ? { input } : {}),
      });
    }
  });

  app.addHook("onRequest", async (request) => {
    const access = request.routeOptions.config?.access;
    if (!request.routeOptions.url?.startsWith("/api")) return;
    if (access === undefined) throw forbidden();
    if (access === "public") {
      return;
    }
    const principal = await getPrincipal(app, request);
    if (!principal) throw unauthorized();
    request.principal = principal;
    if (access === "signed-in") return;
    if (!access.some((grant) => principal.grants.has(grant))) {
      throw new AppError(403, ROLE_NOT_ALLOWED, "You don't have permission to do that.");
    }
  });
});
