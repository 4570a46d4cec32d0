import { z } from "zod";
import { addDaysIso, isValidIsoDate, todayInCharlotte } from "./dates.js";
import { occurredAtField } from "./field.js";

/**
 * Proof of work, arrival and disputes (issue 16): the photos a job carries, the landscaper's arrival steps and
 * what happens when the customer reports a problem. Routes are under /api/jobs/:id unless noted.
 */

/**
 * before: when the work starts (optional); after: at completion (1–6 needed); problem: with a report. These
 * three are the proof of work, uploaded by POST /api/jobs/:id/photos and shown in the job's galleries.
 */
export const proofPhotoKinds = ["before", "after", "problem"] as const;
/**
 * price_change: sent with a price change before the work (src/shared/price-change.ts), in the same request, and
 * shown with it only: stored and read like the others (same pipeline, same access), never a proof of work.
 */
export const photoKinds = [...proofPhotoKinds, "price_change"] as const;
export type PhotoKind = (typeof photoKinds)[number];
export type ProofPhotoKind = (typeof proofPhotoKinds)[number];
export const photoKindLabel: Record<PhotoKind, string> = {
  before: "Before",
  after: "After",
  problem: "Problem",
  price_change: "Price change",
};
/** At most this many photos of one kind per visit; completing needs at least one 'after' photo. */
export const MAX_PHOTOS_PER_KIND = 6;
/** The file fields of POST /api/jobs/:id/photos: photo1 … photo6, one file each. */
export const photoFields = Array.from({ length: MAX_PHOTOS_PER_KIND }, (_, i) => `photo${i + 1}`);
/** Photos are resized to fit this box (px) and get a thumbnail this wide. */
export const PHOTO_MAX_EDGE = 2048;
export const THUMB_EDGE = 400;

export const jobPhotoSchema = z.object({
  id: z.string(),
  kind: z.enum(photoKinds),
  /** 1 for the first visit, 2 for a redo visit, … */
  visit: z.number(),
  /** When the camera took it (from the photo's EXIF, kept before the EXIF is removed), if it said. */
  takenAt: z.string().nullable(),
  uploadedAt: z.string(),
  width: z.number(),
  height: z.number(),
  /** GET these (signed-in, same access as the job): 400 px and full size JPEG. */
  thumbUrl: z.string(),
  fullUrl: z.string(),
});
export type JobPhoto = z.infer<typeof jobPhotoSchema>;

/** POST /api/jobs/:id/photos (multipart: kind + photo1…photo6); DELETE …/photos/:photoId answers the same. */
export const photoUploadFieldsSchema = z.object({
  kind: z.enum(proofPhotoKinds, { message: "Choose what the photos show." }),
});
export const photosAnswerSchema = z.object({ photos: z.array(jobPhotoSchema), message: z.string() });
export type PhotosAnswer = z.infer<typeof photosAnswerSchema>;

export const photoMessages = {
  none: "Please choose at least one photo.",
  tooMany: `At most ${MAX_PHOTOS_PER_KIND} photos of each kind.`,
  notImage: "Please choose a photo (JPEG, PNG or WebP).",
  unreadable: "This photo could not be read. Please take it again or choose another.",
  tooLarge: "A photo is larger than 10 MB. Please choose a smaller image.",
  completeNeedsPhoto: "Add at least one photo of the finished work before completing the job.",
} as const;

/* ---------- Arrival ---------- */

export const etaChoices = [15, 30, 45, 60] as const;

/** POST /api/jobs/:id/on-my-way: minutes from now, or a time today (HH:MM, Charlotte). */
export const onMyWaySchema = z
  .object({
    etaMinutes: z.coerce
      .number()
      .refine((value) => (etaChoices as readonly number[]).includes(value), {
        message: "Choose 15, 30, 45 or 60 minutes.",
      })
      .optional(),
    etaTime: z
      .string()
      .max(5, { message: "Give the time as HH:MM.", abort: true })
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: "Give the time as HH:MM." })
      .optional(),
    occurredAt: occurredAtField,
  })
  .refine((value) => (value.etaMinutes === undefined) !== (value.etaTime === undefined), {
    message: "Choose when you expect to arrive.",
    path: ["etaMinutes"],
  });
export type OnMyWayInput = z.input<typeof onMyWaySchema>;

/** Where a scheduled visit stands on the day. */
export const visitStages = ["on_the_way", "arrived", "working"] as const;
export type VisitStage = (typeof visitStages)[number];
export const visitStageLabel: Record<VisitStage, string> = {
  on_the_way: "On the way",
  arrived: "Arrived",
  working: "Work started",
};

export const arrivalViewSchema = z.object({
  stage: z.enum(visitStages).nullable(),
  onTheWayAt: z.string().nullable(),
  etaAt: z.string().nullable(),
  arrivedAt: z.string().nullable(),
  workStartedAt: z.string().nullable(),
});
export type ArrivalView = z.infer<typeof arrivalViewSchema>;

/* ---------- Disputes ---------- */

