import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { formatShortDate, todayInCharlotte } from "../../../../shared/dates";
import type { JobView } from "../../../../shared/jobs";
import { BLIND_DAYS, rateCustomerSchema, replyReviewSchema } from "../../../../shared/reviews";
import { firstNameOf } from "../../../../shared/session";
import { Button } from "../../../components/ui/button";
import { FormField } from "../../../components/ui/form-field";
import { Textarea } from "../../../components/ui/textarea";
import { reportSubmitFailure } from "../../../lib/form-errors";
import { toast } from "../../../lib/toast";
import { useRateCustomer, useReplyToReview } from "../api/reviews";
import { ReviewCard } from "./review-card";
import { StarField, Stars } from "./stars";

const day = (iso: string) => formatShortDate(todayInCharlotte(new Date(iso)));

/**
 * The landscaper's side of a completed visit: their private rating of the customer (a form while it is open),
 * and the customer's review once it is released to them, with their one public reply.
 */
export function LandscaperReviewPanel({ job, disabled = false }: { job: JobView; disabled?: boolean }) {
  const review = job.review;
  if (review?.side !== "landscaper") return null;
  const rateOpen = review.state === "open" && Boolean(review.openUntil);
  // Nothing to read or write (no review came, the rating window closed): no empty box.
  if (!review.theirs && !(review.theirsWaiting && review.theirsVisibleFrom) && !review.mine && !rateOpen)
    return null;
  const name = firstNameOf(job.customerName);
  return (
    <section
      className="grid gap-3 rounded-lg border border-slate-200 p-3"
      aria-label="Reviews of this visit"
      data-testid="landscaper-reviews"
    >
      {review.theirs ? (
        <div className="grid gap-2">
          <h4 className="text-sm font-semibold text-slate-900">{name}'s review</h4>
          <ReviewCard review={review.theirs} replyBy="You" />
          {review.canReply ? <ReplyForm reviewId={review.theirs.id} disabled={disabled} /> : null}
        </div>
      ) : review.theirsWaiting && review.theirsVisibleFrom ? (
        <p className="text-sm text-slate-700">
          {name} has reviewed this visit.{" "}
          {review.state === "open"
            ? `Rate ${name} below to read it now; otherwise it shows on ${day(review.theirsVisibleFrom)}.`
            : `It shows on ${day(review.theirsVisibleFrom)}.`}
        </p>
      ) : null}
      {review.mine ? (
        <div className="grid gap-1 text-sm" data-testid="your-rating">
          <p className="font-semibold text-slate-900">Your rating of {name}</p>
          <Stars value={review.mine.stars} label={`Your rating of ${name}`} />
          {review.mine.note ? (
            <p className="text-slate-700 [overflow-wrap:anywhere]">“{review.mine.note}”</p>
          ) : null}
          <p className="text-xs text-slate-500">
            {review.mineVisibleFrom && new Date(review.mineVisibleFrom).getTime() > Date.now()
              ? `${name} sees it on ${day(review.mineVisibleFrom)}, or once they review this visit.`
              : `${name} can see it. Other landscapers and our team see only ${name}'s average.`}
          </p>
        </div>
      ) : review.state === "open" && review.openUntil ? (
        <RateCustomerForm job={job} name={name} openUntil={review.openUntil} disabled={disabled} />
      ) : null}
    </section>
  );
}

type RateValues = z.input<typeof rateCustomerSchema>;
type RateOutput = z.output<typeof rateCustomerSchema>;

function RateCustomerForm({
  job,
  name,
  openUntil,
  disabled,
}: {
  job: JobView;
  name: string;
  openUntil: string;
  disabled: boolean;
}) {
  const rate = useRateCustomer();
  const form = useForm<RateValues, unknown, RateOutput>({
    resolver: zodResolver(rateCustomerSchema),
    defaultValues: { stars: "" as unknown as number, note: "" },
  });
  const chosen = Number(useWatch({ control: form.control, name: "stars" })) || 0;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const answer = await rate.mutateAsync({ jobId: job.id, stars: values.stars, note: values.note });
      toast({ title: answer.message, variant: "success" });
    } catch (error) {
      reportSubmitFailure({ error, setError: form.setError, fields: ["stars", "note"], title: "Not saved" });
    }
  });
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-3" aria-label={`Rate ${name}`}>
      <StarField
        legend={`How was working for ${name}?`}
        field={form.register("stars")}
        chosen={chosen}
        error={form.formState.errors.stars?.message}
        size="small"
      />
      <FormField
        label="Note (optional)"
        description={`Not public: ${name} sees your stars and note once they have reviewed this visit, or ${BLIND_DAYS} days after you rate. Other landscapers and our team see only ${name}'s average. Open until ${day(openUntil)}.`}
        error={form.formState.errors.note?.message}
      >
        <Textarea rows={2} maxLength={500} {...form.register("note")} />
      </FormField>
      <div>
        <Button type="submit" size="sm" disabled={disabled} pending={rate.isPending} pendingLabel="Saving...">
          Rate {name}
        </Button>
      </div>
    </form>
  );
}

type ReplyValues = z.input<typeof replyReviewSchema>;

function ReplyForm({ reviewId, disabled }: { reviewId: string; disabled: boolean }) {
  const reply = useReplyToReview();
  const form = useForm<ReplyValues>({
    resolver: zodResolver(replyReviewSchema),
    defaultValues: { reply: "" },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const answer = await reply.mutateAsync({ reviewId, reply: values.reply });
      toast({ title: answer.message, variant: "success" });
    } catch (error) {
      reportSubmitFailure({
        error,
        setError: form.setError,
        fields: ["reply"],
        title: "Reply not published",
      });
    }
  });
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-2" aria-label="Reply to the review">
      <FormField
        label="Your public reply"
        description="Shown under the review wherever it appears, your public profile included. You can reply once, and a reply cannot be changed."
        error={form.formState.errors.reply?.message}
      >
        <Textarea rows={2} maxLength={1000} {...form.register("reply")} />
      </FormField>
      <div>
        <Button
          type="submit"
          size="sm"
          variant="outline"
          disabled={disabled}
          pending={reply.isPending}
          pendingLabel="Publishing..."
        >
          Publish reply
        </Button>
      </div>
    </form>
  );
}
