import { beforeAll, describe, expect, it } from "vitest";
import type { AdminJobView, Page } from "../../../shared/admin.js";
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
    expect(page.items[3]).toMatchObject({
      statusGroup: "in_progress",
      totalCents: 9000,
      landscaperName: "Tasha Williams",
    });
    expect(page.items[1]).toMatchObject({
      statusGroup: "pending",
      totalCents: null,
      landscaperName: null,
      rating: null,
    });
  });

  it("filters by the admin status groups", async () => {
    expect(await clients("?status=completed")).toEqual(["Olivia Bennett"]);
    expect(await clients("?status=in_progress")).toEqual(["Priya Nguyen", "Marcus Carter"]);
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
});
