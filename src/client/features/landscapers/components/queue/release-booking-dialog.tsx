import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { RELEASE_WINDOW_HOURS, releaseBookingSchema } from "../../../../../shared/booking";
import { formatLongDate } from "../../../../../shared/dates";
import { jobLabel } from "../../../../../shared/services";
import { FormDialog } from "../../../../components/form-dialog";
import { ReasonField } from "../../../../components/reason-field";
import type { JobActionProps } from "../../../../lib/job-action-props";
import { useJobAction } from "../../api/jobs";
import { releaseDeadlineText } from "../../lib/release-text";
import { leaveButtonClass, useActionDialog } from "./job-action-dialogs";

type ReleaseInput = z.input<typeof releaseBookingSchema>;

/** The reason's limit, read from the shared schema so the box and the server stop at the same length. */
const REASON_MAX = releaseBookingSchema.shape.reason.maxLength ?? 500;

/**
 * Giving back a booking a customer made at once, within 2 hours of it (POST /api/jobs/:id/release, issue 35):
 * shown only while the job's `releasableUntil` is ahead, with that time under the button. The dialog says
 * what release.ts does: the next-best pro free that day is booked at the same price, else the customer
 * chooses another day or pro (or cancels); it counts as a withdrawal on the pro's record either way.
 */
export function ReleaseBookingDialog({ job, disabled, describedBy }: JobActionProps) {
  const action = useJobAction();
  const deadlineId = useId();
  const form = useForm<ReleaseInput, unknown, ReleaseInput>({
    resolver: zodResolver(releaseBookingSchema, undefined, { raw: true }),
    defaultValues: { reason: "" },
  });
  const dialog = useActionDialog({
    form,
    fields: ["reason"],
    send: (values) =>
      action.mutateAsync({ jobId: job.id, action: "release", body: { reason: values.reason } }),
  });
  const until = job.releasableUntil;
  // Past the time the server refuses: the button goes (the queue refetches every minute meanwhile).
  if (!until || Date.parse(until) <= Date.now()) return null;
  const Customer = job.customerName || "The customer";
  const customer = job.customerName || "the customer";
  const day = job.scheduledDate ? formatLongDate(job.scheduledDate) : "that day";
  return (
    // Full width on phones like the other buttons; from 640 px the button keeps its size, the time under it.
    <div className="grid gap-1 sm:justify-items-start">
      <FormDialog
        {...dialog}
        trigger={{
          label: "Release booking",
          size: "sm",
          variant: "outline",
          className: leaveButtonClass,
          disabled,
          describedBy: [deadlineId, describedBy].filter(Boolean).join(" "),
        }}
        title={<>Release {jobLabel(job.number)}?</>}
        description={
          <>
            {Customer} booked you at once for {day}. If you release it, the next-best pro who is free that day
            is booked at the price {customer} agreed to; if nobody is free, {customer} is asked to choose
            another day or pro, or to cancel. They are told at once either way, and the release counts as a
            withdrawal on your record.
          </>
        }
        submitLabel="Release booking"
        pendingLabel="Releasing..."
        pending={action.isPending}
        submitVariant="destructive"
        cancelLabel="Keep the booking"
      >
        <ReasonField form={form} name="reason" label="Why can't you take it?" maxLength={REASON_MAX} />
        <p className="text-xs text-slate-600">
          Your reason goes to our team. {Customer} is told that you could not take the booking, not why.
        </p>
      </FormDialog>
      <p id={deadlineId} className="text-xs text-slate-600">
        {releaseDeadlineText(until)} ({RELEASE_WINDOW_HOURS} hours after it was booked).
      </p>
    </div>
  );
}
