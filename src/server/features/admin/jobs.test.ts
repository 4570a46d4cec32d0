import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { AdminJobView, Page } from "../../../shared/admin.js";
import { job } from "../../db/schema.js";
import { signUpAs } from "../../test/accounts-helpers.js";
import { insertApprovedCrew, insertJob } from "../../test/admin-fixtures.js";
import { useTestApp } from "../../test/build-test-app.js";

describe("GET /api/admin/jobs", () => {
  let cookie: string;
  const numbers: Record<string, number> = {};

  const t = useTestApp();
  beforeAll(async () => {
    cookie = (await signUpAs(t.app, t.database, "admin")).cookie;
    const db = t.database.db;
    const { carlos, tasha } = await insertApprovedCrew(db);
    const at = (hour: number) => new Date(Date.UTC(2026, 2, 1, hour));
    const jobs = [
      {
        key: "olivia",
        customerName: "Olivia Bennett",
        status: "completed",
        landscaperId: carlos.id,
        finalPriceCents: 15000,
        tipCents: 2000,
        rating: 5,
        services: ["lawn-mowing", "leaf-removal"],
      },
      {
        key: "marcus",
        customerName: "Marcus Carter",
        status: "scheduled",
        landscaperId: tasha.id,
        quotedPriceCents: 9000,
        services: ["mulch-installation"],
      },
      {
        key: "priya",
        customerName: "Priya Nguyen",
        status: "accepted",
        landscaperId: carlos.id,
        quotedPriceCents: 6000,
        services: ["edging-trimming"],
      },
      {
        key: "james",
        customerName: "James Patel",
        status: "pending",
        services: ["seasonal-cleanup"],
        customerEmail: "james_p@example.com",
      },
      { key: "sofia", customerName: "Sofia 100% Robinson", status: "cancelled", services: ["lawn-mowing"] },
    ] as const;
    for (const [index, fixture] of jobs.entries()) {
      const { key, ...values } = fixture;
      const row = await insertJob(db, { ...values, services: [...values.services], createdAt: at(index) });
      numbers[key] = row.number;
    }
  });

  const list = async (query = "") => {
    const response = await t.app.inject({ url: `/api/admin/jobs${query}`, headers: { cookie } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Page<AdminJobView>;
  };
  const clients = async (query: string) => (await list(query)).items.map((job) => job.clientName);
  const search = (q: string) => clients(`?q=${encodeURIComponent(q)}`);

  it("lists jobs newest first as admin cards need them", async () => {
    const page = await list();
    expect(page.items.map((j) => j.clientName)).toEqual([
      "Sofia 100% Robinson",
      "James Patel",
      "Priya Nguyen",
      "Marcus Carter",
      "Olivia Bennett",
    ]);
    const olivia = page.items[4]!;
    expect(olivia).toMatchObject({
      number: numbers.olivia,
      landscaperName: "Queen City Lawn Care · Carlos Mendoza",
      services: ["Lawn Mowing", "Leaf Removal"],
      status: "completed",
      statusGroup: "completed",
      rating: 5,
      tipCents: 2000,
      totalCents: 15000,
    });
    // Booked, not under way: Scheduled, its price agreed and nothing charged.
    expect(page.items[3]).toMatchObject({
      status: "scheduled",
      statusGroup: "scheduled",
      totalCents: null,
      agreedCents: 9000,
      landscaperName: "Tasha Williams",
    });
    expect(page.items[2]).toMatchObject({ statusGroup: "in_progress", totalCents: 6000 });
    expect(page.items[1]).toMatchObject({
      statusGroup: "pending",
      totalCents: null,
      landscaperName: null,
      rating: null,
    });
  });

  it("filters by the admin status groups", async () => {
    expect(await clients("?status=completed")).toEqual(["Olivia Bennett"]);
    expect(await clients("?status=in_progress")).toEqual(["Priya Nguyen"]);
    expect(await clients("?status=scheduled")).toEqual(["Marcus Carter"]);
    expect(await clients("?status=pending")).toEqual(["James Patel"]);
    expect(await clients("?status=cancelled")).toEqual(["Sofia 100% Robinson"]);
    expect(await clients("?status=all")).toHaveLength(5);
    const bad = await t.app.inject({ url: "/api/admin/jobs?status=done", headers: { cookie } });
    expect(bad.statusCode).toBe(400);
  });

  it("searches client, landscaper, service type and job id", async () => {
    expect(await search("olivia")).toEqual(["Olivia Bennett"]);
    expect(await search("tasha")).toEqual(["Marcus Carter"]);
    expect(await search("queen city")).toEqual(["Priya Nguyen", "Olivia Bennett"]);
    expect(await search("Mulch Installation")).toEqual(["Marcus Carter"]);
    expect(await search("edging")).toEqual(["Priya Nguyen"]);
    expect(await search(`JOB-${numbers.james}`)).toEqual(["James Patel"]);
    expect(await search(`job${numbers.james}`)).toEqual(["James Patel"]);
    expect(await search(String(numbers.priya))).toEqual(["Priya Nguyen"]);
    expect(await clients(`?q=${encodeURIComponent("carlos")}&status=in_progress`)).toEqual(["Priya Nguyen"]);
  });

  it("treats %, _ and SQL in a search as plain text", async () => {
    expect(await search("100%")).toEqual(["Sofia 100% Robinson"]);
    expect(await search("%")).toEqual(["Sofia 100% Robinson"]);
    expect(await search("s_p")).toEqual(["James Patel"]);
    expect(await search("' or '1'='1")).toEqual([]);
    expect(await search("1; delete from job; --")).toEqual([]);
    expect(await clients("")).toHaveLength(5);
  });

  it("limits the dashboard card's list and pages with next and previous", async () => {
    const first = await list("?limit=2");
    expect(first.items.map((j) => j.clientName)).toEqual(["Sofia 100% Robinson", "James Patel"]);
    const second = await list(`?limit=2&cursor=${first.nextCursor}`);
    expect(second.items.map((j) => j.clientName)).toEqual(["Priya Nguyen", "Marcus Carter"]);
    const third = await list(`?limit=2&cursor=${second.nextCursor}`);
    expect(third.items.map((j) => j.clientName)).toEqual(["Olivia Bennett"]);
    expect(third.nextCursor).toBeNull();
    const back = await list(`?limit=2&cursor=${third.prevCursor}&dir=prev`);
    expect(back.items.map((j) => j.clientName)).toEqual(["Priya Nguyen", "Marcus Carter"]);
    expect(back.prevCursor).not.toBeNull();
    const tooMany = await t.app.inject({ url: "/api/admin/jobs?limit=500", headers: { cookie } });
    expect(tooMany.statusCode).toBe(400);
  });

  it("reads a booked visit as Scheduled with nothing charged until its landscaper sets off, on screen and in the CSV", async () => {
    const db = t.database.db;
    const { tasha } = await insertApprovedCrew(db);
    const visit = (customerName: string, day: number) =>
      insertJob(db, {
        customerName,
        status: "scheduled",
        landscaperId: tasha.id,
        quotedPriceCents: 4500,
        preferredDate: "2026-07-07",
        createdAt: new Date(Date.UTC(2026, 1, day)),
      });
    const later = await visit("Weekly Later", 2);
    const today = await visit("Weekly Today", 1);
    await db.update(job).set({ onTheWayAt: new Date() }).where(eq(job.id, today.id));

    const weekly = (await list("?q=weekly")).items;
    expect(weekly.map((j) => [j.clientName, j.statusGroup, j.totalCents, j.agreedCents])).toEqual([
      ["Weekly Later", "scheduled", null, 4500],
      ["Weekly Today", "in_progress", 4500, 4500],
    ]);
    expect(await clients("?q=weekly&status=scheduled")).toEqual(["Weekly Later"]);
    expect(await clients("?q=weekly&status=in_progress")).toEqual(["Weekly Today"]);

    const csv = await t.app.inject({ url: "/api/exports/jobs.csv?q=weekly", headers: { cookie } });
    expect(csv.statusCode, csv.body).toBe(200);
    const rows = csv.body.slice(1).split("\r\n").slice(1, 3);
    expect(rows[0]).toBe(
      // The last two columns (size tier, rate card version) are blank: these jobs were not firm-priced.
      `JOB-${later.number},Weekly Later,Tasha Williams,Lawn Mowing,2026-07-07,Scheduled,,0.00,,,,`,
    );
    expect(rows[1]).toBe(
      `JOB-${today.number},Weekly Today,Tasha Williams,Lawn Mowing,2026-07-07,In Progress,,0.00,45.00,,,`,
    );
  });
});
