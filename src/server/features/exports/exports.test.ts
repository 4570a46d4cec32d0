import { beforeAll, describe, expect, it } from "vitest";
import yauzl from "yauzl";
import { todayInCharlotte } from "../../../shared/dates.js";
import { job } from "../../db/schema.js";
import { signUpAs } from "../../test/accounts-helpers.js";
import { insertCustomer, insertJob, insertLandscaper, jobValues } from "../../test/admin-fixtures.js";
import { useTestApp } from "../../test/build-test-app.js";
import { EXPORT_PAGE_SIZE, neutralise } from "./csv.js";

const BOM = "\uFEFF";

/** Every entry of a ZIP, read back with yauzl: name and text. */
function unzip(buffer: Buffer): Promise<Map<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const files = new Map<string, string>();
      zip.on("entry", (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on("data", (chunk: Buffer) => chunks.push(chunk));
          stream.on("end", () => {
            files.set(entry.fileName, Buffer.concat(chunks).toString("utf8"));
            zip.readEntry();
          });
          stream.on("error", reject);
        });
      });
      zip.on("end", () => resolve(files));
      zip.on("error", reject);
      zip.readEntry();
    });
  });
}

describe("exports", () => {
  let cookie: string;
  const today = todayInCharlotte();

  const t = useTestApp();
  beforeAll(async () => {
    cookie = (await signUpAs(t.app, t.database, "admin")).cookie;
  });

  const get = (url: string) => t.app.inject({ url, headers: { cookie } });

  describe("with no data", () => {
    it("answers 404 no_data for every empty export and the ZIP", async () => {
      for (const kind of ["clients", "landscapers", "jobs", "ratings", "analytics"]) {
        const response = await get(`/api/exports/${kind}.csv`);
        expect(response.statusCode, kind).toBe(404);
        expect(response.json()).toEqual({
          error: { code: "no_data", message: "There are no records available for export." },
        });
      }
      const zip = await get("/api/exports/reports.zip");
      expect(zip.statusCode).toBe(404);
      expect(zip.json().error.code).toBe("no_data");
    });

    it("leaves the empty CSVs out of the ZIP", async () => {
      await insertJob(t.database.db, { status: "pending" });
      const response = await get("/api/exports/reports.zip");
      expect(response.statusCode).toBe(200);
      const files = await unzip(response.rawPayload);
      expect([...files.keys()]).toEqual([`jobs_export_${today}.csv`]);
      await t.database.db.delete(job);
    });
  });

  describe("with data", () => {
    beforeAll(async () => {
      const db = t.database.db;
      const olivia = await insertCustomer(db, {
        name: 'Olivia "Liv" Bennett, Jr.',
        email: "olivia@exports.test",
        phone: "+1 704-555-0101",
        createdAt: new Date("2026-01-05T15:00:00Z"),
      });
      await insertCustomer(db, {
        name: '=HYPERLINK("http://evil.test")',
        email: "evil@exports.test",
        createdAt: new Date("2026-01-06T15:00:00Z"),
      });
      const carlos = await insertLandscaper(db, {
        fullName: "Carlos Mendoza",
        businessName: "Queen City Lawn Care",
        email: "carlos@exports.test",
        status: "approved",
        zips: ["28203", "28207"],
        createdAt: new Date("2026-01-02T15:00:00Z"),
        documentsSubmittedAt: new Date("2026-01-03T15:00:00Z"),
      });
      await insertLandscaper(db, {
        fullName: "@Rosa\nDelgado",
        email: "rosa@exports.test",
        createdAt: new Date("2026-01-04T15:00:00Z"),
        documentsSubmittedAt: null,
      });
      await insertJob(db, {
        customerId: olivia.id,
        customerName: 'Olivia "Liv" Bennett, Jr.',
        status: "completed",
        landscaperId: carlos.id,
        services: ["lawn-mowing", "leaf-removal"],
        finalPriceCents: 15050,
        tipCents: 1000,
        rating: 5,
        ratingComment: "Great job,\r\nwill book again",
        preferredDate: "2026-02-01",
        createdAt: new Date("2026-01-20T15:00:00Z"),
      });
      await insertJob(db, {
        customerId: olivia.id,
        customerName: "-2+3",
        status: "pending",
        services: ["mulch-installation"],
        preferredDate: "2026-03-01",
        createdAt: new Date("2026-01-25T15:00:00Z"),
      });
    });

    it("streams the jobs CSV: BOM, CRLF, RFC 4180 quoting, formula neutralising, dated file name", async () => {
      const response = await get("/api/exports/jobs.csv");
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
      expect(response.headers["content-disposition"]).toBe(`attachment; filename="jobs_export_${today}.csv"`);
      expect(response.headers["x-record-count"]).toBe("2");
      const bytes = response.rawPayload;
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = bytes.toString("utf8");
      expect(text.startsWith(BOM)).toBe(true);
      const lines = text.slice(1).split("\r\n");
      expect(lines[0]).toBe(
        "Job ID,Client Name,Landscaper Name,Service Type,Job Date,Completion Status,Rating,Tip Amount,Total Price,Series,Size Tier,Rate Card Version",
      );
      const [, newest, oldest, end] = lines;
      expect(newest).toMatch(/^JOB-\d+,'-2\+3,,Mulch Installation,2026-03-01,Pending,,0\.00,,,,$/);
      expect(oldest).toMatch(
        /^JOB-\d+,"Olivia ""Liv"" Bennett, Jr\.",Queen City Lawn Care · Carlos Mendoza,"Lawn Mowing, Leaf Removal",2026-02-01,Completed,5,10\.00,150\.50,,,$/,
      );
      expect(end).toBe("");
      // No bare LF anywhere: every line ends CRLF.
      expect(text.replaceAll("\r\n", "").includes("\n")).toBe(false);
    });

    it("filters the jobs CSV like the screen", async () => {
      const response = await get("/api/exports/jobs.csv?status=completed");
      expect(response.headers["x-record-count"]).toBe("1");
      expect(response.body.split("\r\n")).toHaveLength(3);
      const none = await get("/api/exports/jobs.csv?q=nobody-at-all");
      expect(none.statusCode).toBe(404);
      expect(none.json().error.code).toBe("no_data");
    });

    it("streams the landscapers CSV with the spec's columns and quoted newlines", async () => {
      const response = await get("/api/exports/landscapers.csv");
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-disposition"]).toBe(
        `attachment; filename="landscapers_export_${today}.csv"`,
      );
      expect(response.body).toBe(
        `${BOM}Full Name,Email,Phone,ZIP Codes Covered,Application Status,Date Submitted\r\n` +
          `"'@Rosa\nDelgado",rosa@exports.test,704-555-0199,28203,Pending,2026-01-04\r\n` +
          `Carlos Mendoza,carlos@exports.test,704-555-0199,"28203, 28207",Approved,2026-01-03\r\n`,
      );
      const pending = await get("/api/exports/landscapers.csv?status=pending");
      expect(pending.headers["x-record-count"]).toBe("1");
    });

    it("streams the clients CSV with last booking and total bookings", async () => {
      const response = await get("/api/exports/clients.csv");
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-disposition"]).toBe(
        `attachment; filename="clients_export_${today}.csv"`,
      );
      const lines = response.body.slice(1).split("\r\n");
      expect(lines[0]).toBe("Full Name,Email,Phone,Signup Date,Last Booking Date,Total Bookings");
      expect(lines).toContain(
        `"'=HYPERLINK(""http://evil.test"")",evil@exports.test,704-555-0100,2026-01-06,,0`,
      );
      expect(lines).toContain(
        `"Olivia ""Liv"" Bennett, Jr.",olivia@exports.test,'+1 704-555-0101,2026-01-05,2026-01-25,2`,
      );
      // The admin who asked is not a client.
      expect(lines.filter(Boolean)).toHaveLength(3);
    });

    it("streams the ratings CSV, quoting a comment with CRLF inside", async () => {
      const response = await get("/api/exports/ratings.csv");
      expect(response.statusCode).toBe(200);
      const text = response.body.slice(1);
      expect(text.split("\r\n")[0]).toBe(
        "Job ID,Rated On,Client Name,Landscaper Name,Service Type,Rating,Comment,Tip Amount",
      );
      expect(text).toContain(',5,"Great job,\r\nwill book again",10.00\r\n');
      expect(response.headers["x-record-count"]).toBe("1");
    });

    it("exports the analytics figures", async () => {
      await insertJob(t.database.db, { customerName: "Recent Request", status: "pending" });
      const response = await get("/api/exports/analytics.csv?range=90&role=both");
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers["content-disposition"]).toBe(
        `attachment; filename="analytics_export_${today}.csv"`,
      );
      expect(response.body.slice(1).split("\r\n")[0]).toBe("Chart,Period,Metric,Value");
    });

    it("zips the non-empty CSVs under dated names, in a dated ZIP", async () => {
      const response = await get("/api/exports/reports.zip");
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toBe("application/zip");
      expect(response.headers["content-disposition"]).toBe(
        `attachment; filename="greenscape_reports_${today}.zip"`,
      );
      const files = await unzip(response.rawPayload);
      expect([...files.keys()].sort()).toEqual([
        `clients_export_${today}.csv`,
        `jobs_export_${today}.csv`,
        `landscapers_export_${today}.csv`,
        `ratings_export_${today}.csv`,
      ]);
      const jobs = files.get(`jobs_export_${today}.csv`)!;
      expect(jobs.startsWith(`${BOM}Job ID,Client Name`)).toBe(true);
      expect(jobs).toBe((await get("/api/exports/jobs.csv")).body);
      expect(files.get(`landscapers_export_${today}.csv`)).toBe(
        (await get("/api/exports/landscapers.csv")).body,
      );
    });
  });

  it("pages through more rows than one database page", async () => {
    const db = t.database.db;
    const rows = EXPORT_PAGE_SIZE + 37;
    // Pairs of jobs share a timestamp, so the page boundary falls inside a tie.
    await db.insert(job).values(
      Array.from({ length: rows }, (_, i) =>
        jobValues({
          customerName: `Bulk ${i}`,
          customerEmail: "bulk@exports.test",
          createdAt: new Date(Date.UTC(2025, 5, 1, 0, 0, Math.floor(i / 2))),
        }),
      ),
    );
    const response = await get("/api/exports/jobs.csv?q=bulk%40exports");
    expect(response.headers["x-record-count"]).toBe(String(rows));
    const names = response.body
      .slice(1)
      .split("\r\n")
      .slice(1, -1)
      .map((line) => line.split(",")[1]);
    expect(names).toHaveLength(rows);
    expect(new Set(names).size).toBe(rows);
  });

  it("neutralises exactly the formula starters", () => {
    expect(["=1", "+1", "-1", "@x", "\tx", "\rx", "a=b", "1-2", ""].map(neutralise)).toEqual([
      "'=1",
      "'+1",
      "'-1",
      "'@x",
      "'\tx",
      "'\rx",
      "a=b",
      "1-2",
      "",
    ]);
  });

  // Spreadsheets fold compatibility forms (a full-width ＝ is a formula to them) and skip invisible characters
  // before the sign (a zero-width space, a byte-order mark, a soft hyphen, bidi marks).
  it.each([
    ["\uFF1D1+1", true],
    ["\uFF0Bcmd", true],
    ["\uFF0D1", true],
    ["\uFF20SUM(A1)", true],
    ["\uFE66HYPERLINK(x)", true],
    ["\u2212 1", true],
    ["\u200B=1+1", true],
    ["\uFEFF=1+1", true],
    ["\u00AD+1", true],
    ["\u200E\u200F-1", true],
    ["\u2060\u180E@x", true],
    ["\u034F=x", true],
    ["  =1+1", true],
    ["\u00A0=1+1", true],
    ["\u3000\uFF1D1", true],
    ["\u200B\u200B\u200B\u200B\u200B\u200B\u200B\u200B=1", true],
    ["\u200Bhello", false],
    ["Caf\u00E9 = 1", false],
    ["\uFF21\uFF1D1", false],
    ["2026-11-20", false],
    ["  hedge trim", false],
    ["\u200B", false],
  ])("neutralises %j when it starts a formula (%s)", (text, formula) => {
    expect(neutralise(text)).toBe(formula ? `'${text}` : text);
  });
});
