import { createRequire } from "node:module";
import type { Archiver, CoreOptions, TransformOptions, ZipOptions } from "archiver";
import type { FastifyInstance, FastifyReply } from "fastify";
import {
  analyticsQuerySchema,
  clientsExportQuerySchema,
  jobsExportQuerySchema,
  landscapersExportQuerySchema,
  paymentsExportQuerySchema,
} from "../../../shared/admin.js";
import { auditExportQuerySchema } from "../../../shared/audit.js";
import { todayInCharlotte } from "../../../shared/dates.js";
import {
  exportFileName,
  NO_DATA_CODE,
  noDataMessage,
  RECORD_COUNT_HEADER,
  reportsZipName,
} from "../../../shared/exports.js";
import { AppError } from "../../lib/errors.js";
import { defineInput } from "../../lib/route-input.js";
import { cachedAnalytics } from "../admin/index.js";
import { auditSource } from "./audit-source.js";
import { csvStream } from "./csv.js";
import {
  analyticsSource,
  clientsSource,
  type ExportSource,
  jobsSource,
  landscapersSource,
  paymentsSource,
  ratingsSource,
} from "./sources.js";

// archiver 7 exports a factory, while @types/archiver 8 describes version 8's class API.
const createArchive = createRequire(import.meta.url)("archiver") as (
  format: "zip",
  options?: CoreOptions & TransformOptions & ZipOptions,
) => Archiver;

const clientsInput = defineInput({ query: clientsExportQuerySchema });
const landscapersInput = defineInput({ query: landscapersExportQuerySchema });
const jobsInput = defineInput({ query: jobsExportQuerySchema });
const analyticsInput = defineInput({ query: analyticsQuerySchema });
const paymentsInput = defineInput({ query: paymentsExportQuerySchema });
const auditInput = defineInput({ query: auditExportQuerySchema });

const noData = () => new AppError(404, NO_DATA_CODE, noDataMessage);

function attachment(reply: FastifyReply, contentType: string, fileName: string) {
  reply
    .header("content-type", contentType)
    .header("content-disposition", `attachment; filename="${fileName}"`)
    .header("cache-control", "no-store");
}

/** Streams one CSV: nothing is built in memory, rows go out as the database pages them in. */
async function sendCsv(reply: FastifyReply, source: ExportSource) {
  const records = await source.count();
  if (records === 0) throw noData();
  attachment(reply, "text/csv; charset=utf-8", exportFileName(source.kind, todayInCharlotte()));
  reply.header(RECORD_COUNT_HEADER, String(records));
  return reply.send(csvStream(source.columns, source.rows()));
}

/** Streamed CSV and ZIP exports (admin only). */
export async function exportRoutes(app: FastifyInstance) {
  const db = () => app.database.db;

  // The audit trail with Admin → Audit's filters (issue 38); not in the ZIP, which holds the business's records.
  app.get(
    "/exports/audit.csv",
    { config: { answer: "raw", access: ["admin"], input: auditInput } },
    async (request, reply) => {
      const { query } = auditInput.parse(request);
      return sendCsv(reply, auditSource(db(), query));
    },
  );

  app.get(
    "/exports/clients.csv",
    { config: { answer: "raw", access: ["admin"], input: clientsInput } },
    async (request, reply) => {
      const { query } = clientsInput.parse(request);
      return sendCsv(reply, clientsSource(db(), app.env, query));
    },
  );

  app.get(
    "/exports/landscapers.csv",
    { config: { answer: "raw", access: ["admin"], input: landscapersInput } },
    async (request, reply) => {
      const { query } = landscapersInput.parse(request);
      return sendCsv(reply, landscapersSource(db(), query));
    },
  );

  app.get(
    "/exports/jobs.csv",
    { config: { answer: "raw", access: ["admin"], input: jobsInput } },
    async (request, reply) => {
      const { query } = jobsInput.parse(request);
      return sendCsv(reply, jobsSource(db(), query));
    },
  );

  app.get(
    "/exports/payments.csv",
    { config: { answer: "raw", access: ["admin"], input: paymentsInput } },
    async (request, reply) => {
      const { query } = paymentsInput.parse(request);
      return sendCsv(reply, paymentsSource(db(), query));
    },
  );

  app.get(
    "/exports/ratings.csv",
    { config: { answer: "raw", access: ["admin"] } },
    async (_request, reply) => {
      return sendCsv(reply, ratingsSource(db()));
    },
  );

  app.get(
    "/exports/analytics.csv",
    { config: { answer: "raw", access: ["admin"], input: analyticsInput } },
    async (request, reply) => {
      const { query } = analyticsInput.parse(request);
      const data = await cachedAnalytics({ db: db(), range: query.range, role: query.role });
      return sendCsv(reply, analyticsSource(data));
    },
  );

  // Spec 02 §9: the clients, landscapers, jobs and ratings CSVs, each only when it has rows, dated.
  app.get(
    "/exports/reports.zip",
    { config: { answer: "raw", access: ["admin"] } },
    async (request, reply) => {
      const sources = [
        clientsSource(db(), app.env, { q: "" }),
        landscapersSource(db(), { q: "", status: "all" }),
        jobsSource(db(), { q: "", status: "all" }),
        ratingsSource(db()),
      ];
      const counts = await Promise.all(sources.map((source) => source.count()));
      const included = sources.filter((_, index) => counts[index]! > 0);
      if (included.length === 0) throw noData();

      const date = todayInCharlotte();
      const archive = createArchive("zip", { zlib: { level: 6 } });
      archive.on("warning", (warning) => request.log.warn({ err: warning }, "zip export warning"));
      for (const source of included) {
        archive.append(csvStream(source.columns, source.rows()), { name: exportFileName(source.kind, date) });
      }
      archive.finalize().catch((error: unknown) => request.log.error({ err: error }, "zip export failed"));
      attachment(reply, "application/zip", reportsZipName(date));
      return reply.send(archive);
    },
  );
}
