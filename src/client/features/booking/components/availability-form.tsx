import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { type Control, Controller, useForm, useWatch } from "react-hook-form";
import { type Availability, availabilityLimits, availabilitySchema } from "../../../../shared/booking";
import { weekdayNames } from "../../../../shared/recurring";
import { type ServiceId, services } from "../../../../shared/services";
import { FormAlert } from "../../../components/form-alert";
import { LoadError } from "../../../components/load-error";
import { Skeleton } from "../../../components/skeleton";
import { Button } from "../../../components/ui/button";
import { Checkbox } from "../../../components/ui/checkbox";
import { FieldError, FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { Switch } from "../../../components/ui/switch";
import { reportSubmitFailure } from "../../../lib/form-errors";
import { toast } from "../../../lib/toast";
import { useAvailability, useSaveAvailability } from "../api/availability";
import { availabilitySummary, priceAdjustMeaning, weekdaysMondayFirst } from "../lib/availability-text";

const fieldNames = [
  "weekdays",
  "visitsPerDay",
  "noticeHours",
  "instantServices",
  "priceAdjustPercent",
] as const;

interface AvailabilityFormProps {
  /**
   * Why nobody can book them yet, as the clause the summary opens with ("Once our team approves your
   * application"); null when customers can book them as soon as it is saved.
   */
  hold?: string | null;
}

/**
 * The landscaper's availability for instant booking (issue 35): the days they work, visits a day, the notice
 * they need, which services customers may book at once, and their own price on the platform's. Loads the
 * saved settings (the defaults before the first save) and checks with the shared availabilitySchema, which
 * the server checks again.
 */
export function AvailabilityForm({ hold = null }: AvailabilityFormProps) {
  const availability = useAvailability();
  if (availability.isPending)
    return (
      <div role="status" className="grid gap-3">
        <span className="sr-only">Loading your availability...</span>
        <Skeleton className="h-20" />
        <Skeleton className="h-32" />
      </div>
    );
  if (availability.isError)
    return (
      <LoadError title="We couldn't load your availability." query={availability}>
        Please check your connection and try again.
      </LoadError>
    );
  return <AvailabilityEditor saved={availability.data.availability} hold={hold} />;
}

function AvailabilityEditor({ saved, hold }: { saved: Availability; hold: string | null }) {
  const save = useSaveAvailability();
  const form = useForm<Availability>({
    resolver: zodResolver(availabilitySchema),
    defaultValues: saved,
  });
  const { errors } = form.formState;
  const percent = useWatch({ control: form.control, name: "priceAdjustPercent" });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const answer = await save.mutateAsync(values);
      form.reset(answer.availability);
      toast({
        title: "Availability saved",
        description: availabilitySummary(answer.availability, hold),
        variant: "success",
      });
    } catch (error) {
      reportSubmitFailure({
        error,
        setError: form.setError,
        fields: fieldNames,
        title: "Couldn't save your availability",
      });
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-6">
      {/* What the saved settings mean now, in the customer's terms: it changes when a save succeeds. */}
      <p
        data-testid="availability-summary"
        className="rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-900"
      >
        <span className="font-semibold">Saved: </span>
        {availabilitySummary(saved, hold)}
      </p>

      <WeekdayChecks control={form.control} error={errors.weekdays?.message} />

      <div className="grid items-start gap-5 sm:grid-cols-2">
        <FormField
          label="Visits per day"
          required
          description={`1–${availabilityLimits.maxVisitsPerDay}. A day is full for instant booking when this many of your jobs are accepted or scheduled on it.`}
          error={errors.visitsPerDay?.message}
        >
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            max={availabilityLimits.maxVisitsPerDay}
            step={1}
            aria-required="true"
            {...form.register("visitsPerDay", { valueAsNumber: true })}
          />
        </FormField>
        <FormField
          label="Earliest notice (hours)"
          required
          description={`0–${availabilityLimits.maxNoticeHours}. Counted back from 8 AM on the visit's day: 24 means customers book by 8 AM the day before.`}
          error={errors.noticeHours?.message}
        >
          <Input
            type="number"
            inputMode="numeric"
            min={0}
            max={availabilityLimits.maxNoticeHours}
            step={1}
            aria-required="true"
            {...form.register("noticeHours", { valueAsNumber: true })}
          />
        </FormField>
      </div>

      <ServiceSwitches control={form.control} error={errors.instantServices?.message} />

      <FormField
        label="Your price (% on the platform's price)"
        required
        description={`${priceAdjustMeaning(Number(percent))} Up to ${availabilityLimits.maxPriceAdjustPercent}% either way; it applies to bookings made at once.`}
        error={errors.priceAdjustPercent?.message}
        className="sm:max-w-xs"
      >
        <Input
          type="number"
          inputMode="numeric"
          min={-availabilityLimits.maxPriceAdjustPercent}
          max={availabilityLimits.maxPriceAdjustPercent}
          step={1}
          aria-required="true"
          {...form.register("priceAdjustPercent", { valueAsNumber: true })}
        />
      </FormField>

      <FormAlert message={errors.root?.message} />
      <div>
        <Button type="submit" className="w-full sm:w-auto" pending={save.isPending}>
          {save.isPending ? "Saving..." : "Save availability"}
        </Button>
      </div>
    </form>
  );
}

