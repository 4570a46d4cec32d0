import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";
import fp from "fastify-plugin";
import { withoutTrailingSlashes } from "../../shared/paths.js";

export interface SpaAssets {
  root: string;
  /** sha256 sources of every inline script in the built HTML, for the Content-Security-Policy. */
  scriptHashes: string[];
  fallbackFile: string;
}

function htmlFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) {
      if (entry !== "assets") out.push(...htmlFiles(full));
    } else if (entry.endsWith(".html")) out.push(full);
  }
  return out;
}

/** Reads the built client once at start: which file is the fallback and which inline scripts it carries. */
export function loadSpaAssets(root: string): SpaAssets | undefined {
  if (!existsSync(root)) return undefined;
  const hashes = new Set<string>();
  for (const file of htmlFiles(root)) {
    const html = readFileSync(file, "utf8");
    for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
      const body = match[1] ?? "";
      if (!body.trim()) continue;
      hashes.add(`'sha256-${createHash("sha256").update(body).digest("base64")}'`);
    }
  }
  const fallbackFile = existsSync(path.join(root, "__spa-fallback.html"))
    ? "__spa-fallback.html"
    : "index.html";
  return { root, scriptHashes: [...hashes], fallbackFile };
}

/**
 * Serves the built single-page app: prerendered pages as HTML files, hashed assets with a long cache,
 * and every other non-API path through the SPA fallback so client routes survive a reload.
 */
export const spaPlugin = fp<{ assets: SpaAssets }>(async (app: FastifyInstance, { assets }) => {
  await app.register(fastifyStatic, {
    root: assets.root,
    wildcard: false,
    index: ["index.html"],
    redirect: false,
    // The .br and .gz files written by `npm run build` (scripts/compress-build.mjs), when the browser takes them.
    preCompressed: true,
    setHeaders(reply: FastifyReply, filePath: string) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        reply.header("cache-control", "public, max-age=31536000, immutable");
      } else {
        reply.header("cache-control", "no-cache");
      }
    },
  });

  const prerendered = new Set(
    htmlFiles(assets.root)
      .map((file) => path.relative(assets.root, file).split(path.sep).join("/"))
      .filter((rel) => rel.endsWith("/index.html") || rel === "index.html")
      .map((rel) => `/${rel.replace(/index\.html$/, "")}`.replace(/\/$/, "") || "/"),
  );

  app.decorate("sendSpa", (urlPath: string, reply: FastifyReply) => {
    const clean = withoutTrailingSlashes(urlPath);
    if (prerendered.has(clean)) {
      const file = clean === "/" ? "index.html" : `${clean.slice(1)}/index.html`;
      return reply.type("text/html; charset=utf-8").sendFile(file);
    }
    return reply.type("text/html; charset=utf-8").sendFile(assets.fallbackFile);
  });
});

declare module "fastify" {
  interface FastifyInstance {
    sendSpa?: (urlPath: string, reply: FastifyReply) => FastifyReply;
  }
}
