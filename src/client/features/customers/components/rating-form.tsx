import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { formatShortDate, todayInCharlotte } from "../../../../shared/dates";
import { type JobView, rateJobSchema } from "../../../../shared/jobs";
import { BLIND_DAYS, monthLabel, reviewAuthorName } from "../../../../shared/reviews";
import { formatCents, withArticle } from "../../../../shared/services";
import { firstNameOf } from "../../../../shared/session";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { Button } from "../../../components/ui/button";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { Textarea } from "../../../components/ui/textarea";
import { failureMessage, showServerFieldErrors } from "../../../lib/form-errors";
import { toast } from "../../../lib/toast";
import { StarField } from "../../reviews";
import { useRateJob } from "../api/job-actions";

type RateInput = z.input<typeof rateJobSchema>;
type RateValues = z.output<typeof rateJobSchema>;

/** The tip choices: a share of the price paid, an amount of one's own, or none (the default). */
const tipShares = [15, 20, 25] as const;
type TipChoice = "none" | `${(typeof tipShares)[number]}` | "custom";

/**
 * After the visit is charged: the review (issue 36), quality, punctuality and communication stars (native
 * radio buttons, so arrow keys and screen readers work as usual) and an optional comment, with a tip: 15, 20
 * or 25 % of the price, an amount of one's own, or none. A visit of a series already reviewed this month asks
 * only for its stars and tip (no second review). A tip is a charge of its own on the saved card, so it is
 * confirmed with its amount before anything is sent.
 */
