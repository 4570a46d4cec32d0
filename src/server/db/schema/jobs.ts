import { sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { PriceLine } from "../../../shared/pricing.js";
import { ownedBy, user } from "./accounts.js";
import { createdAt, requestColumns, timestamps, uuidId } from "./columns.js";

export interface PriceLines {
  lines: PriceLine[];
  firstVisitSurcharge: PriceLine | null;
}

/** The job a row belongs to (its events, photos, messages, payments), deleted with it. */
export const belongsToJob = () =>
  uuid("job_id")
    .notNull()
    .references(() => job.id, { onDelete: "cascade" });

/**
 * The history rows Admin → Health reads (issue 38): bookings and generated visits (into 'scheduled'),
 * withdrawals (to 'pending' from a pro's job), releases, misses, cancellations, completions and problem
 * reports. Literal text: the query repeats it word for word so the planner matches the partial index.
 */
export const HEALTH_EVENT_PREDICATE =
  "(to_status in ('scheduled', 'released', 'missed', 'cancelled', 'completed', 'problem_reported')" +
  " or (to_status = 'pending' and from_status in ('accepted', 'scheduled')))";

export const jobStatus = pgEnum("job_status", ["pending", "accepted", "scheduled", "completed", "cancelled"]);

export const job = pgTable(
  "job",
  {
    id: uuidId(),
    // A short, human number for screens, emails and support calls (shown as JOB-1042).
    number: integer("number").generatedAlwaysAsIdentity({ startWith: 1001 }).notNull().unique(),
    customerId: text("customer_id").references(() => user.id, { onDelete: "set null" }),
    ...requestColumns(),
    preferredDate: date("preferred_date", { mode: "string" }).notNull(),
    additionalNotes: text("additional_notes"),
    photoKey: text("photo_key"),
    photoContentType: text("photo_content_type"),
    status: jobStatus("status").notNull().default("pending"),
    landscaperId: text("landscaper_id").references(() => user.id, { onDelete: "set null" }),
    estimateLowCents: integer("estimate_low_cents").notNull(),
    estimateHighCents: integer("estimate_high_cents").notNull(),
    quotedPriceCents: integer("quoted_price_cents"),
    // The firm price (issue 34): what the customer answered (lawn size, grass height) and the price per visit
    // the rate card of `rate_card_version` gave, with the first visit's surcharge for tall grass. A null
    // firm price (size not sure, over an acre, an older request): a landscaper names the price.
    sizeTier: text("size_tier"),
    grassHeight: text("grass_height"),
    rateCardVersion: integer("rate_card_version"),
    firmPriceCents: integer("firm_price_cents"),
    firstVisitSurchargeCents: integer("first_visit_surcharge_cents"),
    // The lines the quote showed (services, minimum, the first visit's surcharge), so every screen repeats them.
    priceLines: jsonb("price_lines").$type<PriceLines>(),
    // A landscaper who takes the request by this day takes that price; after it, the card then in force.
    priceHeldUntil: date("price_held_until", { mode: "string" }),
    scheduledDate: date("scheduled_date", { mode: "string" }),
    finalPriceCents: integer("final_price_cents"),
    tipCents: integer("tip_cents").notNull().default(0),
    rating: smallint("rating"),
    ratingComment: text("rating_comment"),
    cancelReason: text("cancel_reason"),
    idempotencyKey: text("idempotency_key").unique(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    scheduledAt: timestamp("scheduled_at", { withTimezone: true }),
    // Booked at once by the customer with a chosen pro (issue 35): the pro's 2-hour release window starts here.
    bookedInstantlyAt: timestamp("booked_instantly_at", { withTimezone: true }),
    // The hash of the secret the quote's answer gave its sender: it lets that browser book the request before
    // the email is confirmed (the trust rules let a confirmed address claim every quote sent with it).
    bookingTokenHash: text("booking_token_hash"),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    ratedAt: timestamp("rated_at", { withTimezone: true }),
    // After completion the customer approves the work (the charge is captured) or reports a problem (the
    // capture waits for an admin); 48 hours of silence approve it.
    workApprovedAt: timestamp("work_approved_at", { withTimezone: true }),
    // The customer's choice when approving the work (issue 36): the after-photos may appear in the
    // landscaper's public gallery. Null: they may not.
    photosPublicAt: timestamp("photos_public_at", { withTimezone: true }),
    // A final price above the agreed one is a request (issue 31): the price asked and why. final_price_cents
    // stays at the agreed price until the customer says yes (price_increase_approved_at); silence, admins and
    // retries settle at the agreed price. docs/decisions/015-charges-within-consent.md.
    requestedPriceCents: integer("requested_price_cents"),
    requestedPriceReason: text("requested_price_reason"),
    priceIncreaseApprovedAt: timestamp("price_increase_approved_at", { withTimezone: true }),
    problemReportedAt: timestamp("problem_reported_at", { withTimezone: true }),
    problemNote: text("problem_note"),
    // A visit of a recurring series (issue 17): the series and the date its rule gave this visit, which
    // never changes (a moved visit keeps it), so generating visits twice cannot make two of one date.
    seriesId: uuid("series_id").references((): AnyPgColumn => jobSeries.id, { onDelete: "set null" }),
    seriesDate: date("series_date", { mode: "string" }),
    // The landscaper moved this visit (weather): when, why, from which date; the customer may decline.
    movedAt: timestamp("moved_at", { withTimezone: true }),
    movedFrom: date("moved_from", { mode: "string" }),
    moveReason: text("move_reason"),
    moveDeclinedAt: timestamp("move_declined_at", { withTimezone: true }),
    // The visit: 1, then 2 after a redo (photos and arrival times belong to one visit).
    visit: smallint("visit").notNull().default(1),
    // Arrival on the visit's day (reset for a redo visit); the times feed the on-time figure.
    onTheWayAt: timestamp("on_the_way_at", { withTimezone: true }),
    etaAt: timestamp("eta_at", { withTimezone: true }),
    arrivedAt: timestamp("arrived_at", { withTimezone: true }),
    workStartedAt: timestamp("work_started_at", { withTimezone: true }),
    // The latest problem report and how it went; problem_reported_at above is this visit's flag that holds
    // the capture, cleared when a redo visit is scheduled, while these keep the dispute's record.
    problemReason: text("problem_reason"),
    disputeReportedAt: timestamp("dispute_reported_at", { withTimezone: true }),
    redoDate: date("redo_date", { mode: "string" }),
    redoNote: text("redo_note"),
    redoOfferedAt: timestamp("redo_offered_at", { withTimezone: true }),
    redoDeclinedAt: timestamp("redo_declined_at", { withTimezone: true }),
    disputeResolution: text("dispute_resolution"),
    disputeResolutionNote: text("dispute_resolution_note"),
    disputeResolvedAt: timestamp("dispute_resolved_at", { withTimezone: true }),
    // Nothing waits silently (issue 38, docs/decisions/029-nothing-waits.md): when the request last started
    // waiting for a pro (null: since it was created), each step of the 12 h / 24 h ladder once, a booked visit
    // given back that waits for its re-offer, and when our team last wrote to the customer about it.
    waitingSince: timestamp("waiting_since", { withTimezone: true }),
    reannouncedAt: timestamp("reannounced_at", { withTimezone: true }),
    needsProAt: timestamp("needs_pro_at", { withTimezone: true }),
    reofferDueAt: timestamp("reoffer_due_at", { withTimezone: true }),
    customerToldAt: timestamp("customer_told_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index("job_customer_idx").on(t.customerId, t.createdAt),
    index("job_customer_email_idx").on(t.customerEmail),
    index("job_landscaper_idx").on(t.landscaperId, t.status),
    index("job_status_created_idx").on(t.status, t.createdAt),
    // (created_at, id) is both the order and the keyset of the admin job list and the CSV export: the index
    // answers the row comparison and the tie-break on id itself, with no sort step for jobs of one instant.
    index("job_created_id_idx").on(t.createdAt, t.id),
    // The Resolutions page: reported jobs, newest first.
    index("job_dispute_idx").on(t.disputeReportedAt).where(sql`${t.disputeReportedAt} is not null`),
    uniqueIndex("job_series_date_idx").on(t.seriesId, t.seriesDate).where(sql`${t.seriesId} is not null`),
    // The schedule and the late lock-out read a landscaper's visits by date.
    index("job_landscaper_date_idx")
      .on(t.landscaperId, t.scheduledDate)
      .where(sql`${t.status} = 'scheduled'`),
    // A pro's record (landscapers/reliability.ts) from the index alone: it reads these columns of their
    // completed and scheduled visits, and the booking list reads it for every pro who could come (a thousand
    // in a busy ZIP at 1M jobs: 100k visits, a heap fetch each without it).
    index("job_landscaper_record_idx")
      .on(t.landscaperId, t.status, t.scheduledDate, t.arrivedAt, t.workStartedAt, t.onTheWayAt, t.rating)
      .where(sql`${t.status} in ('completed', 'scheduled')`),
    // Open requests by ZIP, the landscaper queue's area. Its count for the tiles is answered from the index
    // alone (an index-only scan): the index carries every column that count reads, the id ("not declined
    // by me"), the date and the services its filters compare. Key columns rather than INCLUDE, which
    // drizzle-kit does not write; with the id in it each key is unique anyway.
    // Admin → Health (issue 38): a customer's first completed visit and their next visit's date, from the index.
    index("job_customer_visits_idx")
      .on(t.customerId, t.status, t.completedAt, t.scheduledDate, t.id)
      .where(sql`${t.status} in ('scheduled', 'completed')`),
    index("job_pending_zip_date_idx")
      .on(t.zipCode, t.preferredDate, t.id, t.selectedServices)
      .where(sql`${t.status} = 'pending'`),
    // The nothing-waits pass (issue 38): open requests by how long they have waited, until Needs a pro.
    index("job_waiting_idx")
      .on(sql`coalesce(${t.waitingSince}, ${t.createdAt})`)
      .where(sql`${t.status} = 'pending' and ${t.needsProAt} is null`),
    index("job_reoffer_idx").on(t.reofferDueAt).where(sql`${t.reofferDueAt} is not null`),
    index("job_search_trgm_idx").using(
      "gin",
      sql`(lower(${t.customerName} || ' ' || ${t.serviceType} || ' ' || ${t.customerEmail})) gin_trgm_ops`,
    ),
  ],
);

export const jobDecline = pgTable(
  "job_decline",
  {
    jobId: belongsToJob(),
    landscaperId: ownedBy("landscaper_id"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.jobId, t.landscaperId] }),
    // A landscaper's declines, which every read of their queue lists ("not declined by me", the declined
    // count and section); the primary key leads with the job, so they were a scan of everyone's declines.
    index("job_decline_landscaper_idx").on(t.landscaperId, t.jobId),
  ],
);

export const jobEvent = pgTable(
  "job_event",
  {
    id: uuidId(),
    jobId: belongsToJob(),
    actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
    fromStatus: jobStatus("from_status"),
    toStatus: text("to_status").notNull(),
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [
    index("job_event_job_idx").on(t.jobId, t.createdAt),
    // The reliability figures count a landscaper's withdrawals and missed visits by actor: only those rows.
    index("job_event_actor_lost_idx")
      .on(t.actorId)
      .where(sql`${t.toStatus} in ('pending', 'missed', 'released')`),
    // The admin's booking figures (issue 35) read a range of days' bookings and releases: those rows by time,
    // not every event of every job.
    index("job_event_booking_time_idx")
      .on(t.createdAt)
      .where(sql`${t.toStatus} in ('scheduled', 'released')`),
    // Admin → Health (issue 38) reads a period's bookings, withdrawals, releases, misses, cancellations,
    // completions and problem reports from the index alone; the predicate is admin/health-facts.ts's HEALTH_EVENTS.
    index("job_event_health_idx")
      .on(t.createdAt, t.toStatus, t.fromStatus, t.jobId, t.actorId)
      .where(sql.raw(HEALTH_EVENT_PREDICATE)),
  ],
);

/**
 * A photo of a job (issue 16): re-encoded by sharp (EXIF removed; the capture time kept here, the location
 * never), at most 2048 px plus a 400 px thumbnail, both private in the storage under job-photos/<job>/.
 */
export const jobPhoto = pgTable(
  "job_photo",
  {
    id: uuidId(),
    jobId: belongsToJob(),
    kind: text("kind").notNull(),
    visit: smallint("visit").notNull(),
    uploaderId: text("uploader_id").references(() => user.id, { onDelete: "set null" }),
    key: text("key").notNull(),
    thumbKey: text("thumb_key").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    bytes: integer("bytes").notNull(),
    takenAt: timestamp("taken_at", { withTimezone: true }),
    // A photo sent with a price change (kind 'price_change'): the request it belongs to; null for proof.
    priceChangeId: uuid("price_change_id").references((): AnyPgColumn => jobPriceChange.id, {
      onDelete: "cascade",
    }),
    createdAt: createdAt(),
  },
  (t) => [
    index("job_photo_job_idx").on(t.jobId, t.createdAt),
    index("job_photo_price_change_idx").on(t.priceChangeId).where(sql`${t.priceChangeId} is not null`),
  ],
);

/** A message in a job's conversation. The body is stored as sent, or masked when sent before scheduling. */
export const jobMessage = pgTable(
  "job_message",
  {
    id: uuidId(),
    jobId: belongsToJob(),
    senderId: text("sender_id").references(() => user.id, { onDelete: "set null" }),
    senderRole: text("sender_role").notNull(),
    senderName: text("sender_name").notNull(),
    body: text("body").notNull(),
    masked: boolean("masked").notNull().default(false),
    imageKey: text("image_key"),
    imageThumbKey: text("image_thumb_key"),
    createdAt: createdAt(),
  },
  (t) => [
    index("job_message_job_idx").on(t.jobId, t.createdAt),
    // The unread-message email pass reads the last two days' messages across jobs.
    index("job_message_created_idx").on(t.createdAt),
  ],
);

/** Someone reported a message to our team. */
export const jobMessageReport = pgTable(
  "job_message_report",
  {
    messageId: uuid("message_id")
      .notNull()
      .references(() => jobMessage.id, { onDelete: "cascade" }),
    reporterId: ownedBy("reporter_id"),
    reason: text("reason").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.reporterId] })],
);

