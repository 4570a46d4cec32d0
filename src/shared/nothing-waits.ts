import { z } from "zod";
import { isValidIsoDate } from "./dates.js";
import { formatCents } from "./services.js";

/*
 * Nothing waits silently (issue 38, docs/decisions/029-nothing-waits.md): a request nobody offered on is
 * re-announced further out after 12 hours and goes to our team's "Needs a pro" after 24; a booked visit a pro
 * gave back is re-offered at once at the same price. The customer is told at each step.
 */

export const REANNOUNCE_AFTER_HOURS = 12;
export const NEEDS_PRO_AFTER_HOURS = 24;
/** At most this many pros beyond the area are told of one request (those with room first, then the nearest). */
export const REANNOUNCE_MAX_PROS = 25;
/** "25+ miles" already covers 40 (landscapers/coverage.ts); one step wider than that is 50. */
export const WIDEST_REANNOUNCE_MILES = 50;
/** A missed visit's day has passed: it is re-offered on a pro's first free day within this many days. */
export const MISSED_REOFFER_DAYS = 3;

/** Miles a travel radius covers one step wider (5 → 10, 10 → 15, 15 → 25+ (40), 25+ → 50). */
export function widerRadiusMiles(travelRadius: number): number {
  if (travelRadius < 10) return 10;
  if (travelRadius < 15) return 15;
  if (travelRadius < 25) return 40;
  return WIDEST_REANNOUNCE_MILES;
}

const optionsLine = "You can also pick another day or pro, or cancel the request, from your dashboard.";

export const waitMessages = {
  reannounced: (label: string, pros: number) =>
    `No pro has offered on ${label} yet, so we've widened the search: ${pros === 1 ? "1 more pro" : `${pros} more pros`} a little further away ${pros === 1 ? "was" : "were"} told about it. If nobody offers within 12 hours, our team looks for a pro for you. ${optionsLine}`,
  reannouncedNobody: (label: string) =>
    `No pro has offered on ${label} yet, and there is no other pro a little further away to tell. If nobody offers within 12 hours, our team looks for a pro for you. ${optionsLine}`,
  toFartherPro: (label: string, zipCode: string, date: string) =>
    `${label} in ${zipCode} (${date}) is just outside your area and nobody has taken it yet. It is in your new requests if you can make the trip.`,
  needsProCustomer: (label: string) =>
    `No pro has taken ${label} after 24 hours, so our team is now looking for one for you and will write to you here. ${optionsLine}`,
  needsProAdmins: (label: string) => `${label} has waited 24 hours without a pro: it is in Needs a pro.`,
  rebooked: (label: string, name: string, day: string, cents: number) =>
    `The pro booked for ${label} can no longer come. ${name} is booked instead on ${day}, at the same price, ${formatCents(cents)}; your booking details show who is coming.`,
  unfilledFirm: (label: string, cents: number) =>
    `The pro booked for ${label} can no longer come, and no other pro is free for it right now. It is open to every pro in your area at the same price, ${formatCents(cents)}; if nobody takes it within 24 hours, our team looks for one for you. ${optionsLine}`,
  unfilled: (label: string) =>
    `The pro booked for ${label} can no longer come, and it is open to every pro in your area again. If nobody takes it within 24 hours, our team looks for one for you. You can cancel the request from your dashboard.`,
  assignedToPro: (label: string, day: string, cents: number) =>
    `Our team asks you to take ${label} on ${day} at ${formatCents(cents)}. Confirm or decline it on your dashboard.`,
  assignmentConfirmed: (label: string, name: string, day: string, cents: number) =>
    `Good news: ${name} is booked for ${label} on ${day}, at ${formatCents(cents)}, the price you were quoted.`,
  assignmentDeclinedAdmins: (label: string, name: string, reason: string) =>
    `${name} declined ${label}${reason ? `: ${reason}` : "."} It is back in Needs a pro.`,
  assignmentConfirmedAdmins: (label: string, name: string, day: string) =>
    `${name} confirmed ${label} for ${day}: it is booked.`,
  toldByTeam: (label: string, message: string) => `About ${label}, from our team: ${message}`,
  noFirmPrice:
    "This request has no firm price: a pro names the price and the customer approves it, so it cannot be assigned. Tell the customer instead.",
  notNeedingPro: "This request no longer needs a pro: it was taken, booked or cancelled.",
  assignmentOpen: "A pro is already asked to confirm this request. Wait for their answer.",
  proNotFree: "That pro is not free on that day for this request any more. Choose again.",
  assignmentGone: "This assignment is no longer waiting for your answer.",
  assigned: (name: string) => `${name} is asked to confirm. The customer is told once they do.`,
  told: "The customer was told.",
  confirmed: "Confirmed: the visit is on your schedule.",
  declined: "Declined: our team will find someone else.",
} as const;

