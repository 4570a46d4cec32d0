import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, gzipSync, constants as zlib } from "node:zlib";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { ProListView } from "../../../client/features/profiles/views/pro-list-view.js";
import { ProfileView } from "../../../client/features/profiles/views/profile-view.js";
import { PAGE_DATA_ID, pageDataKey, scriptSafeJson } from "../../../shared/page-data.js";
import {
  type ProSearch,
  profileDescription,
  profilePath,
  profileTitle,
  proSearchSchema,
  slugPattern,
} from "../../../shared/profiles.js";
import { PROFILE_SHELL_PATH } from "../../../shared/site.js";
import { AppError } from "../../lib/errors.js";
import { listPros, proProfile } from "./reads.js";
import { listStructuredData, profileStructuredData } from "./structured-data.js";

/*
 * /pros/:slug and /professionals answer as HTML that already holds their content, title, description,
 * canonical address and JSON-LD (docs/decisions/024-public-profile-pages.md). The layout around the content is
 * the prerendered page (or, for profiles, the prerendered shell); the content is the same React view the
 * browser renders, drawn here with the data it is drawn from, which goes into the page as a JSON data block so
 * the browser's first render matches and React hydrates it without a flash.
 */

export interface PageShells {
  /** The prerendered /pros/_shell page: the layout with an empty profile island. */
  profile: string;
  /** The prerendered /professionals page: its static content with an empty list island. */
  list: string;
  /** The SPA fallback, answered with a 404 for a profile that is not public. */
  fallback: string;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Reads the shells from the built client; undefined when the build has none (the API-only test app). */
export function loadPageShells(root: string, fallbackFile: string): PageShells | undefined {
  const profile = path.join(root, PROFILE_SHELL_PATH.slice(1), "index.html");
  const list = path.join(root, "professionals", "index.html");
  if (!existsSync(profile) || !existsSync(list)) return undefined;
  return {
    profile: readFileSync(profile, "utf8"),
    list: readFileSync(list, "utf8"),
    fallback: readFileSync(path.join(root, fallbackFile), "utf8"),
  };
}

/** When the prerendered pages were built: the sitemap's lastmod of the static pages. */
export function builtAt(root: string): Date | undefined {
  const file = path.join(root, "index.html");
  return existsSync(file) ? statSync(file).mtime : undefined;
}

interface Fill {
  title?: string;
  description?: string;
  canonical: string;
  jsonLd: unknown;
  data: { key: string; data: unknown };
  island: { id: string; kind: string; html: string };
}

/** The shell with the page's head tags and its island's HTML written in. */
export function fillShell(shell: string, fill: Fill): string {
  let html = shell;
  if (fill.title !== undefined)
    html = html.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(fill.title)}</title>`);
  if (fill.description !== undefined) {
    const tag = `<meta name="description" content="${escapeHtml(fill.description)}"/>`;
    html = /<meta name="description" content="[^"]*"\/>/.test(html)
      ? html.replace(/<meta name="description" content="[^"]*"\/>/, tag)
      : html.replace("</title>", `</title>${tag}`);
  }
  // React's server renderer writes a preload link for each image ahead of the markup. Left in the island they
  // are nodes the browser's first render does not have (hydration error #418, a re-render); in the head they
  // start the photos' downloads early.
  const hints: string[] = [];
  const island = fill.island.html.replace(/<link rel="preload"[^>]*\/>/g, (tag) => {
    hints.push(tag);
    return "";
  });
  // After React's own head tags: React leaves tags it did not render where they are when it hydrates.
  const head = [
    ...hints,
    `<link rel="canonical" href="${escapeHtml(fill.canonical)}"/>`,
    `<meta property="og:url" content="${escapeHtml(fill.canonical)}"/>`,
    `<script type="application/ld+json">${scriptSafeJson(fill.jsonLd)}</script>`,
    `<script type="application/json" id="${PAGE_DATA_ID}">${scriptSafeJson(fill.data)}</script>`,
  ].join("");
  html = html.replace("</head>", `${head}</head>`);
  const empty = `<div id="${fill.island.id}" data-island="${fill.island.kind}"></div>`;
  if (!html.includes(empty)) throw new Error(`The page has no empty ${fill.island.kind} island.`);
  return html.replace(empty, `<div id="${fill.island.id}" data-island="${fill.island.kind}">${island}</div>`);
}

/** HTML, compressed as the browser takes it (the prerendered files are compressed at build). */
function sendHtml(request: FastifyRequest, reply: FastifyReply, html: string, status = 200) {
  reply
    .code(status)
    .type("text/html; charset=utf-8")
    .header("cache-control", "no-cache")
    .header("vary", "accept-encoding");
  const accepts = String(request.headers["accept-encoding"] ?? "");
  if (/\bbr\b/.test(accepts)) {
    reply.header("content-encoding", "br");
    return reply.send(brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }));
  }
  if (/\bgzip\b/.test(accepts)) {
    reply.header("content-encoding", "gzip");
    return reply.send(gzipSync(html, { level: 6 }));
  }
  return reply.send(html);
}

export const PROFILE_ISLAND = { id: "pro-page", kind: "profile" } as const;
export const LIST_ISLAND = { id: "pro-list", kind: "list" } as const;

/** The search of a /professionals address (an unknown value searches for everything) and its canonical query. */
function searchOf(query: unknown): { search: ProSearch; query: string } {
  const parsed = proSearchSchema.safeParse(query ?? {});
  const search = parsed.success ? parsed.data : {};
  const params = new URLSearchParams();
  if (search.neighbourhood) params.set("neighbourhood", search.neighbourhood);
  if (search.service) params.set("service", search.service);
  return { search, query: params.toString() };
}

export async function profilePages(app: FastifyInstance, shells: PageShells) {
  const publicUrl = app.env.PUBLIC_URL;

  app.get<{ Params: { slug: string } }>("/pros/:slug", async (request, reply) => {
    const slug = request.params.slug;
    if (slug.length > 80 || !slugPattern.test(slug)) return sendHtml(request, reply, shells.fallback, 404);
    try {
      const profile = await proProfile({ db: app.database.db, slug });
      const html = fillShell(shells.profile, {
        title: profileTitle(profile),
        description: profileDescription(profile),
        canonical: `${publicUrl}${profilePath(slug)}`,
        jsonLd: profileStructuredData(profile, publicUrl),
        data: { key: pageDataKey("profile", slug), data: { profile } },
        island: { ...PROFILE_ISLAND, html: renderToString(createElement(ProfileView, { profile })) },
      });
      return sendHtml(request, reply, html);
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 404)
        return sendHtml(request, reply, shells.fallback, 404);
      throw error;
    }
  });

  app.get("/professionals", async (request, reply) => {
    const { search, query } = searchOf(request.query);
    const { pros, total } = await listPros({ db: app.database.db, search });
    const pageUrl = `${publicUrl}/professionals${query ? `?${query}` : ""}`;
    const html = fillShell(shells.list, {
      canonical: pageUrl,
      jsonLd: listStructuredData(pros, publicUrl, pageUrl),
      data: { key: pageDataKey("list", query), data: { pros, total } },
      island: { ...LIST_ISLAND, html: renderToString(createElement(ProListView, { pros, total, search })) },
    });
    return sendHtml(request, reply, html);
  });
}
