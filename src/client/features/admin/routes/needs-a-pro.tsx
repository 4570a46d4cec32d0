import { zodResolver } from "@hookform/resolvers/zod";
import { MessageSquareText, UserPlus } from "lucide-react";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { formatCharlotteDateTime, formatElapsed, formatShortDate } from "../../../../shared/dates";
import {
  type AssignProInput,
  assignProSchema,
  NEEDS_PRO_AFTER_HOURS,
  type NeedsProJob,
  type TellCustomerInput,
  tellCustomerSchema,
} from "../../../../shared/nothing-waits";
import { formatCents, formatEarnedCents, jobLabel, serviceName } from "../../../../shared/services";
import { Detail } from "../../../components/detail";
import { FormAlert } from "../../../components/form-alert";
import { FormDialog, useDialogState } from "../../../components/form-dialog";
import { ReasonField } from "../../../components/reason-field";
import { Badge } from "../../../components/ui/badge";
import { FieldError } from "../../../components/ui/form-field";
import { reportSubmitFailure } from "../../../lib/form-errors";
import { choiceCard, choiceInput } from "../../../lib/styles";
import { toast } from "../../../lib/toast";
import { cn } from "../../../lib/utils";
import { useAssignCandidates, useAssignPro, useNeedsPro, useTellCustomer } from "../api/needs-pro-api";
import { AdminPage } from "../components/admin-page";
import { ListStates } from "../components/list-controls";

export function meta() {
  return [{ title: "Needs a Pro | GreenScape Charlotte" }, { name: "robots", content: "noindex" }];
}

/** The dialog's form: one radio per pro and day ("id|yyyy-mm-dd"), split into the schema's fields on send. */
const assignFormSchema = z.object({
  choice: z.string({ message: "Choose a pro and a day." }).min(1, { message: "Choose a pro and a day." }),
  reason: assignProSchema.shape.reason,
});
type AssignValues = z.infer<typeof assignFormSchema>;
const assignDefaults = { choice: "", reason: "" } satisfies AssignValues;

function AssignDialog({ item }: { item: NeedsProJob }) {
  const assign = useAssignPro();
  const { dialog, close } = useDialogState({ onClose: () => form.reset(assignDefaults) });
  const candidates = useAssignCandidates(item.id, dialog.open);
  const form = useForm<AssignValues>({
    resolver: zodResolver(assignFormSchema),
    defaultValues: assignDefaults,
  });
  const ids = { error: useId(), legend: useId() };
  const errors = form.formState.errors;
  const label = jobLabel(item.number);
  const pros = candidates.data?.pros ?? [];

  const onSubmit = form.handleSubmit(async (values) => {
    const [landscaperId = "", date = ""] = values.choice.split("|");
    const input: AssignProInput = { landscaperId, date, reason: values.reason };
    try {
      const answer = await assign.mutateAsync({ jobId: item.id, ...input });
      toast({ title: answer.message, variant: "success" });
      close();
      form.reset(assignDefaults);
    } catch (error) {
      reportSubmitFailure({ error, setError: form.setError, fields: ["reason"], title: "Not assigned" });
    }
  });

  return (
    <FormDialog
      dialog={dialog}
      trigger={{ label: "Assign a pro", icon: UserPlus, ariaLabel: `Assign a pro to ${label}` }}
      title={<>Assign a pro to {label}</>}
      description={`The pro is asked to confirm ${item.priceCents === null ? "" : `at ${formatCents(item.priceCents)}, the customer's price (the pro earns ${formatEarnedCents(item.priceCents)})`}; the request is booked only when they do, and the customer is told then.`}
      onSubmit={onSubmit}
      submitLabel="Ask the pro"
      pendingLabel="Asking..."
      pending={assign.isPending}
    >
      <fieldset className="grid min-w-0 gap-3" aria-describedby={errors.choice ? ids.error : undefined}>
        <legend id={ids.legend} className="mb-1 text-sm font-medium text-slate-800">
          Pro and day
          <span className="ml-0.5 text-red-700" aria-hidden="true">
            *
          </span>
        </legend>
        {candidates.isPending ? <p className="text-sm text-slate-600">Looking for free pros...</p> : null}
        {candidates.isError ? (
          <p className="text-sm text-red-700">The free pros could not be loaded. Close and try again.</p>
        ) : null}
        {candidates.isSuccess && pros.length === 0 ? (
          <p className="text-sm text-slate-600">
            No pro covering {item.zipCode} is free for this request in the next three weeks. Tell the customer
            instead.
          </p>
        ) : null}
        {pros.map((pro) => (
          <div key={pro.landscaperId} className="grid gap-1.5">
            <p className="text-sm">
              <span className="font-medium text-slate-900">{pro.name}</span>{" "}
              <span className="text-slate-600">{pro.reason}</span>
            </p>
            <div className="flex flex-wrap gap-2">
              {pro.firstDays.map((day) => (
                <label
                  key={day}
                  className={cn(
                    choiceCard,
                    "flex min-h-11 items-center gap-2 px-3 py-2 text-sm text-slate-900",
                  )}
                >
                  <input
                    type="radio"
                    value={`${pro.landscaperId}|${day}`}
                    className={choiceInput}
                    aria-label={`${pro.name} on ${formatShortDate(day)}`}
                    {...form.register("choice")}
                  />
                  {formatShortDate(day)}
                </label>
              ))}
            </div>
          </div>
        ))}
        <FieldError id={ids.error} message={errors.choice?.message} />
      </fieldset>
      <ReasonField form={form} name="reason" label="Why this pro (kept in the audit trail)" />
      <FormAlert message={errors.root?.message} />
    </FormDialog>
  );
}

const tellDefaults = { message: "" } satisfies TellCustomerInput;

function TellDialog({ item }: { item: NeedsProJob }) {
  const tell = useTellCustomer();
  const form = useForm<TellCustomerInput>({
    resolver: zodResolver(tellCustomerSchema),
    defaultValues: tellDefaults,
  });
  const { dialog, close } = useDialogState({ onClose: () => form.reset(tellDefaults) });
  const label = jobLabel(item.number);
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const answer = await tell.mutateAsync({ jobId: item.id, ...values });
      toast({ title: answer.message, variant: "success" });
      close();
      form.reset(tellDefaults);
    } catch (error) {
      reportSubmitFailure({ error, setError: form.setError, fields: ["message"], title: "Not sent" });
    }
  });
  return (
    <FormDialog
      dialog={dialog}
      trigger={{
        label: "Tell the customer",
        icon: MessageSquareText,
        variant: "outline",
        ariaLabel: `Tell the customer about ${label}`,
      }}
      title={
        <>
          Tell {item.customerName} about {label}
        </>
      }
      description="They read it in the app and by email. Say what they can do: pick another day or pro, or cancel the request from their dashboard."
      onSubmit={onSubmit}
      submitLabel="Send"
      pendingLabel="Sending..."
      pending={tell.isPending}
    >
      <ReasonField form={form} name="message" label="Message" rows={5} maxLength={1000} />
      <FormAlert message={form.formState.errors.root?.message} />
    </FormDialog>
  );
}

