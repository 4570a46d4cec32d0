import { rmSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../src/server/db/client";
import { wcagAxe } from "./support/a11y";
import { desktop, screenshot } from "./support/browser";
import { demoAdmin } from "./support/demo-server";
import { useBrowser } from "./support/fixtures";
import { type AppServer, startAppServer } from "./support/server-process";

/**
 * Pro profiles (issue 36) in the browser: a visitor on a phone searches the list by neighbourhood, opens a
 * profile served as HTML, reads its verified review and books the pro; React hydrates the server's HTML without
 * an error. The demo seeds profiles and reviews; one more released review, the newest, is written here to the
 * stopped server's database so the test knows the first review's words.
 */
const phone = { width: 390, height: 844 };
const env = { SEED_DEMO: "true", ADMIN_EMAIL: demoAdmin.email, ADMIN_PASSWORD: demoAdmin.password };

async function prepareDemoProfiles(dataDir: string) {
  const database = await openDatabase({ dataDir: path.join(dataDir, "pglite") });
  try {
    await database.db.execute(sql`
      update landscaper set slug = trim(both '-' from regexp_replace(lower(coalesce(business_name, full_name)), '[^a-z0-9]+', '-', 'g'))
      where slug is null`);
    await database.db.execute(sql`
      update landscaper set insurance_expires_on = current_date + 200, description = 'Family crew serving south Charlotte since 2012.'
      where slug = 'queen-city-lawn-care'`);
    // A released review of one of Carlos's jobs (any will do: the review's own columns are what the page reads).
    await database.db.execute(sql`
      insert into review (job_id, landscaper_id, customer_id, author_name, quality, punctuality, communication, body,
        submitted_at, visible_from, reply, replied_at)
      select j.id, l.user_id, j.customer_id, 'Olivia B.', 5, 5, 4, 'Crisp edges and they texted before arriving.',
        now() - interval '2 minutes', now() - interval '2 minutes', 'Thank you, Olivia!', now() - interval '1 minute'
      from landscaper l join job j on j.landscaper_id = l.user_id
      where l.slug = 'queen-city-lawn-care' and not exists (select 1 from review r where r.job_id = j.id)
      order by j.created_at limit 1`);
  } finally {
    await database.close();
  }
}

/** Errors the page logs: a hydration mismatch or a CSP refusal would show here. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  return errors;
}

describe("pro profiles", () => {
  const browsing = useBrowser();
  let server: AppServer;

  beforeAll(async () => {
    const seeded = await startAppServer({ label: "e2e-profiles", env, keepData: true });
    await seeded.stop();
    await prepareDemoProfiles(seeded.dataDir);
    server = await startAppServer({ label: "e2e-profiles", env, dataDir: seeded.dataDir, keepData: true });
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
    if (server) rmSync(server.dataDir, { recursive: true, force: true });
  });

  it("a visitor on a phone finds a pro by neighbourhood, reads a verified review and starts a booking", async () => {
    const { page } = await browsing.open(phone, server.baseURL);
    const errors = watchErrors(page);
    const response = await page.goto(`${server.baseURL}/professionals`);
    // The list is in the HTML before any script runs.
    expect(await response!.text()).toContain('href="/pros/queen-city-lawn-care"');
    await page.waitForLoadState("networkidle");
    await page.getByLabel("Neighborhood").selectOption("Dilworth");
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL(/neighbourhood=Dilworth/);
    await expect.poll(() => page.getByRole("status").filter({ hasText: "serving Dilworth" }).count()).toBe(1);
    const cards = page.getByTestId("pro-card");
    expect(await cards.count()).toBeGreaterThan(0);
    await page.getByRole("link", { name: "Queen City Lawn Care" }).click();
    await page.waitForURL(/\/pros\/queen-city-lawn-care$/);
    await page.waitForLoadState("networkidle");

    expect(await page.title()).toBe(
      "Queen City Lawn Care: Landscaper in Charlotte, NC | GreenScape Charlotte",
    );
    await expect
      .poll(() => page.getByRole("heading", { level: 1, name: "Queen City Lawn Care" }).count())
      .toBe(1);
    const review = page.getByTestId("review").first();
    expect(await review.textContent()).toContain("Crisp edges and they texted before arriving.");
    expect(await review.textContent()).toContain("Reply from Queen City Lawn Care");
    expect(await page.getByText(/Insured: certificate valid until/).count()).toBe(1);
    expect(await page.getByText("ID checked by our team").count()).toBe(1);
    // The structured data is in the page and parses.
    const ld = await page.evaluate(
      () => document.querySelector('script[type="application/ld+json"]')?.textContent ?? "",
    );
    // As many reviews as the profile counts (the demo's, and the newest written above).
    const api = await page.request.get(`${server.baseURL}/api/pros/queen-city-lawn-care`);
    const count = (await api.json()).profile.rating.count as number;
    expect(count).toBeGreaterThan(1);
    expect(JSON.parse(ld)).toMatchObject({
      "@type": "LocalBusiness",
      aggregateRating: { reviewCount: count },
    });
    // The Report form opens after hydration (React owns the server's HTML).
    await review.getByRole("button", { name: /Report review by Olivia B\./ }).click();
    expect(await page.getByLabel(/What is wrong with this review\?/).count()).toBe(1);
    await screenshot(page, "pro-profile-390");

    await page.getByRole("link", { name: "Book Queen City Lawn Care" }).click();
    await page.waitForURL(/\/instant-quote\?pro=queen-city-lawn-care$/);
    await expect
      .poll(() => page.getByRole("status").filter({ hasText: "Booking Queen City Lawn Care" }).count())
      .toBe(1);
    expect(errors).toEqual([]);
  });

  for (const [label, viewport] of [
    ["390", phone],
    ["1280", desktop],
  ] as const) {
    it(`passes axe on the profile and the list at ${label} px`, async () => {
      const { page } = await browsing.open(viewport, server.baseURL);
      const errors = watchErrors(page);
      for (const url of ["/professionals", "/pros/queen-city-lawn-care"]) {
        await page.goto(`${server.baseURL}${url}`);
        await page.waitForLoadState("networkidle");
        const results = await wcagAxe(page).analyze();
        expect(
          results.violations.map((v) => `${url}: ${v.id} ${v.nodes.map((n) => n.target).join(" ")}`),
        ).toEqual([]);
      }
      expect(errors).toEqual([]);
    });
  }
});
