import { eq, getTableColumns, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useTestApp } from "../test/build-test-app.js";
import { builtOnce, placeholders } from "./built-once.js";
import { rowsOf } from "./client.js";
import { job } from "./schema.js";

const keys = [
  "zipCode",
  "preferredDate",
  "customerName",
  "address",
  "customerEmail",
  "serviceType",
  "customerPhone",
  "selectedServices",
  "estimateLowCents",
  "estimateHighCents",
  "priceLines",
  "additionalNotes",
] as const;
type Values = Required<Pick<typeof job.$inferInsert, (typeof keys)[number]>>;

const insert = builtOnce<typeof job.$inferSelect, Values>(
  (db) => db.insert(job).values(placeholders(keys)).returning(),
  getTableColumns(job),
);

const request = (name: string, over: Partial<Values> = {}): Values => ({
  customerName: name,
  customerEmail: `${name.toLowerCase()}@example.com`,
  customerPhone: "(704) 555-0199",
  address: "415 Hawthorne Ln",
  zipCode: "28202",
  selectedServices: ["lawn-mowing", "hedge-trimming"],
  serviceType: "Lawn Mowing, Hedge Trimming",
  preferredDate: "2026-12-10",
  estimateLowCents: 4200,
  estimateHighCents: 4200,
  priceLines: null,
  additionalNotes: null,
  ...over,
});

/**
 * A statement built once and run with new values (the quote POST's inserts, issue 34): each run writes its
 * own values, on a transaction as on the pool, NULL stays SQL NULL (where Drizzle's own filling would store
 * the JSON `null` in a jsonb column), and the rows come back mapped as the builder maps them.
 */
describe("builtOnce", () => {
  const t = useTestApp({}, 60_000);

  it("writes each run's own values and answers mapped rows, in a transaction or not", async () => {
    const [first] = await insert.run(t.database.db, request("Ada"));
    const second = await t.database.db.transaction(async (tx) =>
      insert.run(tx, request("Bo", { priceLines: { lines: [], firstVisitSurcharge: null } })),
    );
    expect(first!.customerName).toBe("Ada");
    expect(first!.selectedServices).toEqual(["lawn-mowing", "hedge-trimming"]);
    expect(first!.status).toBe("pending");
    expect(typeof first!.createdAt).toBe(typeof second[0]!.createdAt);
    expect(second[0]!.customerName).toBe("Bo");
    expect(second[0]!.priceLines).toEqual({ lines: [], firstVisitSurcharge: null });
    expect(second[0]!.number).toBeGreaterThan(first!.number);

    const stored = rowsOf<{ name: string; lines_null: boolean; notes_null: boolean }>(
      await t.database.db.execute(sql`
        select customer_name as name, price_lines is null as lines_null, additional_notes is null as notes_null
        from job where id in (${first!.id}, ${second[0]!.id}) order by number`),
    );
    expect(stored).toEqual([
      { name: "Ada", lines_null: true, notes_null: true },
      { name: "Bo", lines_null: false, notes_null: true },
    ]);
  });

  it("refuses a run that leaves a value out, and writes nothing", async () => {
    const { customerName: _left, ...partial } = request("Cy");
    await expect(insert.run(t.database.db, partial as Values)).rejects.toThrow(
      'No value for placeholder "customerName".',
    );
    const found = await t.database.db.select().from(job).where(eq(job.customerEmail, "cy@example.com"));
    expect(found).toEqual([]);
  });
});
