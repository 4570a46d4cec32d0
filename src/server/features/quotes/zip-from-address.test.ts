import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { job, outbox } from "../../db/schema.js";
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

  it("names the property with its ZIP once in both emails, however the ZIP was given", async () => {
    const cases = [
      { address: "271 Acceptance Ave, Charlotte, NC 28202", zipCode: "28202" },
      { address: "271 Acceptance Ave, Charlotte, NC", zipCode: "28202" },
    ];
    for (const typed of cases) {
      const response = await postQuote(t.app, validQuote(typed));
      expect(response.statusCode).toBe(200);
      const { quote } = response.json<{ quote: { number: number } }>();
      const mails = (await t.database.db.select().from(outbox)).filter((m) =>
        m.text.includes(`JOB-${quote.number}`),
      );
      expect(mails.map((m) => m.template).sort()).toEqual(["job_request", "quote_received"]);
      for (const mail of mails) {
        expect(mail.text).toContain("271 Acceptance Ave, Charlotte, NC 28202");
        expect(mail.text).not.toContain("28202 28202");
      }
    }
  });
});