const reasonField = (what: string) =>
  z
    .string({ message: `Write ${what}.` })
    .trim()
    .min(3, { message: `Write ${what}.` })
    .max(1000, { message: "Please keep it under 1,000 characters." });

/** POST /api/admin/needs-a-pro/:jobId/assign */
export const assignProSchema = z.object({
  landscaperId: z.string({ message: "Choose a pro." }).trim().min(1, { message: "Choose a pro." }).max(100),
  date: z.string({ message: "Choose a day." }).refine(isValidIsoDate, { message: "Choose a day." }),
  reason: reasonField("why this pro"),
});
export type AssignProInput = z.infer<typeof assignProSchema>;

/** POST /api/admin/needs-a-pro/:jobId/tell-customer */
export const tellCustomerSchema = z.object({ message: reasonField("a message to the customer") });
export type TellCustomerInput = z.infer<typeof tellCustomerSchema>;

/** POST /api/landscaper/assignments/:id/decline: a reason is welcome, not required. */
export const declineAssignmentSchema = z.object({
  reason: z.string().trim().max(500, { message: "Please keep the reason under 500 characters." }).default(""),
});

export const needsProJobSchema = z.object({
  id: z.string(),
  number: z.number(),
  customerName: z.string(),
  zipCode: z.string(),
  services: z.array(z.string()),
  preferredDate: z.string(),
  waitingSince: z.string(),
  needsProAt: z.string(),
  /** The price a pro would be booked at (the first visit), or null when a pro names it. */
  priceCents: z.number().nullable(),
  customerToldAt: z.string().nullable(),
  assignment: z.object({ landscaperName: z.string(), date: z.string(), createdAt: z.string() }).nullable(),
  /** The last pro who declined our team's assignment, if any: shown so nobody asks them again blindly. */
  lastDeclinedBy: z.string().nullable(),
});
export type NeedsProJob = z.infer<typeof needsProJobSchema>;
export const needsProAnswerSchema = z.object({
  jobs: z.array(needsProJobSchema),
  /** The server's clock when it answered: ages are counted from it, not from the browser's clock. */
  asOf: z.string(),
});
export type NeedsProAnswer = z.infer<typeof needsProAnswerSchema>;

export const assignCandidateSchema = z.object({
  landscaperId: z.string(),
  name: z.string(),
  firstDays: z.array(z.string()),
  reason: z.string(),
});
export type AssignCandidate = z.infer<typeof assignCandidateSchema>;
export const assignCandidatesAnswerSchema = z.object({ pros: z.array(assignCandidateSchema) });

export const landscaperAssignmentSchema = z.object({
  id: z.string(),
  jobId: z.string(),
  number: z.number(),
  zipCode: z.string(),
  services: z.array(z.string()),
  date: z.string(),
  priceCents: z.number(),
  createdAt: z.string(),
});
export type LandscaperAssignment = z.infer<typeof landscaperAssignmentSchema>;
export const landscaperAssignmentsAnswerSchema = z.object({
  assignments: z.array(landscaperAssignmentSchema),
});