function NeedsProCard({ item, asOf }: { item: NeedsProJob; asOf: Date }) {
  const headingId = `needs-pro-${item.id}`;
  return (
    <li>
      <article
        aria-labelledby={headingId}
        className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-xs sm:p-5"
      >
        <header className="flex flex-wrap items-start justify-between gap-2">
          <div className="grid min-w-0 gap-0.5">
            <h3 id={headingId} className="font-semibold text-slate-900">
              {jobLabel(item.number)} · {item.customerName}
            </h3>
            <p className="text-sm text-slate-600">
              {item.services.map(serviceName).join(", ")} in {item.zipCode}
            </p>
          </div>
          {item.assignment ? (
            <Badge variant="outline">Waiting for {item.assignment.landscaperName}</Badge>
          ) : (
            <Badge variant="outline">No pro</Badge>
          )}
        </header>
        <dl className="grid gap-2 text-sm sm:grid-cols-2">
          <Detail label="Wanted day">{formatShortDate(item.preferredDate)}</Detail>
          <Detail label="Price">
            {item.priceCents === null ? "A pro names it" : formatCents(item.priceCents)}
          </Detail>
          {/* An age reads at a glance which request to take first; the time stays beside it. */}
          <Detail label="Waiting">
            <span>{formatElapsed(new Date(item.waitingSince), asOf)}</span>{" "}
            <span className="text-slate-600">
              (since {formatCharlotteDateTime(new Date(item.waitingSince))})
            </span>
          </Detail>
          <Detail label="Customer last told">
            {item.customerToldAt
              ? formatCharlotteDateTime(new Date(item.customerToldAt))
              : "Not by our team yet"}
          </Detail>
          {item.assignment ? (
            <Detail label="Asked to confirm">
              {item.assignment.landscaperName}, {formatShortDate(item.assignment.date)}
            </Detail>
          ) : null}
          {item.lastDeclinedBy ? <Detail label="Last declined by">{item.lastDeclinedBy}</Detail> : null}
        </dl>
        <div className="flex flex-wrap gap-2">
          {item.assignment || item.priceCents === null ? null : <AssignDialog item={item} />}
          <TellDialog item={item} />
        </div>
        {item.priceCents === null ? (
          <p className="text-sm text-slate-600">
            No firm price: a pro names the price and the customer approves it, so this request cannot be
            assigned.
          </p>
        ) : null}
      </article>
    </li>
  );
}

/** Requests nobody took in 24 hours (issue 38): our team assigns a pro or writes to the customer. */
export default function NeedsAProPage() {
  const needs = useNeedsPro();
  // One clock for every card: the server's at its answer.
  const asOf = new Date(needs.data?.asOf ?? Date.now());
  return (
    <AdminPage
      title="Needs a Pro"
      description={`Requests no pro took within ${NEEDS_PRO_AFTER_HOURS} hours, even after we asked pros further out. The hours count from when the request was sent, or from when a pro gave the visit back. Ask a free pro to take one, or tell the customer what they can do.`}
    >
      <section aria-labelledby="needs-pro-heading" aria-busy={needs.isFetching}>
        <h2 id="needs-pro-heading" className="sr-only">
          Requests without a pro
        </h2>
        <ListStates
          query={needs}
          items={needs.data?.jobs ?? []}
          loading="Loading requests..."
          failed="The requests could not be loaded."
          empty="Every request has a pro or an offer waiting."
        >
          {(items) => (
            <ul className="grid gap-4 md:grid-cols-2">
              {items.map((item) => (
                <NeedsProCard key={item.id} item={item} asOf={asOf} />
              ))}
            </ul>
          )}
        </ListStates>
      </section>
    </AdminPage>
  );
}
