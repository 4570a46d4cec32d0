import { zodResolver } from "@hookform/resolvers/zod";
import { Star } from "lucide-react";
import { useId, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { type JobView, rateJobSchema } from "../../../../shared/jobs";
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

/**
 * After completion: 1–5 stars (native radio buttons, so arrow keys and screen readers work as usual),
 * an optional comment and an optional tip in dollars.
 */
export function RatingForm({ job }: { job: JobView }) {
  const id = useId();
  const rate = useRateJob();
  const [hovered, setHovered] = useState<number | null>(null);
  const form = useForm<RateInput, unknown, RateValues>({
    resolver: zodResolver(rateJobSchema),
    defaultValues: { rating: "", comment: "", tip: "" },
  });
  const { errors } = form.formState;
  const chosen = Number(useWatch({ control: form.control, name: "rating" })) || 0;
  const shown = hovered ?? chosen;
  const ratingErrorId = `${id}-rating-error`;

  const onSubmit = form.handleSubmit(async (values) => {
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
    }
  });

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
        <FormField label="Tip (optional)" description="In US dollars." error={errors.tip?.message}>
          <Input
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
            placeholder="e.g. 10.00"
            {...form.register("tip")}
          />
        </FormField>
      </div>
      <div>
        <Button type="submit" pending={rate.isPending} pendingLabel="Submitting...">
          Submit rating
        </Button>
      </div>
    </form>
  );
}