/** Monday to Sunday, a checkbox each, kept as the server's numbers (0 Sunday … 6 Saturday) in order. */
function WeekdayChecks({ control, error }: { control: Control<Availability>; error: string | undefined }) {
  const errorId = useId();
  return (
    <Controller
      control={control}
      name="weekdays"
      render={({ field }) => (
        <fieldset className="grid min-w-0 gap-2" aria-describedby={error ? errorId : undefined}>
          <legend className="mb-1 text-sm font-medium text-slate-800">
            Days you work
            <span className="ml-0.5 text-red-700" aria-hidden="true">
              *
            </span>
          </legend>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-7">
            {weekdaysMondayFirst.map((day, index) => (
              <FormField
                key={day}
                orientation="horizontal"
                label={weekdayNames[day]}
                className="rounded-lg border border-slate-200 px-3 py-2.5"
              >
                <Checkbox
                  ref={index === 0 ? field.ref : undefined}
                  checked={field.value.includes(day)}
                  onCheckedChange={(checked) =>
                    field.onChange(
                      checked === true
                        ? weekdaysMondayFirst.filter((d) => d === day || field.value.includes(d))
                        : field.value.filter((d) => d !== day),
                    )
                  }
                  onBlur={field.onBlur}
                  aria-invalid={error ? true : undefined}
                />
              </FormField>
            ))}
          </div>
          <FieldError id={errorId} message={error} />
        </fieldset>
      )}
    />
  );
}

/** A switch per service: on, customers with a firm price for it can book a free day of yours at once. */
function ServiceSwitches({ control, error }: { control: Control<Availability>; error: string | undefined }) {
  const descriptionId = useId();
  const errorId = useId();
  return (
    <Controller
      control={control}
      name="instantServices"
      render={({ field }) => (
        <fieldset
          className="grid min-w-0 gap-2"
          aria-describedby={[descriptionId, error ? errorId : null].filter(Boolean).join(" ")}
        >
          <legend className="mb-1 text-sm font-medium text-slate-800">Instant booking</legend>
          <p id={descriptionId} className="-mt-1 text-sm text-slate-600">
            On: a customer with a firm price can book you on one of your free days at once, without an offer.
            Off: their requests come to your queue. A request for several services needs each one on.
          </p>
          <div className="grid gap-2 sm:grid-cols-2">
            {services.map((service, index) => (
              <FormField
                key={service.id}
                orientation="horizontal"
                label={service.name}
                className="rounded-lg border border-slate-200 px-3 py-2.5"
              >
                <Switch
                  ref={index === 0 ? field.ref : undefined}
                  checked={field.value.includes(service.id)}
                  onCheckedChange={(on) =>
                    field.onChange(
                      on
                        ? services
                            .map((s) => s.id)
                            .filter((id): id is ServiceId => id === service.id || field.value.includes(id))
                        : field.value.filter((id) => id !== service.id),
                    )
                  }
                  onBlur={field.onBlur}
                />
              </FormField>
            ))}
          </div>
          <FieldError id={errorId} message={error} />
        </fieldset>
      )}
    />
  );
}