export const problemReasons = ["not_done", "partly_done", "damage", "other"] as const;
export type ProblemReason = (typeof problemReasons)[number];
export const problemReasonLabel: Record<ProblemReason, string> = {
  not_done: "The work was not done",
  partly_done: "The work was only partly done",
  damage: "Something was damaged",
  other: "Something else",
};

/** POST /api/jobs/:id/report-problem (problem photos are uploaded first, kind 'problem'). */
export const reportProblemSchema = z.object({
  reason: z.enum(problemReasons, { message: "Choose what went wrong." }),
  note: z
    .string()
    .trim()
    .min(1, { message: "Tell us what went wrong." })
    .max(2000, { message: "Please keep it under 2000 characters." }),
});
export type ReportProblemInput = z.input<typeof reportProblemSchema>;

/** A redo visit is offered (or set by an admin) within this many days. */
export const REDO_WITHIN_DAYS = 7;
const redoDate = z
  .string()
  .max(10, { message: "Choose a date.", abort: true })
  .refine(isValidIsoDate, { message: "Choose a date." })
  .refine((value) => value >= todayInCharlotte(), { message: "Please choose today or a later date." })
  .refine((value) => value <= addDaysIso(todayInCharlotte(), REDO_WITHIN_DAYS), {
    message: `Please choose a date within ${REDO_WITHIN_DAYS} days.`,
  });

/** POST /api/jobs/:id/offer-redo (the job's landscaper). */
export const offerRedoSchema = z.object({
  date: redoDate,
  note: z.string().trim().max(500, { message: "Please keep it under 500 characters." }).default(""),
});
/** POST /api/jobs/:id/redo/accept and /redo/decline (the customer): no body. */

export const disputeStates = ["open", "redo_offered", "redo_scheduled", "resolved"] as const;
export type DisputeState = (typeof disputeStates)[number];
export const disputeStateLabel: Record<DisputeState, string> = {
  open: "Problem reported",
  redo_offered: "Redo visit offered",
  redo_scheduled: "Redo visit scheduled",
  resolved: "Resolved",
};

export const resolutions = ["redo", "partial_refund", "full_refund", "release_payment"] as const;
export type Resolution = (typeof resolutions)[number];
export const resolutionLabel: Record<Resolution, string> = {
  redo: "Redo visit",
  partial_refund: "Partial refund",
  full_refund: "Full refund",
  release_payment: "Pay the landscaper",
};

export const disputeViewSchema = z.object({
  state: z.enum(disputeStates),
  reason: z.enum(problemReasons),
  note: z.string(),
  reportedAt: z.string(),
  /** The redo visit offered or scheduled, and whether the customer declined the offer. */
  redoDate: z.string().nullable(),
  redoNote: z.string().nullable(),
  redoDeclined: z.boolean(),
  resolution: z.enum(resolutions).nullable(),
  resolutionNote: z.string().nullable(),
  resolvedAt: z.string().nullable(),
});
export type DisputeView = z.infer<typeof disputeViewSchema>;

/** POST /api/admin/jobs/:id/resolve */
export const resolveDisputeSchema = z
  .object({
    resolution: z.enum(resolutions, { message: "Choose how to resolve it." }),
    /** redo: the visit's date. */
    date: z.string().max(10).optional(),
    /** partial_refund: dollars, as the refund form takes them. */
    amount: z.union([z.string().max(20), z.number()]).optional(),
    note: z
      .string()
      .trim()
      .min(1, { message: "Write the note both sides will read." })
      .max(500, { message: "Please keep it under 500 characters." }),
  })
  .superRefine((value, ctx) => {
    if (value.resolution === "redo") {
      const parsed = redoDate.safeParse(value.date ?? "");
      if (!parsed.success)
        ctx.addIssue({ code: "custom", path: ["date"], message: parsed.error.issues[0]!.message });
    }
    if (value.resolution === "partial_refund") {
      const amount = Number(value.amount);
      if (value.amount === undefined || value.amount === "" || !Number.isFinite(amount) || amount < 1)
        ctx.addIssue({ code: "custom", path: ["amount"], message: "Refund amount must be at least $1." });
    }
  });
export type ResolveDisputeInput = z.input<typeof resolveDisputeSchema>;

/** GET /api/admin/resolutions: reported jobs, open ones first, then the last 30 days' resolved ones. */
export const resolutionItemSchema = z.object({
  jobId: z.string(),
  number: z.number(),
  services: z.array(z.string()),
  address: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  landscaperName: z.string().nullable(),
  scheduledDate: z.string().nullable(),
  completedAt: z.string().nullable(),
  finalPriceCents: z.number().nullable(),
  /** held, captured, released… and how much of it can still be refunded. */
  paymentStatus: z.string().nullable(),
  refundableCents: z.number(),
  dispute: disputeViewSchema,
  photos: z.array(jobPhotoSchema),
  messageCount: z.number(),
});
export type ResolutionItem = z.infer<typeof resolutionItemSchema>;
export const resolutionsAnswerSchema = z.object({
  open: z.array(resolutionItemSchema),
  resolved: z.array(resolutionItemSchema),
});
export type ResolutionsAnswer = z.infer<typeof resolutionsAnswerSchema>;
