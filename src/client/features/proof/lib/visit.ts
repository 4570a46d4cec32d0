import {
  BUSINESS_TIME_ZONE,
  formatCharlotteClock,
  formatterOnce,
  todayInCharlotte,
} from "../../../../shared/dates";
import type { JobView } from "../../../../shared/jobs";
import type { ArrivalView, JobPhoto } from "../../../../shared/proof";
import { visitStageLabel } from "../../../../shared/proof";

/** "10:40 AM" on Charlotte's clock. */
export function clockTime(iso: string): string {
  return formatCharlotteClock(new Date(iso));
}

const dayAndTimeFormat = formatterOnce(
  () =>
    new Intl.DateTimeFormat("en-US", {
      timeZone: BUSINESS_TIME_ZONE,
      month: "short",
      day: "numeric",
      hour: "numeric",
      minute: "2-digit",
    }),
);
/** "Nov 26, 10:42 AM" on Charlotte's clock. */
export function dayAndTime(iso: string): string {
  return dayAndTimeFormat().format(new Date(iso));
}

/** "Taken Nov 26, 10:42 AM" when the camera said when, else "Uploaded …". */
export function photoTimeText(photo: Pick<JobPhoto, "takenAt" | "uploadedAt">): string {
  return photo.takenAt ? `Taken ${dayAndTime(photo.takenAt)}` : `Uploaded ${dayAndTime(photo.uploadedAt)}`;
}

/**
 * The landscaper's own card: "On the way · arriving about 10:40 AM", "Arrived 10:42 AM", "Work started
 * 10:45 AM"; null before 'On my way'.
 */
export function visitStageText(arrival: ArrivalView | undefined): string | null {
  switch (arrival?.stage ?? null) {
    case "on_the_way":
      return arrival?.etaAt
        ? `${visitStageLabel.on_the_way} · arriving about ${clockTime(arrival.etaAt)}`
        : visitStageLabel.on_the_way;
    case "arrived":
      return arrival?.arrivedAt
        ? `${visitStageLabel.arrived} ${clockTime(arrival.arrivedAt)}`
        : visitStageLabel.arrived;
    case "working":
      return arrival?.workStartedAt
        ? `${visitStageLabel.working} ${clockTime(arrival.workStartedAt)}`
        : visitStageLabel.working;
    default:
      return null;
  }
}

/**
 * Who comes, as the arrival notices say it: "Carlos from Queen City Lawn Care" for a landscaper shown as
 * "Queen City Lawn Care · Carlos Mendoza", "Carlos" for one without a business name.
 */
export function whoIsComing(name: string | null): string {
  if (!name?.trim()) return "Your landscaper";
  const [business, person] = name.includes(" · ") ? name.split(" · ") : [null, name];
  const first = person?.trim().split(/\s+/)[0] ?? "";
  if (business && first) return `${first} from ${business.trim()}`;
  return first || business || "Your landscaper";
}

/**
 * The customer's card, naming who comes: "Carlos from Queen City Lawn Care is on the way, arriving about 10:40 AM." Null
 * before 'On my way'.
 */
export function arrivalSentence(arrival: ArrivalView | undefined, name: string | null): string | null {
  const who = whoIsComing(name);
  switch (arrival?.stage ?? null) {
    case "on_the_way":
      return arrival?.etaAt
        ? `${who} is on the way, arriving about ${clockTime(arrival.etaAt)}.`
        : `${who} is on the way.`;
    case "arrived":
      return arrival?.arrivedAt
        ? `${who} arrived at ${clockTime(arrival.arrivedAt)}.`
        : `${who} has arrived.`;
    case "working":
      return arrival?.workStartedAt
        ? `${who} started the work at ${clockTime(arrival.workStartedAt)}.`
        : `${who} has started the work.`;
    default:
      return null;
  }
}

/** The arrival steps open on the visit's day (the server refuses them before) and end once work has started. */
export function visitStepOpen(
  job: Pick<JobView, "status" | "scheduledDate" | "arrival">,
  today: string = todayInCharlotte(),
): boolean {
  return (
    job.status === "scheduled" &&
    job.scheduledDate !== null &&
    job.scheduledDate <= today &&
    nextVisitStep(job.arrival) !== null
  );
}

/** The landscaper's next step on a scheduled visit; null once the work has started (then: complete). */
export type VisitStep = "on-my-way" | "arrived" | "start-work";
export function nextVisitStep(arrival: ArrivalView | undefined): VisitStep | null {
  switch (arrival?.stage ?? null) {
    case null:
      return "on-my-way";
    case "on_the_way":
      return "arrived";
    case "arrived":
      return "start-work";
    default:
      return null;
  }
}
