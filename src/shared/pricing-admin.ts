import { z } from "zod";
import { addDaysIso, formatLongDate, formatShortDate, isValidIsoDate, todayInCharlotte } from "./dates.js";
import { grassHeightLabels, type RateCard, rateCardSchema, type SizeTier, sizeTiers } from "./pricing.js";
import { type Frequency, frequencyLabel } from "./recurring.js";
import { formatCents, type ServiceId, serviceIds, serviceName } from "./services.js";

/*
 * Admin → Pricing (issue 34, item 3): publishing a new rate card. The form and the server parse the same
 * schema, in the units people type (dollars, percentages), and it answers the card in the units the price is
 * computed in (cents, basis points). A published version never changes: quotes record the version they used.
 */

/** How far ahead a version may be scheduled (from today, Charlotte). */
export const MAX_SCHEDULE_DAYS = 365;
export const RATE_CARD_NOTE_MAX = 500;

/** What an admin may type, per kind of figure: dollars, or percentages. */
export const rateCardBounds = {
  /** A service's price per visit for one lawn size, before the frequency factor. */
  price: { min: 1, max: 10_000 },
  /** A frequency's share of the price per visit (weekly 100%, one time 135%...). */
  frequency: { min: 50, max: 300 },
  /** The first visit's surcharge for tall grass, as a share of that visit's price. */
  surcharge: { min: 0, max: 300 },
  /** The least a visit costs, whatever its services. */
  minimum: { min: 0, max: 1_000 },
} as const;

/** The frequencies in the order the form and the preview list them. */
export const cardFrequencies = ["weekly", "biweekly", "monthly", "one_time"] as const satisfies Frequency[];
/** Normal grass has no surcharge; the other two heights are set on the card. */
export const surchargedHeights = ["tall", "overgrown"] as const;
export type SurchargedHeight = (typeof surchargedHeights)[number];

/** "Lawn Mowing, 5,000–10,000 sq ft": each price input's name, and the words of its messages. */
export const priceFieldLabel = (service: ServiceId, tier: SizeTier) =>
  `${serviceName(service)}, ${sizeTiers.find((t) => t.id === tier)!.label}`;
/** "Grass over 12 in". */
export const surchargeFieldLabel = (height: SurchargedHeight) =>
  `Grass ${grassHeightLabels[height].toLowerCase()}`;
export const MINIMUM_LABEL = "Minimum per visit";

type Unit = "dollars" | "percent";

/**
 * Hundredths of a figure as typed ("42.5" → 4250: cents of dollars, basis points of a percentage), "empty",
 * or null when it is not such a number. The form's live preview reads the figures with it too.
 */
export function figureHundredths(value: string | number): number | "empty" | null {
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return null;
    const scaled = Math.round(value * 100);
    return Math.abs(scaled - value * 100) < 1e-6 ? scaled : null;
  }
  // Lengths before anything else: no figure on the card is longer than this.
  if (value.length > 12) return null;
  const text = value.trim();
  if (text === "") return "empty";
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(text)) return null;
  const [whole = "0", fraction = ""] = text.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/**
 * One figure of the card as typed (text from an input, or a number), answered in hundredths: cents for
 * dollars, basis points for percentages. Each message names the figure, so a list of them reads alone.
 */
function figure(
  label: string,
  unit: Unit,
  bounds: { min: number; max: number },
  { example, empty }: { example: string; empty?: string },
) {
  const show = (n: number) => (unit === "dollars" ? formatCents(n * 100) : `${n}%`);
  empty ??= unit === "dollars" ? `Enter a price for ${label}.` : `Enter a percentage for ${label}.`;
  const shape =
    unit === "dollars"
      ? `${label}: enter dollars and cents, like ${example}.`
      : `${label}: enter a percentage, like ${example}.`;
  const range = `${label} must be from ${show(bounds.min)} to ${show(bounds.max)}.`;
  return z.union([z.string(), z.number()], { message: empty }).transform((value, ctx) => {
    const hundredths = figureHundredths(value);
    const problem =
      hundredths === "empty"
        ? empty
        : hundredths === null
          ? shape
          : hundredths < bounds.min * 100 || hundredths > bounds.max * 100
            ? range
            : null;
    if (problem !== null || typeof hundredths !== "number") {
      ctx.addIssue({ code: "custom", message: problem ?? shape });
      return z.NEVER;
    }
    return hundredths;
  });
}

