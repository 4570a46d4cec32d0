import { describe, expect, it } from "vitest";
import { applicationStanding } from "./application-standing";

const submittedAt = "2026-03-02T15:00:00Z";

describe("applicationStanding", () => {
  it("says 'submitted' only of a submission with its required files", () => {
    expect(applicationStanding({ status: "pending", submittedAt, missing: [] })).toMatchObject({
      tone: "info",
      title: "Application submitted on Monday, March 2, 2026",
    });
    // A submission date over empty slots (an older record): nothing was sent that our team can review.
    const empty = applicationStanding({ status: "pending", submittedAt, missing: ["id_proof", "insurance"] });
    expect(empty).toMatchObject({ tone: "warning", title: "Not submitted yet" });
    expect(empty?.description).toBe(
      "Proof of ID and Liability Insurance are missing, so there is nothing for our team to review. Upload them, then submit your application.",
    );
    expect(
      applicationStanding({ status: "pending", submittedAt, missing: ["insurance"] })?.description,
    ).toMatch(/^Liability Insurance is missing, .* Upload it, then submit/);
  });

  it("says nothing before a first submission (the button's help does)", () => {
    expect(applicationStanding({ status: "pending", submittedAt: null, missing: ["insurance"] })).toBeNull();
    expect(applicationStanding({ status: "pending", submittedAt: null, missing: [] })).toBeNull();
  });

  it("tells an approved landscaper which files are still not on file", () => {
    expect(applicationStanding({ status: "approved", submittedAt: null, missing: [] })).toMatchObject({
      tone: "success",
      title: "Your application is approved",
    });
    expect(applicationStanding({ status: "approved", submittedAt, missing: ["insurance"] })).toEqual({
      tone: "warning",
      title: "Your application is approved",
      description: "Liability Insurance is not on file yet. Upload it here to complete your record.",
    });
  });

  it("tells a denied applicant what to do next", () => {
    expect(applicationStanding({ status: "denied", submittedAt, missing: [] })).toMatchObject({
      tone: "destructive",
      title: "Your application was not approved",
    });
  });
});
