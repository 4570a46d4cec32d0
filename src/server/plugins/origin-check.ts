import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { forbidden } from "../lib/errors.js";

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing requests sent by another site (CSRF): a browser always sends Origin on
 * cross-site POST/PUT/PATCH/DELETE, and it must be our own. Requests without Origin (curl, server
 * to server) carry no ambient cookies from another site, so they pass.
 */
export const originCheckPlugin = fp(async (app: FastifyInstance) => {
  const allowed = new Set([new URL(app.env.PUBLIC_URL).origin]);
  app.addHook("onRequest", async (request) => {
    if (safeMethods.has(request.method)) return;
    const origin = request.headers.origin;
    if (!origin) return;
    // The same host counts only with the scheme this request came in on (the trusted proxy's
    // X-Forwarded-Proto, else the socket's): http://host is another origin than https://host, and a page
    // served over plain http can be written by anyone on the network path.
    const host = request.headers.host;
    const sameHost = host && origin === `${request.protocol}://${host}`;
    if (!allowed.has(origin) && !sameHost) {
      throw forbidden("Cross-site requests are not allowed.");
    }
  });
});
