import { zodResolver } from "@hookform/resolvers/zod";
import { type FieldValues, type Path, type UseFormReturn, useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { formatShortDate, todayInCharlotte } from "../../../../../shared/dates";
import { acceptJobSchema, type JobView, withdrawJobSchema } from "../../../../../shared/jobs";
import { GENERATE_WEEKS_AHEAD, seriesLabel } from "../../../../../shared/recurring";
import { formatRange, jobLabel } from "../../../../../shared/services";
import { FormDialog, useDialogState } from "../../../../components/form-dialog";
import { ReasonField } from "../../../../components/reason-field";
import { FormField } from "../../../../components/ui/form-field";
import { Input, MoneyInput } from "../../../../components/ui/input";
import { ApiError } from "../../../../lib/api-client";
import { showServerFieldErrors } from "../../../../lib/form-errors";
import type { JobActionProps } from "../../../../lib/job-action-props";
import { toast } from "../../../../lib/toast";
import { firstOnWeekday, seriesTitle, visitDay, WeekdaySelect, weekdayOfDate } from "../../../series";
import { useJobAction } from "../../api/jobs";
import { FirmPriceTerms } from "./firm-price-terms";

/** The server's answer to a job action as a toast: its message either way, red when refused. */
export function reportActionError(error: unknown) {
  if (error instanceof ApiError) {
    toast({
      title: error.code === "conflict" ? error.message : "Couldn't update the job",
      description: error.code === "conflict" ? "The job queue has been refreshed." : error.message,
      variant: "destructive",
    });
  } else {
    toast({
      title: "Couldn't update the job",
      description: "Please check your connection and try again.",
      variant: "destructive",
    });
  }
}

/** yyyy-MM-dd strings sort as dates: a preferred date already past gives way to today. */
function laterDate(a: string, b: string): string {
  return a.localeCompare(b) >= 0 ? a : b;
}

/** " Yours is below it; …" while the typed price is under (or over) our estimate: allowed, worth a look. */
function estimateHint(price: unknown, job: Pick<JobView, "estimateLowCents" | "estimateHighCents">): string {
  const cents = Math.round(Number(price) * 100);
  if (price === "" || price == null || !Number.isFinite(cents) || cents <= 0) return "";
  if (cents < job.estimateLowCents) return " Yours is below it; the customer sees both.";
  if (cents > job.estimateHighCents) return " Yours is above it; the customer sees both.";
  return "";
}

export function dollars(cents: number | null): string {
  return cents === null ? "" : (cents / 100).toFixed(2).replace(/\.00$/, "");
}

/**
 * The open state and submit of a job action's dialog: the server's message as a toast on success; a field
 * the server refused keeps the dialog open on it, any other failure closes it.
 */
export function useActionDialog<T extends FieldValues>({
  form,
  send,
  fields,
}: {
  form: UseFormReturn<T, unknown, T>;
  send: (values: T) => Promise<{ message: string }>;
  fields: readonly Path<T>[];
}) {
  const { dialog, close } = useDialogState({ onClose: () => form.clearErrors() });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const answer = await send(values);
      toast({ title: answer.message, variant: "success" });
      close();
    } catch (error) {
      if (!showServerFieldErrors(form.setError, error, fields)) close();
      reportActionError(error);
    }
  });
  return { dialog, onSubmit };
}

type AcceptInput = z.input<typeof acceptJobSchema>;

/** "weekly lawn mowing in Dilworth": the series the customer asks for, and where. */
function offerSubject(
  frequency: Parameters<typeof seriesTitle>[0],
  job: Pick<JobView, "services" | "area">,
): string {
  const title = seriesTitle(frequency, job.services);
  const subject = `${title.charAt(0).toLowerCase()}${title.slice(1)}`;
  return job.area ? `${subject} in ${job.area}` : subject;
}

