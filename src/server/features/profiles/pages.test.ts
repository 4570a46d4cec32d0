import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "../../app.js";
import { loadEnv } from "../../config/env.js";
import type { Database } from "../../db/client.js";
import { landscaper, review } from "../../db/schema.js";
import { ensureReferenceData } from "../../db/seed.js";
import { insertCustomer, insertJob, insertLandscaper } from "../../test/admin-fixtures.js";
import { openTestDatabase } from "../../test/test-database.js";
import { fillShell } from "./pages.js";

/** The prerendered files the pages are filled into, as the build writes them (only what the server reads). */
const page = (body: string, title = "Page | GreenScape Charlotte") =>
  `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>${title}</title></head><body>${body}<script>window.__ctx = 1;</script></body></html>`;

function writeClient(dir: string) {
  mkdirSync(path.join(dir, "professionals"), { recursive: true });
  mkdirSync(path.join(dir, "pros", "_shell"), { recursive: true });
  writeFileSync(path.join(dir, "index.html"), page("<main>Home</main>"));
  writeFileSync(path.join(dir, "__spa-fallback.html"), page("<p>Loading...</p>"));
  writeFileSync(
    path.join(dir, "professionals", "index.html"),
    page(
      '<main><h1>Find Professionals</h1><div id="pro-list" data-island="list"></div></main>',
      "Find Professionals | GreenScape Charlotte",
    ),
  );
  writeFileSync(
    path.join(dir, "pros", "_shell", "index.html"),
    page(
      '<main><div id="pro-page" data-island="profile"></div></main>',
      "Landscaper profile | GreenScape Charlotte",
    ),
  );
}

