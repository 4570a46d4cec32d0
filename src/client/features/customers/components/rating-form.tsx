import { zodResolver } from "@hookform/resolvers/zod";
import { Star } from "lucide-react";
import { useId, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { type JobView, rateJobSchema } from "../../../../shared/jobs";
import { formatCents, withArticle } from "../../../../shared/services";
import { firstNameOf } from "../../../../shared/session";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { Button } from "../../../components/ui/button";
import { FieldError, FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { Textarea } from "../../../components/ui/textarea";
import { failureMessage, showServerFieldErrors } from "../../../lib/form-errors";
import { toast } from "../../../lib/toast";
import { cn } from "../../../lib/utils";
import { useRateJob } from "../api/job-actions";

type RateInput = z.input<typeof rateJobSchema>;
type RateValues = z.output<typeof rateJobSchema>;

const starLabel = (n: number) => `${n} ${n === 1 ? "star" : "stars"}`;

/** The tip choices: a share of the price paid, an amount of one's own, or none (the default). */
const tipShares = [15, 20, 25] as const;
type TipChoice = "none" | `${(typeof tipShares)[number]}` | "custom";

/**
 * After completion: 1–5 stars (native radio buttons, so arrow keys and screen readers work as usual),
 * an optional comment and a tip: 15, 20 or 25 % of the price, an amount of one's own, or none. A tip is a
 * charge of its own on the saved card, so it is confirmed with its amount before anything is sent.
 */
export function RatingForm({ job }: { job: JobView }) {
  const id = useId();
  const rate = useRateJob();
  const [hovered, setHovered] = useState<number | null>(null);
  const [tipChoice, setTipChoice] = useState<TipChoice>("none");
  const [confirming, setConfirming] = useState<RateValues | null>(null);
  const priceCents = job.finalPriceCents ?? job.quotedPriceCents ?? 0;
  const shareCents = (percent: number) => Math.round((priceCents * percent) / 100);
  const form = useForm<RateInput, unknown, RateValues>({
    resolver: zodResolver(rateJobSchema),
    defaultValues: { rating: "", comment: "", tip: "" },
  });
  const { errors } = form.formState;
  const chosen = Number(useWatch({ control: form.control, name: "rating" })) || 0;
  const shown = hovered ?? chosen;
  const ratingErrorId = `${id}-rating-error`;

  const send = async (values: RateValues) => {
    try {
      const answer = await rate.mutateAsync({
        jobId: job.id,
        rating: values.rating,
        comment: values.comment,
        tipDollars: values.tip / 100,
      });
      toast({ title: answer.message, variant: "success" });
    } catch (error) {
      showServerFieldErrors(form.setError, error, ["rating", "comment", "tip"], { focus: false });
      toast({
        title: "Could not save your rating",
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
      <fieldset
        aria-describedby={errors.rating ? ratingErrorId : undefined}
        className="grid gap-2"
        onMouseLeave={() => setHovered(null)}
      >
        <legend className="mb-1 text-sm font-semibold text-slate-900">
          How did it go? Rate your service
        </legend>
        <div className="flex items-center gap-1">
          {[1, 2, 3, 4, 5].map((n) => (
            <label
              key={n}
              onMouseEnter={() => setHovered(n)}
              className="cursor-pointer rounded-md p-1 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600 has-[:focus-visible]:ring-offset-1"
            >
              <input
                type="radio"
                value={String(n)}
                className="sr-only"
                aria-invalid={errors.rating ? true : undefined}
                {...form.register("rating")}
              />
              <Star
                aria-hidden="true"
                className={cn(
                  "size-8 transition-colors",
                  n <= shown ? "fill-amber-400 text-amber-500" : "text-slate-300",
                )}
              />
              <span className="sr-only">{starLabel(n)}</span>
            </label>
          ))}
          <span className="ml-2 text-sm text-slate-600" aria-hidden="true">
            {chosen ? `${chosen}/5` : ""}
          </span>
        </div>
        <FieldError id={ratingErrorId} message={errors.rating?.message} />
      </fieldset>
      <div className="grid gap-4 items-start sm:grid-cols-[minmax(0,1fr)_11rem]">
        <FormField label="Comment (optional)" error={errors.comment?.message}>
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
          Submit rating
        </Button>
      </div>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={`Charge ${withArticle(confirming?.tip ?? 0)} tip?`}
        description={`Your rating is saved and ${formatCents(confirming?.tip ?? 0)} is charged ${
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
