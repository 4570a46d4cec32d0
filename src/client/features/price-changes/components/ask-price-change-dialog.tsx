import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { MAX_PRICE_INCREASE_RATIO, maxFinalPriceCents } from "../../../../shared/jobs";
import {
  type AskPriceChangeInput,
  askPriceChangeSchema,
  PRICE_CHANGE_REASON_MAX,
  priceChangeMessages,
} from "../../../../shared/price-change";
import { formatCents, formatEarnedCents, jobLabel } from "../../../../shared/services";
import { FormAlert } from "../../../components/form-alert";
import { FormDialog, useDialogState } from "../../../components/form-dialog";
import { ReasonField } from "../../../components/reason-field";
import { FormField } from "../../../components/ui/form-field";
import { MoneyInput } from "../../../components/ui/input";
import { ApiError } from "../../../lib/api-client";
import { failureMessage, showServerFieldErrors } from "../../../lib/form-errors";
import type { JobActionProps } from "../../../lib/job-action-props";
import { toast } from "../../../lib/toast";
import { PhotoPicker, useUploadProgress } from "../../proof";
import { useAskPriceChange } from "../api/price-changes";

/**
 * 'Ask for a price change' (a job with a firm price, before the landscaper sets off): the new price (a series:
 * per visit), up to MAX_PRICE_INCREASE_RATIO above the agreed one or lower, why, and 1–6 photos that show it,
 * sent together. The customer answers; until then, and after a no, the agreed price stands.
 */

/** " You would receive $52.50." for a typed price, so the ask is weighed in the landscaper's own money. */
function payHint(typed: unknown, agreedCents: number): string {
  const cents = Math.round(Number(typed) * 100);
  if (typed === "" || typed == null || !Number.isFinite(cents) || cents <= 0 || cents === agreedCents)
    return "";
  return ` At ${formatCents(cents)} you would receive ${formatEarnedCents(cents)}.`;
}

export function AskPriceChangeDialog({ job, disabled, describedBy }: JobActionProps) {
  const ask = useAskPriceChange();
  const progress = useUploadProgress();
  const [files, setFiles] = useState<File[]>([]);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const form = useForm<AskPriceChangeInput, unknown, AskPriceChangeInput>({
    resolver: zodResolver(askPriceChangeSchema, undefined, { raw: true }),
    defaultValues: { price: "", reason: "" },
  });
  const { errors } = form.formState;
  const { dialog, close } = useDialogState({
    locked: ask.isPending,
    onClose: () => {
      form.reset();
      setFiles([]);
      setPhotoError(null);
    },
  });
  const perVisit = job.series != null;
  const agreedCents = (perVisit ? job.series?.pricePerVisitCents : job.quotedPriceCents) ?? 0;
  const agreed = formatCents(agreedCents);
  const maxCents = maxFinalPriceCents(agreedCents);
  const customer = job.contactHidden || !job.customerName ? "the customer" : job.customerName;
  const typedPrice = useWatch({ control: form.control, name: "price" });

  const onSubmit = form.handleSubmit(async (values) => {
    const askedCents = Math.round(Number(values.price) * 100);
    if (askedCents > maxCents) {
      form.setError(
        "price",
        { message: priceChangeMessages.tooHigh(formatCents(maxCents), agreed) },
        { shouldFocus: true },
      );
      return;
    }
    if (askedCents === agreedCents) {
      form.setError("price", { message: priceChangeMessages.samePrice(agreed) }, { shouldFocus: true });
      return;
    }
    if (files.length === 0) {
      setPhotoError(priceChangeMessages.photoNeeded);
      return;
    }
    try {
      const answer = await ask.mutateAsync({
        jobId: job.id,
        price: String(values.price),
        reason: values.reason,
        files,
        onProgress: progress.track,
      });
      toast({ title: answer.message, variant: "success" });
      close();
      form.reset();
      setFiles([]);
    } catch (error) {
      if (error instanceof ApiError && error.fields?.photos) {
        setPhotoError(error.fields.photos);
        return;
      }
      if (showServerFieldErrors(form.setError, error, ["price", "reason"])) return;
      // A photo the server could not read, or a job that moved on: said in the dialog, which stays open.
      form.setError("root", { message: failureMessage(error) });
    } finally {
      progress.reset();
    }
  });

  return (
    <FormDialog
      dialog={dialog}
      trigger={{ label: "Ask for a price change", size: "sm", variant: "outline", disabled, describedBy }}
      title={<>Ask for a price change on {jobLabel(job.number)}</>}
      description={
        <>
          If the property is not what the quote described, ask {customer} for a new price
          {perVisit ? " per visit (this visit and the later ones)" : ""} before you go. Until they answer the
          agreed {agreed} stands; if they decline, you can keep the job at that price or withdraw with no mark
          on your record.
        </>
      }
      onSubmit={onSubmit}
      submitLabel="Send to the customer"
      pendingLabel={progress.percent === null ? "Sending..." : progress.label}
      pending={ask.isPending}
    >
      <FormField
        label={perVisit ? "New price per visit (USD)" : "New price (USD)"}
        required
        error={errors.price?.message}
        description={`Agreed: ${agreed} (you receive ${formatEarnedCents(agreedCents)}). At most ${formatCents(maxCents)} (${1 + MAX_PRICE_INCREASE_RATIO} × the agreed price); lower is allowed.${payHint(typedPrice, agreedCents)}`}
      >
        <MoneyInput aria-required="true" {...form.register("price")} />
      </FormField>
      <ReasonField
        form={form}
        name="reason"
        label="Why should the price change?"
        description="The customer reads this with your photos."
        placeholder="For example: the back lawn is twice the size the quote described."
        maxLength={PRICE_CHANGE_REASON_MAX}
      />
      <PhotoPicker
        jobId={job.id}
        kind="price_change"
        uploaded={[]}
        files={files}
        onFilesChange={(next) => {
          setFiles(next);
          setPhotoError(null);
        }}
        label="Photos that show why"
        required
        description="At least one."
        error={photoError}
        disabled={ask.isPending}
      />
      <FormAlert message={errors.root?.message} />
    </FormDialog>
  );
}
