import { Readable } from "node:stream";
import type { FastifyInstance } from "fastify";
import {
  type StatementQuery,
  statementAnswerSchema,
  statementCsvColumns,
  statementCsvName,
  statementQuerySchema,
} from "../../../shared/earnings-statement.js";
import { jobLabel, serviceName } from "../../../shared/services.js";
import type { DbOrTx } from "../../db/client.js";
import { answers, type ZodAnswers } from "../../lib/answers.js";
import { policies } from "../../lib/rate-limit/policies.js";
import { defineInput } from "../../lib/route-input.js";
import { requirePrincipal } from "../../plugins/access.js";
import { paidPayouts, statementOf, statementRows } from "./statement.js";

const statementInput = defineInput({ query: statementQuerySchema });

/** The tab lists this many rows of a period; the CSV has every one. */
const SCREEN_ROWS = 200;
/** The CSV reads this many payouts at a time (a year is 52), each page's visits in one query. */
const CSV_PAYOUT_PAGE = 13;

const dollars = (cents: number) => (cents / 100).toFixed(2);

/** RFC 4180: only the services cell can hold a comma (our own service names, never typed text). */
const field = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
const line = (values: readonly string[]) => `${values.map(field).join(",")}\r\n`;

/**
 * The period's paid payouts, a page at a time by keyset, and each page's visits: every row a visit's amounts
 * that went into one payout, so the net column adds up to the payouts paid in the period to the cent.
 */
async function* csvLines(db: DbOrTx, userId: string, query: StatementQuery) {
  yield `\ufeff${line(statementCsvColumns)}`;
  let after: string | null = null;
  for (;;) {
    const payouts = await paidPayouts(db, { userId, query, after, limit: CSV_PAYOUT_PAGE });
    if (payouts.length === 0) return;
    const byId = new Map(payouts.map((p) => [p.id, p]));
    // A week's visits are bounded by a landscaper's capacity; the limit only guards against a runaway query.
    const rows = await statementRows(db, {
      userId,
      payoutIds: payouts.map((p) => p.id),
      unpaid: false,
      limit: 100_000,
    });
    let chunk = "";
    for (const row of rows) {
      const payout = byId.get(row.payoutId ?? "");
      chunk += line([
        payout?.paidOn ?? "",
        payout?.runDate ?? "",
        row.payoutId ?? "",
        row.jobNumber === null ? "" : jobLabel(row.jobNumber),
        row.visitDate ?? "",
        row.services.map(serviceName).join("; "),
        dollars(row.priceCents),
        dollars(row.platformFeeCents),
        dollars(row.tipCents),
        dollars(row.feeCents),
        dollars(row.refundCents),
        dollars(row.netCents),
      ]);
    }
    if (chunk) yield chunk;
    if (payouts.length < CSV_PAYOUT_PAGE) return;
    after = payouts.at(-1)!.id;
  }
}

/** The landscaper's earnings per visit: the Earnings tab's list and its CSV, their own only. */
export async function statementRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodAnswers>();

  app.get(
    "/landscaper/earnings/visits",
    {
      config: { access: ["landscaper"], input: statementInput },
      schema: answers(statementAnswerSchema),
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const { query } = statementInput.parse(request);
      return statementOf(app.database.db, {
        userId: principal.userId,
        query,
        now: new Date(),
        limit: SCREEN_ROWS,
      });
    },
  );

  app.get(
    "/landscaper/earnings/visits.csv",
    { config: { answer: "raw", access: ["landscaper"], input: statementInput } },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const { query } = statementInput.parse(request);
      await app.limit(request, policies.earningsCsvByAccount, principal.userId);
      reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${statementCsvName(query.from, query.to)}"`)
        .header("cache-control", "no-store");
      return reply.send(Readable.from(csvLines(app.database.db, principal.userId, query)));
    },
  );
}
