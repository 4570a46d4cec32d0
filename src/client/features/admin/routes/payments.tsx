import { zodResolver } from "@hookform/resolvers/zod";
import { RotateCcw } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useSearchParams } from "react-router";
import type { z } from "zod";
import {
  type AdminMoneyItem,
  type AdminPaymentsAnswer,
  type MoneyKindFilter,
  moneyKindLabel,
  moneyKinds,
} from "../../../../shared/admin";
import { todayInCharlotte } from "../../../../shared/dates";
import { exportFileName } from "../../../../shared/exports";
import { refundJobSchema } from "../../../../shared/jobs";
import type { PayoutRunAnswer } from "../../../../shared/payments";
import { formatCents, jobLabel } from "../../../../shared/services";
import { FilterSelect } from "../../../components/filter-controls";
import { FormAlert } from "../../../components/form-alert";
import { FormDialog, useDialogState } from "../../../components/form-dialog";
import { ReasonField } from "../../../components/reason-field";
import { Badge } from "../../../components/ui/badge";
import { ButtonLink } from "../../../components/ui/button-link";
import { FormField } from "../../../components/ui/form-field";
import { MoneyInput } from "../../../components/ui/input";
import { reportSubmitFailure } from "../../../lib/form-errors";
import { toast } from "../../../lib/toast";
import { exportUrl, useAdminPayments, useRefundJob } from "../api/admin-api";
import { AdminPage } from "../components/admin-page";
import { ExportButton } from "../components/export-button";
import { FilterBar, ListStates, Pager, useKeysetPaging } from "../components/list-controls";
import { PayOutNow, PayoutRunResult } from "../components/payout-run";
import { formatDate } from "../lib/format";

export function meta() {
  return [{ title: "Payments | GreenScape Charlotte" }, { name: "robots", content: "noindex" }];
}

const kindOptions = moneyKinds.map((value) => ({
  value,
  label: value === "all" ? "All movements" : `${moneyKindLabel[value]}s`,
}));

/**
 * The empty list of one kind says that kind: 'No money has moved yet.' is true only of them all. A payout
 * is in the ledger once sent, so one on its way or failed (under Needs attention) is not listed yet.
 */
function emptyText(kind: MoneyKindFilter): string {
  if (kind === "all") return "No money has moved yet.";
  if (kind === "payout") return "No payouts sent yet.";
  return `No ${moneyKindLabel[kind].toLowerCase()}s yet.`;
}

const kindBadge: Record<AdminMoneyItem["kind"], "success" | "info" | "warning" | "destructive" | "muted"> = {
  job_charge: "success",
  tip: "info",
  cancellation_fee: "warning",
  refund: "destructive",
  payout: "muted",
};

/**
 * The admin Payments page: what needs an admin (payouts the bank refuses, holds cards refused, reported
 * work whose charge waits), every money movement of the ledger with refunds, the CSV, and "Pay out now".
 */
export default function PaymentsPage() {
  const [kind, setKind] = useState<MoneyKindFilter>("all");
  // Admin → Users links here with ?user=<id>&name=<email> for one account's money.
  const [params, setParams] = useSearchParams();
  const userId = params.get("user")?.slice(0, 100) || undefined;
  const paging = useKeysetPaging(`${kind}|${userId ?? ""}`);
  const payments = useAdminPayments(kind, paging.position, userId);
  const [run, setRun] = useState<PayoutRunAnswer | null>(null);
  return (
    <AdminPage
      title="Payments"
      description="Every charge, tip, cancellation fee, refund and payout on the platform. Cards are charged only after the work is approved; landscapers are paid every week."
    >
      {payments.data ? <Attention attention={payments.data.attention} /> : null}
      <section aria-labelledby="movements-heading" aria-busy={payments.isFetching} className="grid gap-4">
        <h2 id="movements-heading" className="text-lg font-semibold text-slate-900">
          Money movements
        </h2>
        <FilterBar>
          {/* Wide enough for its longest option, 'Cancellation fees', on every screen. */}
          <FilterSelect
            label="Show"
            value={kind}
            onChange={setKind}
            options={kindOptions}
            className="grid gap-1.5 sm:w-56"
          />
          <ExportButton
            url={exportUrl("payments.csv", { kind })}
            fallbackName={exportFileName("payments", todayInCharlotte())}
          />
          <PayOutNow onAnswer={setRun} />
        </FilterBar>
        {run ? <PayoutRunResult run={run} /> : null}
        {userId ? (
          <p className="flex flex-wrap items-center gap-x-3 text-sm text-slate-700" data-testid="payments-of">
            <span>
              Showing the money of{" "}
              <span className="font-medium">{params.get("name")?.slice(0, 200) ?? "one account"}</span> only
              (as customer or as landscaper).
            </span>
            <button
              type="button"
              className="rounded-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
              onClick={() => setParams({})}
            >
              Show everyone's
            </button>
          </p>
        ) : null}
        <ListStates
          query={payments}
          items={payments.data?.items ?? []}
          loading="Loading payments..."
          failed="Payments could not be loaded."
          empty={emptyText(kind)}
        >
          {(items) => (
            <ul className="grid gap-3" aria-label="Money movements">
              {items.map((item) => (
                <MoneyRow key={item.id} item={item} />
              ))}
            </ul>
          )}
        </ListStates>
        <Pager
          page={paging.page}
          data={payments.data}
          onNext={paging.next}
          onPrevious={paging.previous}
          label="Payments pages"
        />
      </section>
    </AdminPage>
  );
}

