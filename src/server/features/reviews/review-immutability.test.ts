import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { job, review } from "../../db/schema.js";
import { signUp } from "../../test/accounts-helpers.js";
import { useTestApp } from "../../test/build-test-app.js";
import { createLandscaper } from "../../test/landscaper-helpers.js";
import { completedVisit } from "../../test/review-helpers.js";

/**
 * The database itself keeps a review's words (migration 0032): not the app, not an admin with a SQL prompt
 * can change the stars, the text or a reply once given, or delete a review while its visit and landscaper
 * exist. Removal is a reason written beside it; the row goes only with its visit or the landscaper's account.
 */
describe("a review's words are fixed in the database", () => {
  const t = useTestApp();

  async function aReview() {
    const customer = await signUp(t.app, { role: "customer", name: "Olivia Bennett" });
    const pro = await createLandscaper(t, { status: "approved" });
    const jobId = await completedVisit(t.database.db, {
      customer,
      landscaperId: pro.id,
      completedAt: new Date(),
    });
    const [row] = await t.database.db
      .insert(review)
      .values({
        jobId,
        landscaperId: pro.id,
        customerId: customer.id,
        authorName: "Olivia B.",
        quality: 2,
        punctuality: 1,
        communication: 3,
        body: "Late and left clippings on the drive.",
        submittedAt: new Date(),
        visibleFrom: new Date(),
      })
      .returning();
    return { row: row!, jobId };
  }

  const refused = async (run: () => Promise<unknown>, words: RegExp) => {
    const error = await run().then(
      () => null,
      (e: unknown) => e,
    );
    expect(error, "the statement should be refused").not.toBeNull();
    const text = `${(error as Error).message} ${String((error as { cause?: Error }).cause?.message ?? "")}`;
    expect(text).toMatch(words);
  };

  it("refuses to change the stars, the text or the author, to delete it, or to change a reply once given", async () => {
    const { db } = t.database;
    const { row, jobId } = await aReview();
    await refused(() => db.update(review).set({ quality: 5 }).where(eq(review.id, row.id)), /never edited/);
    await refused(
      () => db.update(review).set({ body: "Great!" }).where(eq(review.id, row.id)),
      /never edited/,
    );
    await refused(
      () => db.execute(sql`update review set author_name = 'A. Fan' where id = ${row.id}`),
      /never edited/,
    );
    await refused(() => db.delete(review).where(eq(review.id, row.id)), /never deleted/);

    // A reply is written once; removal writes a reason beside the words, which stay.
    await db
      .update(review)
      .set({ reply: "Sorry, fixed on the next visit.", repliedAt: new Date() })
      .where(eq(review.id, row.id));
    await refused(
      () => db.update(review).set({ reply: "Edited" }).where(eq(review.id, row.id)),
      /reply is never edited/,
    );
    await db
      .update(review)
      .set({ removedReason: "Names a neighbour", removedAt: new Date() })
      .where(eq(review.id, row.id));
    const [kept] = await db.select().from(review).where(eq(review.id, row.id));
    expect(kept).toMatchObject({
      quality: 2,
      body: "Late and left clippings on the drive.",
      removedReason: "Names a neighbour",
    });

    // It goes with its visit (the foreign key's cascade), and only then.
    await db.delete(job).where(eq(job.id, jobId));
    expect(await db.select().from(review).where(eq(review.id, row.id))).toEqual([]);
  });
});
