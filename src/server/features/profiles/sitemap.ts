import type { FastifyInstance } from "fastify";
import { profilePath } from "../../../shared/profiles.js";
import type { DbOrTx } from "../../db/client.js";
import { reviewsChangedAt } from "./figures.js";
import { visibleLandscapers } from "./visible.js";

/** The public pages a search engine should read (aliases, sign-in screens and the thank-you page left out). */
export const sitemapPages = [
  "/",
  "/about",
  "/services",
  "/professionals",
  "/instant-quote",
  "/troubleshooting",
  "/terms-of-service",
  "/privacy-policy",
  "/refund-policy",
] as const;

const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * sitemap.xml: the public pages (lastmod: when they were built) and every visible profile (lastmod: the later
 * of the profile's last change and its reviews' last change). A hidden, unapproved or banned pro is not in it.
 */
export async function sitemapXml(options: {
  db: DbOrTx;
  publicUrl: string;
  builtAt?: Date;
  now?: Date;
}): Promise<string> {
  const now = options.now ?? new Date();
  const pros = await visibleLandscapers(options.db);
  const changed = await reviewsChangedAt(
    options.db,
    pros.map((p) => p.id),
    now,
  );
  const entry = (loc: string, lastmod?: Date) =>
    `<url><loc>${escapeXml(`${options.publicUrl}${loc}`)}</loc>${
      lastmod ? `<lastmod>${lastmod.toISOString().slice(0, 10)}</lastmod>` : ""
    }</url>`;
  const urls = [
    ...sitemapPages.map((page) => entry(page, options.builtAt)),
    ...pros
      .sort((a, b) => (a.slug < b.slug ? -1 : 1))
      .map((pro) => {
        const reviews = changed.get(pro.id);
        return entry(profilePath(pro.slug), reviews && reviews > pro.updatedAt ? reviews : pro.updatedAt);
      }),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

/** robots.txt: the private areas closed, and where the sitemap is (an absolute address, as the format asks). */
export function robotsTxt(publicUrl: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /api/",
    "Disallow: /admin",
    "Disallow: /dashboard",
    "Disallow: /customer-dashboard",
    "Disallow: /landscaper-dashboard",
    "",
    `Sitemap: ${publicUrl}/sitemap.xml`,
    "",
  ].join("\n");
}

/** GET /sitemap.xml and /robots.txt (outside /api: where crawlers look for them). */
export async function seoFileRoutes(app: FastifyInstance, options: { builtAt?: Date }) {
  app.get("/sitemap.xml", async (_request, reply) => {
    reply.type("application/xml; charset=utf-8").header("cache-control", "public, max-age=3600");
    return sitemapXml({ db: app.database.db, publicUrl: app.env.PUBLIC_URL, builtAt: options.builtAt });
  });
  app.get("/robots.txt", async (_request, reply) => {
    reply.type("text/plain; charset=utf-8").header("cache-control", "public, max-age=3600");
    return robotsTxt(app.env.PUBLIC_URL);
  });
}
