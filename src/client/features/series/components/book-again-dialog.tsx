import { zodResolver } from "@hookform/resolvers/zod";
import { RotateCcw } from "lucide-react";
import { useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { addDaysIso, todayInCharlotte } from "../../../../shared/dates";
import type { JobView } from "../../../../shared/jobs";
import { frequencyLabel, repeatJobSchema } from "../../../../shared/recurring";
import { jobLabel, serviceName } from "../../../../shared/services";
import { FormAlert } from "../../../components/form-alert";
import { FormDialog } from "../../../components/form-dialog";
import { Button } from "../../../components/ui/button";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { newIdempotencyKey } from "../../../lib/idempotency-key";
import { useRepeatJob } from "../api/series-actions";
import { bookAgainText, firstVisitLabel } from "../lib/series-text";
import { FrequencyChoice } from "./frequency-choice";
import { useDialogForm } from "./use-dialog-form";

type RepeatInput = z.input<typeof repeatJobSchema>;
type RepeatValues = z.output<typeof repeatJobSchema>;

/**
 * 'Book again' on a completed job: the same services at the same address, once or on a schedule (for the
 * services that recur), from a preferred date. One key per dialog fill, so a retried click books once.
 */
export function BookAgainDialog({ job }: { job: JobView }) {
  const repeat = useRepeatJob();
  const [key, setKey] = useState(newIdempotencyKey);
  const today = todayInCharlotte();
  const form = useForm<RepeatInput, unknown, RepeatValues>({
    resolver: zodResolver(repeatJobSchema),
    defaultValues: { frequency: "one_time", preferredDate: "" },
  });
  const dialog = useDialogForm({
    form,
    fields: ["frequency", "preferredDate"],
    send: async ({ frequency, preferredDate }) => {
      const { quote } = await repeat.mutateAsync({
        jobId: job.id,
        frequency,
        preferredDate,
        idempotencyKey: key,
      });
      setKey(newIdempotencyKey());
      const how = frequency === "one_time" ? "" : ` (${frequencyLabel[frequency].toLowerCase()})`;
      return {
        message: `${jobLabel(quote.number)}${how} is in your requests; we'll match you with a landscaper nearby.`,
      };
    },
    title: "Request sent",
    failureTitle: "Could not book it again",
  });
  const frequency = useWatch({ control: form.control, name: "frequency" });
  const servicesText = job.services.map(serviceName).join(", ");
  return (
    <FormDialog
      {...dialog}
      trigger={
        <Button
          type="button"
          variant="outline"
          className="bg-white"
          icon={<RotateCcw className="size-4" aria-hidden="true" />}
        >
          Book again
        </Button>
      }
      title={<>Book {servicesText} again</>}
      description={bookAgainText(job)}
      submitLabel="Send request"
      pendingLabel="Sending..."
      pending={repeat.isPending}
    >
      <Controller
        control={form.control}
        name="frequency"
        render={({ field, fieldState }) => (
          <FrequencyChoice
            services={job.services}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            firstRef={field.ref}
            error={fieldState.error?.message}
          />
        )}
      />
      <FormField
        label={firstVisitLabel(frequency)}
        required
        error={form.formState.errors.preferredDate?.message}
      >
        <Input
          type="date"
          min={today}
          max={addDaysIso(today, 366)}
          aria-required="true"
          className="sm:max-w-xs"
          {...form.register("preferredDate")}
        />
      </FormField>
      <FormAlert message={form.formState.errors.root?.message} />
    </FormDialog>
  );
}