export function RatingForm({ job }: { job: JobView }) {
  const id = useId();
  const rate = useRateJob();
  const review = job.review?.side === "customer" ? job.review : null;
  // A second visit of a series in a month it was reviewed: stars and tip only, no review written.
  const seriesMonth = review?.state === "series_month" ? review.seriesMonth : null;
  const [tipChoice, setTipChoice] = useState<TipChoice>("none");
  const [confirming, setConfirming] = useState<RateValues | null>(null);
  const priceCents = job.finalPriceCents ?? job.quotedPriceCents ?? 0;
  const shareCents = (percent: number) => Math.round((priceCents * percent) / 100);
  const form = useForm<RateInput, unknown, RateValues>({
    resolver: zodResolver(rateJobSchema),
    // "" until chosen: the schema then asks for each. Left out for a series' second visit of the month.
    defaultValues: seriesMonth
      ? { rating: "", comment: "", tip: "" }
      : { rating: "", punctuality: "", communication: "", comment: "", tip: "" },
  });
  const { errors } = form.formState;
  const watched = useWatch({ control: form.control, name: ["rating", "punctuality", "communication"] });
  const [quality = 0, punctuality = 0, communication = 0] = watched.map((value) => Number(value) || 0);

  const send = async (values: RateValues) => {
    try {
      const answer = await rate.mutateAsync({
        jobId: job.id,
        rating: values.rating,
        punctuality: values.punctuality,
        communication: values.communication,
        comment: values.comment,
        tipDollars: values.tip / 100,
      });
      toast({ title: answer.message, variant: "success" });
    } catch (error) {
      showServerFieldErrors(
        form.setError,
        error,
        ["rating", "punctuality", "communication", "comment", "tip"],
        {
          focus: false,
        },
      );
      toast({
        title: seriesMonth ? "Could not save your rating" : "Could not save your review",
        description: failureMessage(error),
        variant: "destructive",
      });
    } finally {
      setConfirming(null);
    }
  };

  const onSubmit = form.handleSubmit(async (values) => {
    // values.tip is in cents (the schema's transform); a preset is a share of the price paid.
    const tip =
      tipChoice === "none" ? 0 : tipChoice === "custom" ? values.tip : shareCents(Number(tipChoice));
    const withTip = { ...values, tip };
    if (tip > 0) setConfirming(withTip);
    else await send(withTip);
  });
  const card = job.payment?.card;
  // landscaperName reads "Queen City Lawn Care · Carlos Mendoza" when they have a business name: the person.
  const landscaper = job.landscaperName
    ? firstNameOf(job.landscaperName.split(" · ").at(-1))
    : "your landscaper";

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label={`Rate job ${job.number}`}>
      <div className="grid gap-1">
        <h4 className="text-base font-semibold text-slate-900">
          {seriesMonth ? "Rate this visit and add a tip" : "How did it go?"}
        </h4>
        <p className="text-sm text-slate-600" data-testid="review-terms">
          {seriesMonth
            ? `Your ${monthLabel(seriesMonth)} review of this service is already published, so these stars stay with this visit, seen only by our team, and any tip goes to ${landscaper}; no second review is published.`
            : `Your review is published on ${landscaper}'s profile as ${reviewAuthorName(job.customerName)}, once ${landscaper} has rated this visit or ${BLIND_DAYS} days after you send it; until then neither of you sees the other's.`}
          {review?.openUntil
            ? ` Open until ${formatShortDate(todayInCharlotte(new Date(review.openUntil)))}.`
            : ""}
        </p>
      </div>
      <StarField
        legend="Quality of the work"
        field={form.register("rating")}
        chosen={quality}
        error={errors.rating?.message}
      />
      {seriesMonth ? null : (
        <div className="grid gap-4 sm:grid-cols-2">
          <StarField
            legend="Punctuality"
            field={form.register("punctuality")}
            chosen={punctuality}
            error={errors.punctuality?.message}
            size="small"
          />
          <StarField
            legend="Communication"
            field={form.register("communication")}
            chosen={communication}
            error={errors.communication?.message}
            size="small"
          />
        </div>
      )}
      <div className="grid gap-4 items-start sm:grid-cols-[minmax(0,1fr)_11rem]">
        <FormField
          label={seriesMonth ? "Comment (optional)" : "Your review (optional)"}
          error={errors.comment?.message}
        >
          <Textarea rows={2} maxLength={1000} {...form.register("comment")} />
        </FormField>
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-semibold text-slate-900">Add a tip (optional)</legend>
        <p className="text-sm text-slate-600">
          All of it goes to {landscaper}, charged apart from the price.
        </p>
        <div className="flex flex-wrap gap-2">
          {(["none", ...tipShares.map((n) => `${n}` as const), "custom"] as TipChoice[]).map((choice) => (
            <label
              key={choice}
              className="cursor-pointer rounded-lg border border-slate-300 px-3 py-2 text-sm font-medium text-slate-800 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:checked]:text-brand-900 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600"
            >
              <input
                type="radio"
                name={`${id}-tip`}
                value={choice}
                checked={tipChoice === choice}
                onChange={() => {
                  setTipChoice(choice);
                  // A custom amount left behind (even a refused one) must not hold up a preset or no tip.
                  if (choice !== "custom") form.resetField("tip");
                }}
                className="sr-only"
              />
              {choice === "none"
                ? "No tip"
                : choice === "custom"
                  ? "Other amount"
                  : `${choice}% · ${formatCents(shareCents(Number(choice)))}`}
            </label>
          ))}
        </div>
        {tipChoice === "custom" ? (
          <FormField label="Tip amount (USD)" error={errors.tip?.message} className="max-w-44">
            <Input
              type="number"
              inputMode="decimal"
              min={0}
              step="0.01"
              autoFocus
              {...form.register("tip")}
            />
          </FormField>
        ) : null}
      </fieldset>
      <div>
        <Button type="submit" pending={rate.isPending} pendingLabel="Submitting...">
          {seriesMonth ? "Submit rating" : "Submit review"}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={`Charge ${withArticle(confirming?.tip ?? 0)} tip?`}
        description={`Your ${seriesMonth ? "rating" : "review"} is saved and ${formatCents(confirming?.tip ?? 0)} is charged ${
          card ? `to ${card}` : "to your saved card"
        } as a payment of its own. All of it goes to ${landscaper}.`}
        confirmLabel={`Charge ${formatCents(confirming?.tip ?? 0)} and submit`}
        pending={rate.isPending}
        onConfirm={async () => {
          if (confirming) await send(confirming);
        }}
      />
    </form>
  );
}
