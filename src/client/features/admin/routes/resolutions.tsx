import { zodResolver } from "@hookform/resolvers/zod";
import { Gavel, MessageCircle } from "lucide-react";
import { useId, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import {
  addDaysIso,
  formatCharlotteDateTime,
  formatShortDate,
  todayInCharlotte,
} from "../../../../shared/dates";
import {
  type DisputeState,
  disputeStateLabel,
  problemReasonLabel,
  REDO_WITHIN_DAYS,
  type ResolutionItem,
  type ResolveDisputeInput,
  resolutionLabel,
  resolutions,
  resolveDisputeSchema,
} from "../../../../shared/proof";
import { formatCents, jobLabel, serviceName } from "../../../../shared/services";
import { Detail } from "../../../components/detail";
import { FormAlert } from "../../../components/form-alert";
import { FormDialog, useDialogState } from "../../../components/form-dialog";
import { ReasonField } from "../../../components/reason-field";
import { Badge, type BadgeProps } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { FieldError, FormField } from "../../../components/ui/form-field";
import { Input, MoneyInput } from "../../../components/ui/input";
import { reportSubmitFailure } from "../../../lib/form-errors";
import { choiceCard, choiceInput } from "../../../lib/styles";
import { toast } from "../../../lib/toast";
import { cn } from "../../../lib/utils";
import { ConversationDialog, ConversationFromLink } from "../../conversations";
import { PhotoGallery } from "../../proof";
import { ReportedReviewsPanel } from "../../reviews";
import { useResolutions, useResolveDispute } from "../api/admin-api";
import { AdminPage } from "../components/admin-page";
import { ListStates } from "../components/list-controls";
import { formatDate } from "../lib/format";
import { paymentText, refundAboveLimit, resolutionHint } from "../lib/resolutions";

export function meta() {
  return [{ title: "Resolutions | GreenScape Charlotte" }, { name: "robots", content: "noindex" }];
}

const stateBadge: Record<DisputeState, NonNullable<BadgeProps["variant"]>> = {
  open: "destructive",
  redo_offered: "warning",
  redo_scheduled: "info",
  resolved: "success",
};

/**
 * Reported problems (issue 16): the open ones first, each with what was reported, the photos, the payment,
 * the conversation and a way to resolve it; then those resolved in the last 30 days.
 */
export default function ResolutionsPage() {
  const resolutionsQuery = useResolutions();
  const data = resolutionsQuery.data;
  return (
    <AdminPage
      title="Resolutions"
      description="Problems customers reported after a visit, and reported reviews. Nothing is charged while a problem report is open; resolve it with a redo visit, a refund or by releasing the payment."
    >
      <section aria-labelledby="open-heading" aria-busy={resolutionsQuery.isFetching} className="grid gap-4">
        <h2 id="open-heading" className="text-lg font-semibold text-slate-900">
          Open{data ? ` (${data.open.length})` : ""}
        </h2>
        <ListStates
          query={resolutionsQuery}
          items={data?.open ?? []}
          loading="Loading reported problems..."
          failed="Reported problems could not be loaded."
          empty="No open problem reports. Everything reported has been resolved."
        >
          {(items) => <ResolutionList items={items} label="Open problem reports" />}
        </ListStates>
      </section>
      {data ? (
        <section aria-labelledby="resolved-heading" className="grid gap-4">
          <h2 id="resolved-heading" className="text-lg font-semibold text-slate-900">
            Resolved in the last 30 days ({data.resolved.length})
          </h2>
          {data.resolved.length === 0 ? (
            <p className="text-sm text-slate-600">Nothing resolved in the last 30 days.</p>
          ) : (
            <ResolutionList items={data.resolved} label="Resolved problem reports" />
          )}
        </section>
      ) : null}
      {/* Reported reviews (issue 36): kept as written, or removed with a reason shown in their place. */}
      <ReportedReviewsPanel />
      {/* Message notifications link here with ?conversation=<jobId>. */}
      <ConversationFromLink canReport={false} />
    </AdminPage>
  );
}

function ResolutionList({ items, label }: { items: ResolutionItem[]; label: string }) {
  return (
    <ul className="grid gap-4" aria-label={label}>
      {items.map((item) => (
        <li key={item.jobId}>
          <ResolutionCard item={item} />
        </li>
      ))}
    </ul>
  );
}

function ResolutionCard({ item }: { item: ResolutionItem }) {
  const headingId = useId();
  const { dispute } = item;
  const resolved = dispute.state === "resolved";
  const subject = `job ${jobLabel(item.number)} at ${item.address}`;
  return (
    <article
      aria-labelledby={headingId}
      data-testid="resolution"
      data-job-number={item.number}
      className={cn(
        "grid gap-4 rounded-xl border bg-white p-4 shadow-xs sm:p-5",
        resolved ? "border-slate-200" : "border-amber-300",
      )}
    >
      <header className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="grid min-w-0 gap-0.5">
          <p className="font-mono text-xs font-semibold text-slate-600">{jobLabel(item.number)}</p>
          <h3 id={headingId} className="font-semibold text-slate-900">
            {item.services.map(serviceName).join(", ")}
          </h3>
          <p className="text-sm text-slate-600 [overflow-wrap:anywhere]">{item.address}</p>
        </div>
        <Badge variant={stateBadge[dispute.state]}>{disputeStateLabel[dispute.state]}</Badge>
      </header>

      <dl className="grid grid-cols-2 gap-x-6 gap-y-3 text-sm lg:grid-cols-4">
        {/* Two columns wide, so the email address fits on a line instead of breaking mid-word. */}
        <Detail label="Customer" className="col-span-2">
          {item.customerName}
          <span className="block font-normal [overflow-wrap:anywhere] text-slate-600">
            {item.customerEmail}
          </span>
        </Detail>
        <Detail label="Landscaper">{item.landscaperName ?? "—"}</Detail>
        <Detail label="Service date">{item.scheduledDate ? formatShortDate(item.scheduledDate) : "—"}</Detail>
        <Detail label="Completed">{item.completedAt ? formatDate(item.completedAt) : "—"}</Detail>
        <Detail label="Price">
          {item.finalPriceCents !== null ? formatCents(item.finalPriceCents) : "—"}
        </Detail>
        <Detail label="Payment">{paymentText(item.paymentStatus, item.refundableCents)}</Detail>
        <Detail label="Reported">{formatCharlotteDateTime(new Date(dispute.reportedAt))}</Detail>
        <Detail label="Reason">{problemReasonLabel[dispute.reason]}</Detail>
      </dl>

      <blockquote className="rounded-lg bg-slate-100/70 px-3 py-2 text-sm text-slate-800">
        <p className="text-xs font-medium text-slate-600">The customer wrote</p>
        <p className="mt-0.5 whitespace-pre-wrap [overflow-wrap:anywhere]">{dispute.note}</p>
      </blockquote>

      {dispute.redoDate ? (
        <p className="text-sm text-slate-700">
          {dispute.state === "redo_scheduled" ? "Redo visit scheduled" : "Redo visit offered"} for{" "}
          <strong className="font-semibold">{formatShortDate(dispute.redoDate)}</strong>
          {dispute.redoDeclined ? " (the customer declined it)" : ""}
          {dispute.redoNote ? (
            <span className="whitespace-pre-wrap [overflow-wrap:anywhere]">: “{dispute.redoNote}”</span>
          ) : null}
        </p>
      ) : null}

      {resolved && dispute.resolution ? (
        <p className="rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-950">
          <strong className="font-semibold">{resolutionLabel[dispute.resolution]}</strong>
          {dispute.resolvedAt ? ` on ${formatCharlotteDateTime(new Date(dispute.resolvedAt))}` : ""}
          {dispute.resolutionNote ? (
            <span className="block whitespace-pre-wrap [overflow-wrap:anywhere]">
              {dispute.resolutionNote}
            </span>
          ) : null}
        </p>
      ) : null}

      {/* Every photo in one gallery (before, after, then the problem's, each labelled), so the viewer steps
          from the work to the report. */}
      <PhotoGallery photos={item.photos} title="Photos" subject={subject} />

      <footer className="flex flex-col gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:justify-end">
        <ConversationButton item={item} />
        {resolved ? null : <ResolveDialog item={item} />}
      </footer>
    </article>
  );
}

function ConversationButton({ item }: { item: ResolutionItem }) {
  const [open, setOpen] = useState(false);
  const count = item.messageCount;
  return (
    <ConversationDialog
      jobId={item.jobId}
      open={open}
      onOpenChange={setOpen}
      canReport={false}
      trigger={
        <Button
          type="button"
          variant="outline"
          aria-label={`Conversation of ${jobLabel(item.number)}, ${count} ${count === 1 ? "message" : "messages"}`}
          icon={<MessageCircle className="size-4" aria-hidden="true" />}
        >
          Conversation ({count})
        </Button>
      }
    />
  );
}

type ResolveValues = ResolveDisputeInput;
/** The form starts with no resolution chosen (the schema then asks for one). */
const defaults = { date: "", amount: "", note: "" } satisfies Partial<ResolveValues>;

function ResolveDialog({ item }: { item: ResolutionItem }) {
  const resolve = useResolveDispute();
  const ids = { resolution: useId(), resolutionError: useId() };
  const form = useForm<ResolveValues>({
    resolver: zodResolver(resolveDisputeSchema),
    defaultValues: defaults,
  });
  const { dialog, close } = useDialogState({ onClose: () => form.reset(defaults) });
  const chosen = useWatch({ control: form.control, name: "resolution" });
  const errors = form.formState.errors;
  const today = todayInCharlotte();
  const label = jobLabel(item.number);

  const onSubmit = form.handleSubmit(async (values) => {
    if (values.resolution === "partial_refund") {
      const tooMuch = refundAboveLimit(values.amount, item.refundableCents);
      if (tooMuch) {
        form.setError("amount", { message: tooMuch }, { shouldFocus: true });
        return;
      }
    }
    const input: ResolveValues = { resolution: values.resolution, note: values.note };
    if (values.resolution === "redo") input.date = values.date;
    if (values.resolution === "partial_refund") input.amount = values.amount;
    try {
      const answer = await resolve.mutateAsync({ jobId: item.jobId, ...input });
      toast({ title: answer.message, variant: "success" });
      close();
      form.reset(defaults);
    } catch (error) {
      reportSubmitFailure({
        error,
        setError: form.setError,
        fields: ["resolution", "date", "amount", "note"],
        title: "Not resolved",
      });
    }
  });

  return (
    <FormDialog
      dialog={dialog}
      trigger={{ label: "Resolve", icon: Gavel }}
      title={<>Resolve {label}</>}
      description={`${item.customerName} reported: ${problemReasonLabel[item.dispute.reason]}. The customer and ${item.landscaperName ?? "the landscaper"} both read your note.`}
      onSubmit={onSubmit}
      submitLabel="Resolve"
      pendingLabel="Resolving..."
      pending={resolve.isPending}
    >
      <fieldset
        className="grid min-w-0 gap-2"
        aria-describedby={errors.resolution ? ids.resolutionError : undefined}
      >
        <legend className="mb-1 text-sm font-medium text-slate-800">
          Resolution
          <span className="ml-0.5 text-red-700" aria-hidden="true">
            *
          </span>
        </legend>
        {resolutions.map((resolution) => (
          <label
            key={resolution}
            className={cn(choiceCard, "flex min-h-11 items-start gap-3 px-3 py-2 text-sm text-slate-900")}
          >
            <input
              type="radio"
              value={resolution}
              className={cn(choiceInput, "mt-0.5")}
              aria-describedby={`${ids.resolution}-${resolution}`}
              {...form.register("resolution")}
            />
            <span className="grid gap-0.5">
              <span className="font-medium">{resolutionLabel[resolution]}</span>
              <span id={`${ids.resolution}-${resolution}`} className="text-slate-600">
                {resolutionHint[resolution]}
              </span>
            </span>
          </label>
        ))}
        <FieldError id={ids.resolutionError} message={errors.resolution?.message} />
      </fieldset>

      {chosen === "redo" ? (
        <FormField label="Redo date" required error={errors.date?.message}>
          <Input
            type="date"
            min={today}
            max={addDaysIso(today, REDO_WITHIN_DAYS)}
            aria-required="true"
            {...form.register("date")}
          />
        </FormField>
      ) : null}

      {chosen === "partial_refund" ? (
        <FormField
          label="Refund amount (USD)"
          required
          description={
            item.refundableCents > 0
              ? `Up to ${formatCents(item.refundableCents)} can be refunded.`
              : item.finalPriceCents !== null
                ? `The final price was ${formatCents(item.finalPriceCents)}.`
                : undefined
          }
          error={errors.amount?.message}
        >
          <MoneyInput aria-required="true" {...form.register("amount")} />
        </FormField>
      ) : null}

      <ReasonField form={form} name="note" label="Note both sides read" />
      <FormAlert message={errors.root?.message} />
    </FormDialog>
  );
}
