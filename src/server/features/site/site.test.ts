import { describe, expect, it } from "vitest";
import { loadEnv } from "../../config/env.js";
import { buildTestApp, useTestApp } from "../../test/build-test-app.js";

describe("GET /api/site", () => {
  const t = useTestApp();

  it("answers no social links and the money rules' defaults when nothing is configured", async () => {
    const response = await t.app.inject({ url: "/api/site" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ social: [], cancellationFeeCents: 2500, workApprovalHours: 48 });
    expect(response.headers["cache-control"]).toBe("public, max-age=300");
  });

  it("answers the configured profiles in the footer's order, and the configured fee and window", async () => {
    const other = await buildTestApp({
      SOCIAL_LINKEDIN_URL: "https://www.linkedin.com/company/greenscape-charlotte",
      SOCIAL_FACEBOOK_URL: "https://www.facebook.com/greenscapecharlotte",
      CANCELLATION_FEE_CENTS: "3000",
      WORK_APPROVAL_HOURS: "72",
    });
    try {
      const response = await other.app.inject({ url: "/api/site" });
      expect(response.json()).toEqual({
        social: [
          { id: "facebook", url: "https://www.facebook.com/greenscapecharlotte" },
          { id: "linkedin", url: "https://www.linkedin.com/company/greenscape-charlotte" },
        ],
        cancellationFeeCents: 3000,
        workApprovalHours: 72,
      });
    } finally {
      await other.close();
    }
  });
});

describe("social link settings", () => {
  it("refuses a network's home page, another site and plain http, naming the setting", () => {
    expect(() => loadEnv({ SOCIAL_FACEBOOK_URL: "https://www.facebook.com/" })).toThrow(
      /SOCIAL_FACEBOOK_URL: must be the https:\/\/ address of a page on facebook\.com/,
    );
    expect(() => loadEnv({ SOCIAL_X_URL: "https://evil.example/x.com" })).toThrow(/SOCIAL_X_URL/);
    expect(() => loadEnv({ SOCIAL_INSTAGRAM_URL: "http://instagram.com/greenscape" })).toThrow(
      /SOCIAL_INSTAGRAM_URL/,
    );
    expect(() => loadEnv({ SOCIAL_LINKEDIN_URL: "https://notlinkedin.com/company/a" })).toThrow(
      /SOCIAL_LINKEDIN_URL/,
    );
  });

  it("takes a profile on the network or a subdomain of it, and x.com or twitter.com for X", () => {
    const env = loadEnv({
      SOCIAL_FACEBOOK_URL: "https://facebook.com/greenscape",
      SOCIAL_LINKEDIN_URL: "https://www.linkedin.com/company/greenscape",
      SOCIAL_X_URL: "https://twitter.com/greenscape",
    });
    expect(env.SOCIAL_FACEBOOK_URL).toBe("https://facebook.com/greenscape");
    expect(env.SOCIAL_X_URL).toBe("https://twitter.com/greenscape");
    expect(env.SOCIAL_INSTAGRAM_URL).toBeUndefined();
  });
});