/** `{ key: make(key) }` for every key, typed by its keys (an object schema's shape). */
function shapeOf<K extends string, V>(keys: readonly K[], make: (key: K) => V): Record<K, V> {
  return Object.fromEntries(keys.map((key) => [key, make(key)])) as Record<K, V>;
}

const dateMessage = "Choose the date the new prices start.";

/**
 * The new version as the Pricing form has it and POST /api/admin/pricing takes it: the date it starts (today
 * to a year ahead, Charlotte), why, and every figure of the card. Answers the card in cents and basis points.
 */
export const publishRateCardSchema = z
  .object(
    {
      effectiveFrom: z
        .string({ message: dateMessage })
        .max(10, { message: dateMessage, abort: true })
        .superRefine((value, ctx) => {
          if (!isValidIsoDate(value)) {
            ctx.addIssue({ code: "custom", message: dateMessage });
            return;
          }
          const today = todayInCharlotte();
          const last = addDaysIso(today, MAX_SCHEDULE_DAYS);
          // A version starting in the past would re-price quotes already given: today is the earliest.
          if (value < today || value > last)
            ctx.addIssue({
              code: "custom",
              message: `Choose a date from today to ${formatShortDate(last)}.`,
            });
        }),
      note: z
        .string({ message: "Say why the prices change." })
        .max(RATE_CARD_NOTE_MAX, {
          message: `Please keep the note under ${RATE_CARD_NOTE_MAX} characters.`,
          abort: true,
        })
        .trim()
        .min(1, { message: "Say why the prices change." }),
      prices: z.object(
        shapeOf(serviceIds, (service) =>
          z.object(
            shapeOf(
              sizeTiers.map((t) => t.id),
              (tier) =>
                figure(priceFieldLabel(service, tier), "dollars", rateCardBounds.price, { example: "42.50" }),
            ),
            { message: `Enter the prices of ${serviceName(service)}.` },
          ),
        ),
        { message: "Enter the prices." },
      ),
      frequencyPercent: z.object(
        shapeOf(cardFrequencies, (frequency) =>
          figure(frequencyLabel[frequency], "percent", rateCardBounds.frequency, { example: "110" }),
        ),
        { message: "Enter the frequency percentages." },
      ),
      surchargePercent: z
        .object(
          shapeOf(surchargedHeights, (height) =>
            figure(surchargeFieldLabel(height), "percent", rateCardBounds.surcharge, { example: "50" }),
          ),
          { message: "Enter the first visit's surcharges." },
        )
        .superRefine((value, ctx) => {
          // Taller grass is more work: its surcharge is never the smaller one.
          if (value.overgrown < value.tall)
            ctx.addIssue({
              code: "custom",
              path: ["overgrown"],
              message: `${surchargeFieldLabel("overgrown")} must be at least the ${grassHeightLabels.tall} surcharge (${value.tall / 100}%).`,
            });
        }),
      minimumPerVisit: figure(MINIMUM_LABEL, "dollars", rateCardBounds.minimum, {
        example: "35.00",
        empty: "Enter the minimum per visit (0 for none).",
      }),
    },
    { message: "Send the new rate card." },
  )
  .transform(({ effectiveFrom, note, prices, frequencyPercent, surchargePercent, minimumPerVisit }) => ({
    effectiveFrom,
    note,
    card: {
      baseCents: prices,
      frequencyBp: frequencyPercent,
      heightSurchargeBp: { normal: 0, ...surchargePercent },
      minimumPerVisitCents: minimumPerVisit,
    } satisfies Omit<RateCard, "version" | "effectiveFrom">,
  }));
export type PublishRateCardInput = z.input<typeof publishRateCardSchema>;
export type PublishRateCard = z.output<typeof publishRateCardSchema>;