describe("profile pages as HTML, the sitemap and robots.txt", () => {
  let app: FastifyInstance;
  let database: Database;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "greenscape-pages-"));
    const client = path.join(dir, "client");
    writeClient(client);
    const env = loadEnv({
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      DATA_DIR: path.join(dir, "data"),
      SEED_DEMO: "false",
      OUTBOX_WORKER: "false",
      PAYMENTS_WORKER: "false",
      PUBLIC_URL: "https://greenscape.example",
      RATE_LIMIT_ALLOW_LIST: "127.0.0.1",
      SESSION_CACHE_MS: "0",
    });
    database = await openTestDatabase();
    await ensureReferenceData(database.db);
    app = await build({ env, database, clientDir: client, logger: false });
    await app.ready();

    const db = database.db;
    const olivia = await insertCustomer(db, { name: "Olivia Bennett" });
    const add = async (name: string, slug: string, set: Partial<typeof landscaper.$inferInsert> = {}) => {
      const account = await insertLandscaper(db, { fullName: name, status: "approved", zips: ["28203"] });
      await db
        .update(landscaper)
        .set({ slug, streetAddress: "77 Secret Garden Rd", coveredZipCodes: ["28203", "28209"], ...set })
        .where(eq(landscaper.userId, account.id));
      return account;
    };
    const carlos = await add("Carlos Mendoza", "queen-city-lawn-care", {
      businessName: "Queen City Lawn Care",
      description: "Family crew <since> 2012 & proud.",
    });
    await add("Hidden Harry", "hidden-harry", { profileHiddenAt: new Date() });
    await add("Pending Pat", "pending-pat", { status: "pending" });
    const done = await insertJob(db, {
      status: "completed",
      landscaperId: carlos.id,
      customerId: olivia.id,
      customerName: "Olivia Bennett",
    });
    await db.insert(review).values({
      jobId: done.id,
      landscaperId: carlos.id,
      customerId: olivia.id,
      authorName: "Olivia B.",
      quality: 5,
      punctuality: 4,
      communication: 5,
      body: "Edges like a ruler. </script><script>alert(1)</script>",
      submittedAt: new Date("2026-01-05T15:00:00Z"),
      visibleFrom: new Date("2026-01-05T15:00:00Z"),
    });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The JSON-LD and page data blocks of a page, parsed. */
  const blocks = (html: string) => {
    const ld = html.match(/<script type="application\/ld\+json">([^<]*)<\/script>/);
    const data = html.match(/<script type="application\/json" id="page-data">([^<]*)<\/script>/);
    return { ld: JSON.parse(ld?.[1] ?? "null"), data: JSON.parse(data?.[1] ?? "null") };
  };

  it("answers a profile as HTML with its content, title, description, canonical address and JSON-LD", async () => {
    const response = await app.inject({ url: "/pros/queen-city-lawn-care" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    const html = response.body;
    expect(html).toContain(
      "<title>Queen City Lawn Care: Landscaper in Charlotte, NC | GreenScape Charlotte</title>",
    );
    expect(html).toMatch(
      /<meta name="description" content="Queen City Lawn Care serving Dilworth, Montford\. Rated 5\.0 of 5 in 1 verified review\./,
    );
    expect(html).toContain(
      '<link rel="canonical" href="https://greenscape.example/pros/queen-city-lawn-care"/>',
    );
    // The content itself, before any script runs: the heading, the review, the Book link.
    expect(html).toMatch(/<h1[^>]*>Queen City Lawn Care<\/h1>/);
    expect(html).toContain("Family crew &lt;since&gt; 2012 &amp; proud.");
    expect(html).toContain("Olivia B.");
    expect(html).toContain('href="/instant-quote?pro=queen-city-lawn-care"');
    // No text of a review can close the script blocks.
    expect(html).not.toContain("<script>alert(1)</script>");
    const { ld, data } = blocks(html);
    expect(ld).toMatchObject({
      "@context": "https://schema.org",
      "@type": "LocalBusiness",
      name: "Queen City Lawn Care",
      url: "https://greenscape.example/pros/queen-city-lawn-care",
      aggregateRating: { "@type": "AggregateRating", ratingValue: 5, reviewCount: 1 },
      review: [{ "@type": "Review", author: { "@type": "Person", name: "Olivia B." } }],
    });
    expect(ld.review[0].reviewBody).toContain("</script><script>alert(1)</script>");
    expect(data.key).toBe("pros:queen-city-lawn-care");
    expect(data.data.profile.slug).toBe("queen-city-lawn-care");
    // Privacy: no street address, ZIP or customer's full name anywhere in the page.
    expect(html).not.toContain("Secret Garden");
    expect(html).not.toContain("Bennett");
    expect(html).not.toMatch(/\b28[0-9]{3}\b/);
  });

  it("moves React's image preload links out of the island into the head, so the browser hydrates it as sent", () => {
    const shell =
      '<html><head><title>x</title></head><body><div id="pro-page" data-island="profile"></div></body></html>';
    const html = fillShell(shell, {
      canonical: "https://example.test/pros/a",
      jsonLd: {},
      data: { key: "k", data: {} },
      island: {
        id: "pro-page",
        kind: "profile",
        html: '<link rel="preload" as="image" href="/api/pros/a/photo?v=1"/><h1>A</h1><img src="/api/pros/a/photo?v=1"/>',
      },
    });
    const [head, body] = html.split("</head>") as [string, string];
    expect(head).toContain('<link rel="preload" as="image" href="/api/pros/a/photo?v=1"/>');
    expect(body).toContain('<div id="pro-page" data-island="profile"><h1>A</h1><img');
    expect(body).not.toContain("<link");
  });

  it("keeps the Content-Security-Policy strict: the data blocks are not scripts that run", async () => {
    const response = await app.inject({ url: "/pros/queen-city-lawn-care" });
    const csp = String(response.headers["content-security-policy"]);
    const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src")) ?? "";
    expect(scriptSrc).not.toContain("unsafe-inline");
    // Every inline script in the page is either hashed (the build's own) or a data block a browser never runs.
    const inline = [...response.body.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((m) => m[1]!.trim());
    expect(inline.sort()).toEqual(
      ['type="application/json" id="page-data"', 'type="application/ld+json"', ""].sort(),
    );
  });

  it("answers 404 with the app's page for a hidden, unapproved, unknown or malformed profile", async () => {
    for (const slug of ["hidden-harry", "pending-pat", "nobody", "Bad_Slug"]) {
      const response = await app.inject({ url: `/pros/${slug}` });
      expect(response.statusCode, slug).toBe(404);
      expect(response.body).toContain("Loading...");
      expect(response.body).not.toContain("Harry");
    }
  });

  it("answers /professionals with the list in the HTML and an ItemList of LocalBusiness", async () => {
    const response = await app.inject({ url: "/professionals", headers: { "accept-encoding": "identity" } });
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain("<h1>Find Professionals</h1>");
    expect(html).toContain('href="/pros/queen-city-lawn-care"');
    expect(html).not.toContain("Hidden Harry");
    expect(html).not.toContain("Pending Pat");
    expect(html).toContain('<link rel="canonical" href="https://greenscape.example/professionals"/>');
    const { ld, data } = blocks(html);
    expect(ld).toMatchObject({
      "@type": "ItemList",
      numberOfItems: 1,
      itemListElement: [
        {
          "@type": "ListItem",
          position: 1,
          item: { "@type": "LocalBusiness", name: "Queen City Lawn Care" },
        },
      ],
    });
    expect(data.key).toBe("pros?");
    const searched = await app.inject({ url: "/professionals?neighbourhood=Ballantyne&service=lawn-mowing" });
    expect(searched.body).toContain("No approved pro serves Ballantyne for Lawn Mowing yet.");
    expect(searched.body).toContain(
      'href="https://greenscape.example/professionals?neighbourhood=Ballantyne&amp;service=lawn-mowing"',
    );
    // An unknown search value is no filter (the page is never an error).
    const odd = await app.inject({ url: "/professionals?neighbourhood=%3Cscript%3E" });
    expect(odd.statusCode).toBe(200);
    expect(odd.body).toContain('href="/pros/queen-city-lawn-care"');
  });

  it("compresses the HTML for a browser that takes brotli", async () => {
    const response = await app.inject({ url: "/professionals", headers: { "accept-encoding": "br, gzip" } });
    expect(response.headers["content-encoding"]).toBe("br");
  });

  it("lists the public pages and every visible profile in sitemap.xml, and names it in robots.txt", async () => {
    const sitemap = await app.inject({ url: "/sitemap.xml" });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers["content-type"]).toBe("application/xml; charset=utf-8");
    const locs = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toContain("https://greenscape.example/professionals");
    expect(locs).toContain("https://greenscape.example/pros/queen-city-lawn-care");
    expect(locs.filter((l) => l?.includes("/pros/"))).toEqual([
      "https://greenscape.example/pros/queen-city-lawn-care",
    ]);
    expect(sitemap.body).toMatch(
      /<loc>https:\/\/greenscape\.example\/pros\/queen-city-lawn-care<\/loc><lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/,
    );
    const robots = await app.inject({ url: "/robots.txt" });
    expect(robots.body).toContain("Sitemap: https://greenscape.example/sitemap.xml");
    expect(robots.body).toContain("Disallow: /api/");
  });
});