function MoneyRow({ item }: { item: AdminMoneyItem }) {
  const amount = formatCents(Math.abs(item.amountCents));
  return (
    <li className="grid gap-2 rounded-xl border border-slate-200 bg-white p-4 text-sm shadow-xs sm:grid-cols-[1fr_auto] sm:items-center">
      <div className="grid min-w-0 gap-1">
        <p className="flex flex-wrap items-center gap-2">
          <Badge variant={kindBadge[item.kind]}>{moneyKindLabel[item.kind]}</Badge>
          {item.jobNumber !== null ? (
            <span className="font-mono text-xs font-semibold text-slate-600">{jobLabel(item.jobNumber)}</span>
          ) : null}
          <span className="text-slate-600">{formatDate(item.createdAt)}</span>
        </p>
        <p className="text-slate-800 [overflow-wrap:anywhere]">
          {[item.customerName, item.landscaperName ? `→ ${item.landscaperName}` : null]
            .filter(Boolean)
            .join(" ") || item.description}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-3 sm:justify-end">
        <span
          className={`text-base font-semibold tabular-nums ${item.amountCents < 0 ? "text-red-800" : "text-slate-900"}`}
        >
          {item.amountCents < 0 ? `−${amount}` : amount}
        </span>
        {item.kind === "job_charge" && item.refundableCents > 0 && item.jobId ? (
          <RefundDialog
            jobId={item.jobId}
            jobNumber={item.jobNumber}
            refundableCents={item.refundableCents}
          />
        ) : null}
      </div>
    </li>
  );
}

type RefundInput = z.input<typeof refundJobSchema>;
type RefundValues = z.output<typeof refundJobSchema>;

function RefundDialog({
  jobId,
  jobNumber,
  refundableCents,
}: {
  jobId: string;
  jobNumber: number | null;
  refundableCents: number;
}) {
  const refund = useRefundJob();
  const defaults = { amount: (refundableCents / 100).toFixed(2), reason: "" };
  const form = useForm<RefundInput, unknown, RefundValues>({
    resolver: zodResolver(refundJobSchema),
    defaultValues: defaults,
  });
  const { dialog, close } = useDialogState({ onClose: () => form.reset(defaults) });
  const label = jobNumber !== null ? jobLabel(jobNumber) : "this job";
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const answer = await refund.mutateAsync({
        jobId,
        amountDollars: values.amount / 100,
        reason: values.reason,
      });
      toast({ title: answer.message, variant: "success" });
      close();
    } catch (error) {
      reportSubmitFailure({
        error,
        setError: form.setError,
        fields: ["amount", "reason"],
        title: "Refund not made",
      });
    }
  });
  return (
    <FormDialog
      dialog={dialog}
      trigger={{ label: "Refund", icon: RotateCcw, size: "sm", variant: "outline" }}
      title={<>Refund {label}</>}
      description={`Up to ${formatCents(refundableCents)} can still be refunded. The landscaper's share and ours are reversed in proportion, and the customer is emailed the reason.`}
      onSubmit={onSubmit}
      submitLabel="Refund"
      pendingLabel="Refunding..."
      pending={refund.isPending}
      submitVariant="destructive"
    >
      <FormField label="Amount (USD)" required error={form.formState.errors.amount?.message}>
        <MoneyInput aria-required="true" {...form.register("amount")} />
      </FormField>
      <ReasonField form={form} name="reason" label="Reason the customer reads" />
      <FormAlert message={form.formState.errors.root?.message} />
    </FormDialog>
  );
}

function Attention({ attention }: { attention: AdminPaymentsAnswer["attention"] }) {
  const nothing = attention.payouts.length + attention.holds.length + attention.reported.length === 0;
  return (
    <section aria-labelledby="attention-heading" className="grid gap-3" data-testid="payments-attention">
      <h2 id="attention-heading" className="text-lg font-semibold text-slate-900">
        Needs attention
      </h2>
      {nothing ? (
        <p className="text-sm text-slate-600">
          Nothing needs you: no failed payouts, refused cards or reported work.
        </p>
      ) : null}
      <ul className="grid gap-3 md:grid-cols-2">
        {attention.reported.map((r) => (
          <li key={r.jobId} className="grid gap-2 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm">
            <p className="font-semibold text-amber-950">
              {jobLabel(r.jobNumber)}: {r.customerName} reported a problem
            </p>
            {r.note ? <p className="text-amber-950 [overflow-wrap:anywhere]">“{r.note}”</p> : null}
            <p className="text-amber-900">{formatCents(r.heldCents)} is held on the card, not charged.</p>
            {/* Decided on Resolutions, where a redo or a partial refund is one choice among others and each
                is confirmed: one press here charged the whole price for work reported as partly skipped. */}
            <div>
              <ButtonLink to="/admin/resolutions" size="sm" variant="outline">
                Resolve on Resolutions
              </ButtonLink>
            </div>
          </li>
        ))}
        {attention.payouts.map((p) => (
          <FailureItem
            key={p.id}
            title={`Payout of ${formatCents(p.amountCents)} to ${p.landscaperName} ${
              p.status === "failed" ? "failed" : `is being retried (attempt ${p.attempts})`
            }`}
            detail={p.failureMessage}
          />
        ))}
        {attention.holds.map((h) => (
          <FailureItem
            key={h.jobId}
            title={`${jobLabel(h.jobNumber)}: ${h.customerName}'s card refused the ${formatCents(h.amountCents)} hold`}
            detail={`${h.failureMessage ?? "The card was declined."} The visit waits for a new card.`}
          />
        ))}
      </ul>
    </section>
  );
}

/** Money that did not move (a payout, a card hold): what failed, then why when the provider said. */
function FailureItem({ title, detail }: { title: string; detail: string | null }) {
  return (
    <li className="grid gap-1 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-950">
      <p className="font-semibold">{title}</p>
      {detail ? <p>{detail}</p> : null}
    </li>
  );
}
