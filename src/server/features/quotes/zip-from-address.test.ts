import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { job } from "../../db/schema.js";
import { useTestApp } from "../../test/build-test-app.js";
import { postQuote, validQuote } from "../../test/quote-helpers.js";

describe("a quote whose address ends with its ZIP", () => {
  const t = useTestApp();

  it("is accepted without the ZIP field and matched by that ZIP", async () => {
    const response = await postQuote(
      t.app,
      validQuote({ address: "1 Trade St, Charlotte, NC 28202", zipCode: "" }),
    );
    expect(response.statusCode).toBe(200);
    const { quote } = response.json<{ quote: { id: string } }>();
    const [stored] = await t.database.db.select().from(job).where(eq(job.id, quote.id));
    expect(stored?.zipCode).toBe("28202");
  });

  it("still asks for the ZIP when the address has none, and stores nothing", async () => {
    const before = await t.database.db.select().from(job);
    const response = await postQuote(
      t.app,
      validQuote({ address: "1 Trade St, Charlotte, NC", zipCode: "" }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.zipCode).toBe("ZIP code is required.");
    expect(await t.database.db.select().from(job)).toHaveLength(before.length);
  });
});
