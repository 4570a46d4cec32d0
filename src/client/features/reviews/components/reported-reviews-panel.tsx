import { zodResolver } from "@hookform/resolvers/zod";
import { Check, EyeOff } from "lucide-react";
import { useId } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { formatCharlotteDateTime } from "../../../../shared/dates";
import { type ReportedReview, removeReviewSchema } from "../../../../shared/reviews";
import { jobLabel } from "../../../../shared/services";
import { FormDialog, useDialogState } from "../../../components/form-dialog";
import { ReasonField } from "../../../components/reason-field";
import { Button } from "../../../components/ui/button";
import { failureMessage, reportSubmitFailure } from "../../../lib/form-errors";
import { toast } from "../../../lib/toast";
import { useModerateReview, useReportedReviews } from "../api/reviews";
import { StarGroups } from "./stars";

/**
 * Reported reviews on /admin/resolutions: each with its text as written and the reports. An admin keeps it as
 * written or removes it with a reason, which shows in its place; nobody edits a review's stars or text.
 */
export function ReportedReviewsPanel() {
  const query = useReportedReviews();
  const reviews = query.data?.reviews ?? [];
  return (
    <section aria-labelledby="reported-reviews-heading" className="grid gap-4" aria-busy={query.isFetching}>
      <h2 id="reported-reviews-heading" className="text-lg font-semibold text-slate-900">
        Reported reviews{query.data ? ` (${reviews.length})` : ""}
      </h2>
      {query.isError ? (
        <p className="text-sm text-red-700">Reported reviews could not be loaded.</p>
      ) : query.data && reviews.length === 0 ? (
        <p className="text-sm text-slate-600">No reported reviews.</p>
      ) : (
        <ul className="grid gap-4" aria-label="Reported reviews">
          {reviews.map((item) => (
            <li key={item.review.id}>
              <ReportedReviewCard item={item} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ReportedReviewCard({ item }: { item: ReportedReview }) {
  const headingId = useId();
  const { review } = item;
  const moderate = useModerateReview();
  const keep = async () => {
    try {
      const answer = await moderate.mutateAsync({ reviewId: review.id, remove: null });
      toast({ title: answer.message, variant: "success" });
    } catch (error) {
      toast({ title: "Not saved", description: failureMessage(error), variant: "destructive" });
    }
  };
  return (
    <article
      aria-labelledby={headingId}
      data-testid="reported-review"
      className="grid gap-3 rounded-xl border border-amber-300 bg-white p-4 shadow-xs sm:p-5"
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid gap-0.5">
          <p className="font-mono text-xs font-semibold text-slate-600">{jobLabel(review.jobNumber)}</p>
          <h3 id={headingId} className="font-semibold text-slate-900">
            {review.authorName} on {review.landscaperName}
          </h3>
        </div>
      </header>
      <StarGroups
        quality={review.writtenQuality}
        punctuality={review.punctuality}
        communication={review.communication}
        className="text-sm"
      />
      <blockquote className="rounded-lg bg-slate-100/70 px-3 py-2 text-sm whitespace-pre-wrap text-slate-800 [overflow-wrap:anywhere]">
        {review.writtenBody || "(stars only, no text)"}
      </blockquote>
      <ul className="grid gap-1 text-sm text-slate-700" aria-label="Reports">
        {item.reports.map((report) => (
          <li key={report.id}>
            <span className="text-slate-500">{formatCharlotteDateTime(new Date(report.createdAt))}: </span>
            <span className="[overflow-wrap:anywhere]">{report.reason}</span>
          </li>
        ))}
      </ul>
      <footer className="flex flex-col gap-2 border-t border-slate-100 pt-3 sm:flex-row sm:justify-end">
        <Button
          type="button"
          variant="outline"
          onClick={() => void keep()}
          pending={moderate.isPending}
          icon={<Check className="size-4" aria-hidden="true" />}
        >
          Keep as written
        </Button>
        <RemoveReviewDialog item={item} />
      </footer>
    </article>
  );
}

type RemoveValues = z.input<typeof removeReviewSchema>;

function RemoveReviewDialog({ item }: { item: ReportedReview }) {
  const moderate = useModerateReview();
  const form = useForm<RemoveValues>({
    resolver: zodResolver(removeReviewSchema),
    defaultValues: { reason: "" },
  });
  const { dialog, close } = useDialogState({ onClose: () => form.reset() });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const answer = await moderate.mutateAsync({ reviewId: item.review.id, remove: values.reason });
      toast({ title: answer.message, variant: "success" });
      close();
    } catch (error) {
      reportSubmitFailure({ error, setError: form.setError, fields: ["reason"], title: "Not removed" });
    }
  });
  return (
    <FormDialog
      dialog={dialog}
      trigger={{ label: "Remove with a reason", icon: EyeOff, variant: "destructive" }}
      title={`Remove ${item.review.authorName}'s review`}
      description="Its stars and text stop being shown and counted; everyone reads “Removed by GreenScape: your reason” in their place. A low rating is not a reason to remove a review."
      onSubmit={onSubmit}
      submitLabel="Remove review"
      pendingLabel="Removing..."
      pending={moderate.isPending}
      submitVariant="destructive"
    >
      <ReasonField form={form} name="reason" label="Reason shown in its place" maxLength={300} />
    </FormDialog>
  );
}
