import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { formatShortDate } from "../../../../../shared/dates";
import { completeJobSchema, maxFinalPriceCents, priceRequestMessages } from "../../../../../shared/jobs";
import { photoMessages } from "../../../../../shared/proof";
import { formatCents, jobLabel } from "../../../../../shared/services";
import { FormAlert } from "../../../../components/form-alert";
import { FormDialog, useDialogState } from "../../../../components/form-dialog";
import { ReasonField } from "../../../../components/reason-field";
import { Alert, AlertDescription } from "../../../../components/ui/alert";
import { FormField } from "../../../../components/ui/form-field";
import { MoneyInput } from "../../../../components/ui/input";
import { ApiError } from "../../../../lib/api-client";
import { showServerFieldErrors } from "../../../../lib/form-errors";
import type { JobActionProps } from "../../../../lib/job-action-props";
import { toast } from "../../../../lib/toast";
import { fieldJobTitle } from "../../../field";
import { dialogFailure, PhotoPicker, useUploadThen } from "../../../proof";
import { useJobAction } from "../../api/jobs";
import { dollars } from "./job-action-dialogs";

type CompleteInput = z.input<typeof completeJobSchema>;

/**
 * Complete: 1–6 photos of the finished work and the final price (starting at the price the customer
 * approved; above it, up to `maxFinalPriceCents` with a reason, it is a request the customer answers). The photos are uploaded first, then the job is completed; the server refuses a completion
 * without an 'after' photo of this visit, and its messages show in the dialog. Photos uploaded by a try
 * that then failed stay on the job (shown, removable) so a second try only completes.
 */
export function CompleteJobDialog({
  job,
  disabled,
  describedBy,
  secondary = false,
}: JobActionProps & { secondary?: boolean }) {
  const action = useJobAction();
  const photos = useUploadThen(job, "after");
  const form = useForm<CompleteInput, unknown, CompleteInput>({
    resolver: zodResolver(completeJobSchema, undefined, { raw: true }),
    defaultValues: { finalPrice: dollars(job.quotedPriceCents) },
  });
  const { errors } = form.formState;
  const busy = photos.uploading || action.isPending;
  const { dialog, close } = useDialogState({
    locked: busy,
    onClose: () => {
      form.clearErrors();
      photos.clear();
    },
  });
  const agreedCents = job.quotedPriceCents ?? 0;
  const maxCents = maxFinalPriceCents(agreedCents);
  const typed = Number(useWatch({ control: form.control, name: "finalPrice" }));
  const asksMore = Number.isFinite(typed) && Math.round(typed * 100) > agreedCents;

  const onSubmit = form.handleSubmit(async (values) => {
    if (photos.uploaded.length + photos.files.length === 0) {
      photos.setPhotoError(photoMessages.completeNeedsPhoto);
      return;
    }
    const askedCents = Math.round(Number(values.finalPrice) * 100);
    if (askedCents > maxCents) {
      form.setError(
        "finalPrice",
        { message: priceRequestMessages.tooHigh(formatCents(maxCents), formatCents(agreedCents)) },
        { shouldFocus: true },
      );
      return;
    }
    if (askedCents > agreedCents && !values.reason?.trim()) {
      form.setError("reason", { message: priceRequestMessages.reasonNeeded }, { shouldFocus: true });
      return;
    }
    await photos.uploadThen(async () => {
      try {
        const answer = await action.mutateAsync({
          jobId: job.id,
          jobTitle: fieldJobTitle(job),
          action: "complete",
          body: {
            finalPrice: String(values.finalPrice),
            ...(askedCents > agreedCents ? { reason: values.reason ?? "" } : {}),
          },
        });
        toast({ title: answer.message, variant: "success" });
        close();
      } catch (error) {
        if (error instanceof ApiError && error.fields?.photos) {
          photos.setPhotoError(error.fields.photos);
          return;
        }
        if (showServerFieldErrors(form.setError, error, ["finalPrice", "reason"])) return;
        dialogFailure(error, (message) => form.setError("root", { message }), close);
      }
    });
  });

  return (
    <FormDialog
      dialog={dialog}
      trigger={{
        // Before the visit's day it is only for work done early by agreement (issue 33 review): said so.
        label: secondary ? "Done early? Mark complete" : "Mark Complete",
        size: "sm",
        variant: secondary ? "outline" : "default",
        disabled,
        describedBy,
      }}
      title={<>Complete {jobLabel(job.number)}</>}
      description={
        <>
          Add photos of the finished work and what {job.customerName} pays for it. They'll see the photos and
          be asked to approve the work; their card is charged then.
        </>
      }
      onSubmit={onSubmit}
      {...photos.labels({
        submit: "Mark Complete",
        withPhotos: "Upload photos and complete",
        pending: "Saving...",
      })}
      pending={busy}
    >
      {secondary && job.scheduledDate ? (
        <Alert variant="warning">
          <AlertDescription>
            This visit is booked for {formatShortDate(job.scheduledDate)}. Complete it now only if you did the
            work early, as agreed with {job.customerName || "the customer"}: they are told it is done and
            asked to approve it, and their card is charged when they do (or after 48 hours).
          </AlertDescription>
        </Alert>
      ) : null}
      <PhotoPicker
        {...photos.picker}
        label="Photos of the finished work"
        required
        description="At least one, showing the work done."
        disabled={busy}
      />
      <FormField
        label="Final price (USD)"
        required
        error={errors.finalPrice?.message}
        description={`Agreed: ${formatCents(agreedCents)}. Up to ${formatCents(maxCents)} if the job took more; the customer is asked to approve a higher price, and pays the agreed ${formatCents(agreedCents)} unless they say yes.`}
      >
        <MoneyInput aria-required="true" {...form.register("finalPrice")} />
      </FormField>
      {asksMore ? (
        <ReasonField
          form={form}
          name="reason"
          label="Why is the price higher?"
          placeholder="For example: the back yard had a second hedge line to trim."
        />
      ) : null}
      <FormAlert message={errors.root?.message} />
    </FormDialog>
  );
}