/**
 * Where each person stands in a job's conversation: read up to `last_read_at`; `last_emailed_at` keeps the
 * unread-message email to one per conversation per hour.
 */
export const conversationMember = pgTable(
  "conversation_member",
  {
    jobId: belongsToJob(),
    userId: ownedBy("user_id"),
    lastReadAt: timestamp("last_read_at", { withTimezone: true }),
    lastEmailedAt: timestamp("last_emailed_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.userId] })],
);

/**
 * A recurring service (issue 17): weekly, every 2 weeks or monthly visits of one customer by one landscaper,
 * each visit its own job (`job.series_id`). Requested from the quote form, offered by a landscaper with a
 * price per visit and a weekday, approved once by the customer; visits are generated 8 weeks ahead.
 */
export const jobSeries = pgTable(
  "job_series",
  {
    id: uuidId(),
    number: integer("number").generatedAlwaysAsIdentity({ startWith: 101 }).notNull().unique(),
    customerId: text("customer_id").references(() => user.id, { onDelete: "set null" }),
    landscaperId: text("landscaper_id").references(() => user.id, { onDelete: "set null" }),
    ...requestColumns(),
    additionalNotes: text("additional_notes"),
    // weekly | biweekly | monthly (monthly: the same weekday of the same week of each month).
    frequency: text("frequency").notNull(),
    // 0 Sunday … 6 Saturday, set by the landscaper's offer; the visits' rule starts on `start_date`.
    weekday: smallint("weekday"),
    pricePerVisitCents: integer("price_per_visit_cents"),
    // The customer asked to move the visits to this weekday; it applies only once the landscaper agrees
    // (they agreed to the current one). Cleared by the answer or the customer's withdrawal.
    requestedWeekday: smallint("requested_weekday"),
    weekdayRequestedAt: timestamp("weekday_requested_at", { withTimezone: true }),
    // requested | offered | active | paused | cancelled
    status: text("status").notNull().default("requested"),
    startDate: date("start_date", { mode: "string" }).notNull(),
    pausedUntil: date("paused_until", { mode: "string" }),
    // Visits exist up to this date; the generation pass extends it to 8 weeks ahead.
    generatedThrough: date("generated_through", { mode: "string" }),
    offeredAt: timestamp("offered_at", { withTimezone: true }),
    approvedAt: timestamp("approved_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancelReason: text("cancel_reason"),
    ...timestamps,
  },
  (t) => [
    index("job_series_customer_idx").on(t.customerId),
    index("job_series_landscaper_idx").on(t.landscaperId, t.status),
    index("job_series_active_idx").on(t.generatedThrough).where(sql`${t.status} = 'active'`),
  ],
);

/**
 * A price change before the work (issue 34, docs/decisions/020-price-change-before-work.md): the landscaper of a
 * firm-priced job asks a new price (a series: per visit) with a reason and photos (job_photo.price_change_id);
 * only the customer answers. `status`: open | approved | declined | withdrawn | lapsed. One open request per
 * job and per series, which the partial unique indexes keep whatever two instances do at once.
 */
export const jobPriceChange = pgTable(
  "job_price_change",
  {
    id: uuidId(),
    jobId: belongsToJob(),
    // The series whose price per visit it asks to change, for a visit of one.
    seriesId: uuid("series_id").references(() => jobSeries.id, { onDelete: "cascade" }),
    landscaperId: text("landscaper_id").references(() => user.id, { onDelete: "set null" }),
    // The agreed price when asked and the price asked (per visit for a series).
    agreedCents: integer("agreed_cents").notNull(),
    askedCents: integer("asked_cents").notNull(),
    reason: text("reason").notNull(),
    status: text("status").notNull().default("open"),
    createdAt: createdAt(),
    // Answered, withdrawn or lapsed.
    closedAt: timestamp("closed_at", { withTimezone: true }),
  },
  (t) => [
    index("job_price_change_job_idx").on(t.jobId, t.createdAt),
    index("job_price_change_series_idx").on(t.seriesId, t.createdAt).where(sql`${t.seriesId} is not null`),
    uniqueIndex("job_price_change_open_job_idx").on(t.jobId).where(sql`${t.status} = 'open'`),
    uniqueIndex("job_price_change_open_series_idx")
      .on(t.seriesId)
      .where(sql`${t.status} = 'open' and ${t.seriesId} is not null`),
  ],
);