/**
 * Taking a request is an offer (the lifecycle's 'accept'): your price in dollars and the date, which starts
 * at the customer's preferred date; a preferred date already past is not offered back (the server refuses a
 * day before today), the landscaper picks one. A series request asks instead for a price per visit and a day
 * of the week (the first visit is the first such day from the preferred date, or from today); the customer
 * approves the series once. Either way nothing is booked until the customer approves.
 */
export function AcceptJobDialog({ job, disabled, describedBy }: JobActionProps) {
  const action = useJobAction();
  const today = todayInCharlotte();
  const series = job.series?.status === "requested" ? job.series : null;
  // A firm price (issue 34) is the price: no box, and the server takes it whatever a stale form would send.
  const firm = job.firmPrice ?? null;
  const from = laterDate(job.preferredDate, today);
  const datePassed = job.preferredDate < today;
  const form = useForm<AcceptInput, unknown, AcceptInput>({
    // raw: the server takes dollars and converts them itself; the schema only checks them here.
    resolver: zodResolver(acceptJobSchema, undefined, { raw: true }),
    // No price at all with a firm one: an empty box would be "Price is required."
    defaultValues: {
      ...(firm ? {} : { price: "" }),
      ...(series ? { weekday: String(weekdayOfDate(from)) } : { scheduledDate: datePassed ? "" : from }),
    },
  });
  const { errors } = form.formState;
  const weekday = Number(useWatch({ control: form.control, name: "weekday" }) ?? weekdayOfDate(from));
  const priceHint = estimateHint(useWatch({ control: form.control, name: "price" }), job);

  const dialog = useActionDialog({
    form,
    fields: ["price", "scheduledDate", "weekday"],
    send: (values) =>
      action.mutateAsync({
        jobId: job.id,
        action: "accept",
        body: {
          ...(firm ? {} : { price: String(values.price) }),
          ...(series
            ? { weekday: Number(values.weekday) }
            : { scheduledDate: values.scheduledDate || undefined }),
        },
      }),
  });

  const customer = job.customerName || "The customer";
  return (
    <FormDialog
      {...dialog}
      // The customer still approves, so this sends an offer, and the button and the title say so (the card
      // then reads "Offer sent"). A date already past is offered anew: the button says that too.
      trigger={{
        label: datePassed && !series ? "Offer a new date" : "Make an offer",
        size: "sm",
        disabled,
        describedBy,
      }}
      // The series by what it is and where ("Offer a price for weekly lawn mowing in Dilworth"), not by its
      // number: SER-105 means nothing to a landscaper who has not seen it before.
      title={
        firm ? (
          series ? (
            `Offer to do ${offerSubject(series.frequency, job)} at its firm price`
          ) : (
            <>Offer to do {jobLabel(job.number)} at its firm price</>
          )
        ) : series ? (
          `Offer a price for ${offerSubject(series.frequency, job)}`
        ) : (
          <>Offer a price and date for {jobLabel(job.number)}</>
        )
      }
      description={
        series ? (
          <>
            Asked to start {visitDay(from)} ({seriesLabel(series.number)}) — you offer{" "}
            {firm ? "a day of the week at the price below" : "a price per visit and a weekday"}. {customer}{" "}
            {firm ? "books one pro's offer once, for the whole series." : "approves once."} Visits are booked{" "}
            {GENERATE_WEEKS_AHEAD} weeks ahead and keep rolling; each is charged after the customer approves
            the work.
          </>
        ) : (
          <>
            {datePassed
              ? `${customer} asked for ${formatShortDate(job.preferredDate)}, which has passed: choose a day you can come. `
              : ""}
            {firm
              ? `${customer} sees your offer beside any other pros' offers and books one; nothing is booked until they do, and we tell you either way.`
              : `${customer} will be asked to approve your price and date; nothing is booked until they do.`}{" "}
            Once booked, you see their address and contact details.
          </>
        )
      }
      submitLabel="Send offer"
      pendingLabel="Sending..."
      pending={action.isPending}
    >
      {firm ? (
        <FirmPriceTerms price={firm} frequency={series?.frequency ?? "one_time"} />
      ) : (
        <FormField
          label={series ? "Price per visit (USD)" : "Your price (USD)"}
          required
          description={`${series ? "Our estimate for one visit" : "Our estimate"}: ${formatRange(job.estimateLowCents, job.estimateHighCents)}.${priceHint}`}
          error={errors.price?.message}
        >
          {/* A placeholder describes; a number in grey would read as a price already filled in. */}
          <MoneyInput
            placeholder={`e.g. ${(job.estimateLowCents / 100).toFixed(2)}`}
            aria-required="true"
            {...form.register("price")}
          />
        </FormField>
      )}
      {series ? (
        <FormField
          label="Day of the week"
          required
          description={`First visit: ${visitDay(firstOnWeekday(from, weekday))} (the customer asked for ${visitDay(job.preferredDate)}).`}
          error={errors.weekday?.message ?? errors.scheduledDate?.message}
        >
          <WeekdaySelect {...form.register("weekday")} />
        </FormField>
      ) : (
        <FormField
          label="Service date"
          required
          description={
            datePassed
              ? "The customer's preferred date has passed: today or later."
              : "Defaults to the customer's preferred date."
          }
          error={errors.scheduledDate?.message}
        >
          <Input type="date" min={today} aria-required="true" {...form.register("scheduledDate")} />
        </FormField>
      )}
    </FormDialog>
  );
}

