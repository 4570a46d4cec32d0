import { z } from "zod";
import type { SiteSettings } from "./site-settings.js";

/** The answer of GET /api/site (`SiteSettings`). */
export const siteSettingsAnswerSchema = z.object({
  social: z.array(z.object({ id: z.enum(["facebook", "instagram", "x", "linkedin"]), url: z.url() })),
  cancellationFeeCents: z.number().int(),
  workApprovalHours: z.number().int(),
}) satisfies z.ZodType<SiteSettings>;
