import { describe, expect, it } from "vitest";
import type { JobView } from "../../../../shared/jobs";
import { awaitingCustomer } from "./awaiting-customer";

const now = Date.parse("2026-12-10T12:00:00Z");

function job(number: number, overrides: Partial<JobView> = {}): JobView {
  return {
    id: `j${number}`,
    number,
    status: "pending",
    rating: null,
    priceRequest: null,
    workApprovedAt: null,
    problemReportedAt: null,
    approvalEndsAt: null,
    updatedAt: `2026-12-0${number % 9}T10:00:00Z`,
    ...overrides,
  } as JobView;
}

describe("awaitingCustomer", () => {
  it("lists what waits on the customer, questions before ratings, oldest first", () => {
    const jobs = [
      job(1),
      job(2, { status: "accepted", updatedAt: "2026-12-05T10:00:00Z" }),
      job(3, { status: "completed", workApprovedAt: "2026-12-04T10:00:00Z" }),
      job(4, {
        status: "completed",
        approvalEndsAt: "2026-12-11T12:00:00Z",
        updatedAt: "2026-12-03T10:00:00Z",
      }),
      job(5, { status: "scheduled", priceRequest: { requestedCents: 6000, reason: "x", answer: "pending" } }),
      job(6, { status: "scheduled" }),
    ];
    expect(awaitingCustomer(jobs, now).map((i) => [i.job.number, i.action])).toEqual([
      [4, "Approve the work"],
      [2, "Review the offer"],
      [5, "Answer the price change"],
      [3, "Rate the work"],
    ]);
  });

  it("lists a price change asked before the work, on an offer or a booking, and not once it is answered", () => {
    const change = (state: string) => ({
      id: "c",
      state,
      agreedCents: 5670,
      askedCents: 7000,
      perVisit: false,
      reason: "x",
      photos: [],
      askedAt: "2026-12-01T10:00:00Z",
      closedAt: null,
    });
    const jobs = [
      job(1, { status: "scheduled", priceChange: change("open") as JobView["priceChange"] }),
      job(2, { status: "accepted", priceChange: change("open") as JobView["priceChange"] }),
      job(3, { status: "scheduled", priceChange: change("declined") as JobView["priceChange"] }),
      job(4, {
        status: "completed",
        workApprovedAt: "2026-12-04T10:00:00Z",
        rating: 4,
        priceChange: change("lapsed") as JobView["priceChange"],
      }),
    ];
    expect(awaitingCustomer(jobs, now).map((i) => [i.job.number, i.action])).toEqual([
      [1, "Answer the price change"],
      [2, "Answer the price change"],
    ]);
  });

  it("leaves out work whose approval time has passed, a reported problem, a rated job and answered changes", () => {
    const jobs = [
      job(1, { status: "completed", approvalEndsAt: "2026-12-09T12:00:00Z" }),
      job(2, {
        status: "completed",
        approvalEndsAt: "2026-12-11T12:00:00Z",
        problemReportedAt: "2026-12-09",
      }),
      job(3, { status: "completed", workApprovedAt: "2026-12-04T10:00:00Z", rating: 5 }),
      job(4, {
        status: "scheduled",
        priceRequest: { requestedCents: 6000, reason: "x", answer: "declined" },
      }),
    ];
    expect(awaitingCustomer(jobs, now)).toEqual([]);
  });
});