/** The form's values for `card` (what it shows before any edit): dollars with cents, plain percentages. */
export function rateCardFormValues(
  card: Omit<RateCard, "version" | "effectiveFrom">,
  effectiveFrom: string,
  note = "",
): PublishRateCardInput {
  const dollars = (cents: number) => (cents / 100).toFixed(2);
  const percent = (bp: number) => String(bp / 100);
  return {
    effectiveFrom,
    note,
    prices: shapeOf(serviceIds, (service) =>
      shapeOf(
        sizeTiers.map((t) => t.id),
        (tier) => dollars(card.baseCents[service][tier]),
      ),
    ),
    frequencyPercent: shapeOf(cardFrequencies, (frequency) => percent(card.frequencyBp[frequency])),
    surchargePercent: shapeOf(surchargedHeights, (height) => percent(card.heightSurchargeBp[height])),
    minimumPerVisit: dollars(card.minimumPerVisitCents),
  };
}

/* ---------------- GET /api/admin/pricing ---------------- */

/**
 * Where a version stands: in force today, scheduled for a later date, past (it was in force, or its day has
 * come and gone), or replaced (scheduled, but a newer version takes the same date, so it never will be).
 */
export const rateCardStatuses = ["in_force", "scheduled", "past", "replaced"] as const;
export type RateCardStatus = (typeof rateCardStatuses)[number];
export const rateCardStatusLabel: Record<RateCardStatus, string> = {
  in_force: "In force",
  scheduled: "Scheduled",
  past: "Past",
  replaced: "Replaced before it started",
};

const publication = {
  note: z.string().nullable(),
  /** The admin's name; null for the launch card and for an account since removed. */
  publishedBy: z.string().nullable(),
  /** ISO timestamp. */
  publishedAt: z.string(),
};

/** A published version with who published it, when and why. */
export const publishedRateCardSchema = rateCardSchema.extend(publication);
export type PublishedRateCard = z.infer<typeof publishedRateCardSchema>;

export const rateCardHistoryEntrySchema = z.object({
  version: z.number(),
  effectiveFrom: z.string(),
  ...publication,
  status: z.enum(rateCardStatuses),
});
export type RateCardHistoryEntry = z.infer<typeof rateCardHistoryEntrySchema>;

export const adminPricingAnswerSchema = z.object({
  /** Charlotte's today as the server counts it: the earliest date a new version may take. */
  today: z.string(),
  inForce: publishedRateCardSchema,
  /** Versions that take over on a later date, soonest first. */
  scheduled: z.array(publishedRateCardSchema),
  /** Every version, newest first. */
  history: z.array(rateCardHistoryEntrySchema),
  /** The number the next publication takes, unless another admin publishes first. */
  nextVersion: z.number(),
});
export type AdminPricingAnswer = z.infer<typeof adminPricingAnswerSchema>;

export const publishRateCardAnswerSchema = z.object({
  message: z.string(),
  version: z.number(),
  effectiveFrom: z.string(),
});
export type PublishRateCardAnswer = z.infer<typeof publishRateCardAnswerSchema>;

/** What publishing says: from when new quotes use the version, and that prices already quoted stand. */
export function publishedMessage(version: number, effectiveFrom: string, today: string): string {
  const when =
    effectiveFrom <= today
      ? "new quotes use it from now"
      : `new quotes use it from ${formatLongDate(effectiveFrom)}`;
  return `Version ${version} published: ${when}. Prices already quoted stay as quoted.`;
}

/**
 * The firm price's figures (issue 34) over the analytics range: requests since sizes were asked (a size answer
 * recorded), the share priced firm, price changes asked and approved among jobs landscapers took, and the
 * average firm price per visit of each size tier.
 */
export const pricingFiguresSchema = z.object({
  range: z.number(),
  quotes: z.number(),
  firmQuotes: z.number(),
  /** Jobs with a firm price that a landscaper took (accepted or later). */
  takenFirm: z.number(),
  priceChangesRequested: z.number(),
  priceChangesApproved: z.number(),
  byTier: z.array(
    z.object({ tier: z.string(), label: z.string(), quotes: z.number(), averageCents: z.number() }),
  ),
});
export type PricingFigures = z.infer<typeof pricingFiguresSchema>;
