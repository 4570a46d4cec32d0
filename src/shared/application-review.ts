import { z } from "zod";
import { applicationStatuses } from "./landscapers.js";

export const overrideReasonMessage = "Say why you approve without these documents.";

/**
 * A decision on an application: the approve dialog's form and the server read it. An approval of an
 * application whose required documents are missing needs `overrideMissingDocuments` and a reason, which is
 * kept with the application; the server decides what is missing (the dialog's list is only what it saw).
 */
export const reviewApplicationSchema = z
  .object({
    notes: z.string().trim().max(2000, { message: "Notes are limited to 2000 characters." }).default(""),
    /**
     * The status the reviewer saw. The decision applies only if the application still has it, so two admins
     * deciding at once end with one decision, and the other is told (409) instead of silently overwriting.
     */
    expectedStatus: z.enum(applicationStatuses).optional(),
    overrideMissingDocuments: z.boolean().default(false),
    overrideReason: z
      .string()
      .trim()
      .max(500, { message: "Please keep the reason to 500 characters." })
      .default(""),
  })
  .superRefine((value, ctx) => {
    if (value.overrideMissingDocuments && !value.overrideReason)
      ctx.addIssue({ code: "custom", path: ["overrideReason"], message: overrideReasonMessage });
  });
export type ReviewApplicationInput = z.input<typeof reviewApplicationSchema>;
export type ReviewApplicationValues = z.output<typeof reviewApplicationSchema>;
