import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { errorAnswerSchema } from "../../shared/error-answer.js";
import {
  answerSerializerCompiler,
  answers,
  jsonAnswer,
  noValidatorCompiler,
  type ZodAnswers,
} from "../lib/answers.js";
import { errorHandlerPlugin } from "../plugins/error-handler.js";
import { useTestApp } from "./build-test-app.js";

describe("every /api answer has a shared schema", () => {
  const t = useTestApp();

  it("declares one on every route but the few that send files, CSVs or a stream", () => {
    const raw = t.app.routeTable.filter((r) => r.answer === "raw").map((r) => `${r.method} ${r.url}`);
    expect(raw.sort()).toEqual(
      [
        "GET /api/exports/analytics.csv",
        "GET /api/exports/audit.csv",
        "GET /api/exports/clients.csv",
        "GET /api/exports/jobs.csv",
        "GET /api/exports/landscapers.csv",
        "GET /api/exports/ratings.csv",
        "GET /api/exports/payments.csv",
        "GET /api/exports/reports.zip",
        "GET /api/jobs/:id/photo",
        "GET /api/jobs/:id/photos/:photoId",
        "GET /api/jobs/:id/messages/:messageId/image",
        "GET /api/jobs/:id/receipt",
        "GET /api/jobs/:id/calendar",
        "GET /api/landscaper/earnings/visits.csv",
        "GET /api/documents/:id",
        "GET /api/landscaper/public-profile/photo",
        "GET /api/notifications/stream",
        "GET /api/pros/:slug/photo",
        "GET /api/pros/:slug/gallery/:photoId",
      ].sort(),
    );
    expect(t.app.routeTable.filter((r) => r.answer === "schema").length).toBeGreaterThan(40);
  });

  it("answers errors in the shared error shape", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/admin/dashboard" });
    expect(response.statusCode).toBe(401);
    expect(errorAnswerSchema.safeParse(response.json()).success).toBe(true);
  });
});

describe("an answer is serialised through its schema", () => {
  const app = Fastify({ logger: false }).withTypeProvider<ZodAnswers>();
  const trusting = Fastify({ logger: false }).withTypeProvider<ZodAnswers>();
  beforeAll(async () => {
    await app.register(errorHandlerPlugin);
    app.setSerializerCompiler(answerSerializerCompiler({ checkJsonText: true }));
    app.setValidatorCompiler(noValidatorCompiler);
    const named = z.object({ name: z.string() });
    const schema = answers(named);
    for (const [path, text] of [
      ["/text", '{"name":"Ada"}'],
      ["/text-leaky", '{"name":"Ada","passwordHash":"secret"}'],
      ["/text-wrong", '{"name":42}'],
    ] as const) {
      app.get(path, { schema }, async () => jsonAnswer(named, text));
      trusting.get(path, { schema }, async () => jsonAnswer(named, text));
    }
    trusting.setSerializerCompiler(answerSerializerCompiler({ checkJsonText: false }));
    await trusting.ready();
    // Typed `unknown` so the type check does not stop what the run-time check must catch.
    const leaky: unknown = { name: "Ada", passwordHash: "secret" };
    const wrong: unknown = { name: 42 };
    app.get("/leaky", { schema }, async () => leaky as { name: string });
    app.get("/wrong", { schema }, async () => wrong as { name: string });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await trusting.close();
  });

  it("sends the database's JSON text as it is, and outside production checks it holds exactly its schema", async () => {
    const ok = await app.inject({ method: "GET", url: "/text" });
    expect([ok.statusCode, ok.body, ok.headers["content-type"]]).toEqual([
      200,
      '{"name":"Ada"}',
      "application/json; charset=utf-8",
    ]);
    for (const url of ["/text-leaky", "/text-wrong"]) {
      const response = await app.inject({ method: "GET", url });
      expect(response.statusCode).toBe(500);
      expect(response.body).not.toContain("secret");
      expect(response.body).not.toContain("42");
    }
    // In production the SQL that wrote it is trusted: no parse, no schema pass (what the check above guards).
    expect((await trusting.inject({ method: "GET", url: "/text-leaky" })).body).toContain("secret");
  });

  it("drops fields the schema does not name", async () => {
    const response = await app.inject({ method: "GET", url: "/leaky" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ name: "Ada" });
  });

  it("fails loudly (500, nothing of the answer sent) when the answer leaves its schema", async () => {
    const response = await app.inject({ method: "GET", url: "/wrong" });
    expect(response.statusCode).toBe(500);
    expect(response.json().error.code).toBe("internal_error");
    expect(response.body).not.toContain("42");
  });
});