type WithdrawInput = z.input<typeof withdrawJobSchema>;

/** Withdraw and Leave series: outlined in red, set apart from the visit's own buttons. */
export const leaveButtonClass = "border-red-200 text-red-700 hover:bg-red-50 hover:text-red-800";

/**
 * Backing out, named for what it leaves (the lifecycle's 'withdraw' either way): an offer the customer has not
 * approved yet ("Withdraw offer"), or a job they booked ("Withdraw from job"). The customer is told why, the
 * request is open to other landscapers again and leaves this one's new requests (under 'Declined by you',
 * where it can be put back while open), and a hold on the customer's card is released.
 */
export function WithdrawJobDialog({ job, disabled, describedBy }: JobActionProps) {
  const action = useJobAction();
  const form = useForm<WithdrawInput, unknown, WithdrawInput>({
    resolver: zodResolver(withdrawJobSchema, undefined, { raw: true }),
    defaultValues: { reason: "" },
  });
  const dialog = useActionDialog({
    form,
    fields: ["reason"],
    send: (values) =>
      action.mutateAsync({ jobId: job.id, action: "withdraw", body: { reason: values.reason } }),
  });
  const offer = job.status === "accepted";
  const customer = job.customerName || "The customer";
  const label = offer ? "Withdraw offer" : "Withdraw from job";
  return (
    <FormDialog
      {...dialog}
      trigger={{ label, size: "sm", variant: "outline", className: leaveButtonClass, disabled, describedBy }}
      title={
        offer ? (
          <>Withdraw your offer for {jobLabel(job.number)}?</>
        ) : (
          <>Withdraw from {jobLabel(job.number)}?</>
        )
      }
      description={
        offer ? (
          <>
            {customer} is told at once, and the request is open to other landscapers again. It moves to
            'Declined by you', where you can put it back in your new requests while it is open.
          </>
        ) : (
          <>
            {customer} is told at once and the job is open to other landscapers again. Anything held on their
            card is released; nothing is charged.
          </>
        )
      }
      submitLabel={label}
      pendingLabel="Withdrawing..."
      pending={action.isPending}
      submitVariant="destructive"
      cancelLabel={offer ? "Keep the offer" : "Keep the job"}
    >
      <ReasonField form={form} name="reason" label="Why are you withdrawing?" />
      <p className="text-xs text-slate-600">
        Your reason is sent as you write it to {customer} and to our team.
      </p>
    </FormDialog>
  );
}
