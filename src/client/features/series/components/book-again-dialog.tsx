import { RotateCcw } from "lucide-react";
import { useState } from "react";
import { Controller, useWatch } from "react-hook-form";
import { addDaysIso, todayInCharlotte } from "../../../../shared/dates";
import type { JobView } from "../../../../shared/jobs";
import { frequencyLabel, repeatJobSchema } from "../../../../shared/recurring";
import { jobLabel, serviceName } from "../../../../shared/services";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { newIdempotencyKey } from "../../../lib/idempotency-key";
import { useRepeatJob } from "../api/series-actions";
import { bookAgainText, firstVisitLabel } from "../lib/series-text";
import { FrequencyChoice } from "./frequency-choice";
import { SeriesDialog } from "./series-dialog";
import { useSchemaDialog } from "./use-dialog-form";

/**
 * 'Book again' on a completed job: the same services at the same address, once or on a schedule (for the
 * services that recur), from a preferred date. One key per dialog fill, so a retried click books once.
 */
export function BookAgainDialog({ job }: { job: JobView }) {
  const repeat = useRepeatJob();
  const [key, setKey] = useState(newIdempotencyKey);
  const today = todayInCharlotte();
  const dialog = useSchemaDialog({
    schema: repeatJobSchema,
    defaultValues: { frequency: "one_time", preferredDate: "" },
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
  const { form } = dialog;
  const frequency = useWatch({ control: form.control, name: "frequency" });
  const servicesText = job.services.map(serviceName).join(", ");
  return (
    <SeriesDialog
      dialog={dialog}
      trigger={{ label: "Book again", icon: RotateCcw, size: "default", className: "bg-white" }}
      title={<>Book {servicesText} again</>}
      description={bookAgainText(job)}
      submitLabel="Send request"
      // Not "Cancel": the flow around it is about cancelling visits; the approve dialog says "Not now" too.
      cancelLabel="Not now"
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
    </SeriesDialog>
  );
}
