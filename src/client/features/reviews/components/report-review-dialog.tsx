import { zodResolver } from "@hookform/resolvers/zod";
import { Flag } from "lucide-react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { type ReviewView, reportReviewSchema } from "../../../../shared/reviews";
import { FormDialog, useDialogState } from "../../../components/form-dialog";
import { ReasonField } from "../../../components/reason-field";
import { reportSubmitFailure } from "../../../lib/form-errors";
import { toast } from "../../../lib/toast";
import { useReportReview } from "../api/reviews";

type ReportValues = z.input<typeof reportReviewSchema>;

/**
 * Anyone reports a review: our team reads the reason and either keeps the review as written or removes it with
 * a reason shown in its place. A low rating alone is not a reason: nothing is hidden for being low.
 */
export function ReportReviewDialog({ review }: { review: Pick<ReviewView, "id" | "authorName"> }) {
  const report = useReportReview();
  const form = useForm<ReportValues>({
    resolver: zodResolver(reportReviewSchema),
    defaultValues: { reason: "" },
  });
  const { dialog, close } = useDialogState({ onClose: () => form.reset() });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const answer = await report.mutateAsync({ reviewId: review.id, reason: values.reason });
      toast({ title: answer.message, variant: "success" });
      close();
      form.reset();
    } catch (error) {
      reportSubmitFailure({ error, setError: form.setError, fields: ["reason"], title: "Not reported" });
    }
  });
  return (
    <FormDialog
      dialog={dialog}
      trigger={{
        label: "Report",
        icon: Flag,
        variant: "ghost",
        size: "sm",
        ariaLabel: `Report the review by ${review.authorName}`,
      }}
      title="Report this review"
      description="Tell us what breaks our rules (a fake review, personal details, abuse). Our team keeps it as written or removes it with the reason shown in its place; no review is removed for being low."
      onSubmit={onSubmit}
      submitLabel="Send report"
      pendingLabel="Sending..."
      pending={report.isPending}
    >
      <ReasonField form={form} name="reason" label="What is wrong with it?" />
    </FormDialog>
  );
}
