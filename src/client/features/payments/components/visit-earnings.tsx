import { Download } from "lucide-react";
import { useState } from "react";
import { addDaysIso, formatShortDate, todayInCharlotte } from "../../../../shared/dates";
import {
  type StatementAnswer,
  type StatementPayout,
  type StatementRow,
  statementQuerySchema,
} from "../../../../shared/earnings-statement";
import { formatCents, jobLabel, serviceName } from "../../../../shared/services";
import { LoadError } from "../../../components/load-error";
import { Skeleton } from "../../../components/skeleton";
import { Card, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { useVisitEarnings, visitEarningsQuery } from "../api/earnings";

/**
 * Each visit's money in a period, grouped by the payout it went into (paid in the period, on its way, or the
 * next one), and the period's CSV, which lists the paid payouts' visits and adds up to them to the cent.
 */
export function VisitEarnings() {
  const today = todayInCharlotte();
  const [from, setFrom] = useState(() => addDaysIso(today, -27));
  const [to, setTo] = useState(today);
  const parsed = statementQuerySchema.safeParse({ from, to });
  const period = parsed.success ? parsed.data : null;
  // Each date box shows the first problem zod names it with (the period's checks name "to").
  const problemOf = (field: "from" | "to") =>
    parsed.success ? undefined : parsed.error.issues.find((issue) => issue.path[0] === field)?.message;
  const visits = useVisitEarnings(period);

  return (
    <Card className="gap-4 p-5 sm:p-6" data-testid="visit-earnings">
      <CardHeader>
        <CardTitle asHeading="h2">Earnings per visit</CardTitle>
        <CardDescription>
          Each visit's price, our 25% fee, tips, cancellation fees and refunds, and the payout they went into.
          The CSV lists the visits of the payouts paid in the period and adds up to those payouts.
        </CardDescription>
      </CardHeader>
      <div className="flex flex-wrap items-end gap-3">
        <FormField label="From" className="w-40" error={problemOf("from")}>
          <Input type="date" value={from} max={today} onChange={(e) => setFrom(e.target.value)} />
        </FormField>
        <FormField label="To" className="w-40" error={problemOf("to")}>
          <Input type="date" value={to} onChange={(e) => setTo(e.target.value)} />
        </FormField>
        {period ? (
          <a
            href={`/api/landscaper/earnings/visits.csv?${visitEarningsQuery(period.from, period.to)}`}
            download
            className="inline-flex h-11 items-center gap-2 rounded-md border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-900 hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none sm:h-10"
          >
            <Download className="size-4" aria-hidden="true" />
            Download CSV
          </a>
        ) : (
          <p className="pb-2 text-sm text-slate-600">Fix the dates to download the CSV.</p>
        )}
      </div>
      {!period ? null : visits.isPending ? (
        <Skeleton label="Loading your visits" className="h-24 rounded-lg" />
      ) : visits.isError ? (
        <LoadError title="Your visits could not be loaded." query={visits} />
      ) : (
        <Groups answer={visits.data} />
      )}
    </Card>
  );
}

function Groups({ answer }: { answer: StatementAnswer }) {
  const waiting = answer.rows.filter((row) => row.payoutId === null);
  const groups = [
    ...answer.payouts.map((payout) => ({
      key: payout.id,
      title: payoutTitle(payout),
      rows: answer.rows.filter((row) => row.payoutId === payout.id),
    })),
    ...(waiting.length ? [{ key: "next", title: "Next payout", rows: waiting }] : []),
  ];
  if (groups.length === 0)
    return (
      <p className="text-sm text-slate-600">No payouts in this period and nothing waiting to be paid.</p>
    );
  return (
    <div className="grid gap-4">
      {groups.map((group) => (
        <section key={group.key} aria-labelledby={`visits-${group.key}`} className="grid gap-2">
          <h3 id={`visits-${group.key}`} className="text-sm font-semibold text-slate-900">
            {group.title}
          </h3>
          <ul
            className="divide-y divide-slate-100 rounded-lg border border-slate-200"
            aria-label={group.title}
          >
            {group.rows.map((row) => (
              <VisitRow key={`${group.key}-${row.jobId ?? "none"}`} row={row} />
            ))}
          </ul>
        </section>
      ))}
      {answer.truncated ? (
        <p className="text-sm text-slate-600">
          The first 200 visits are listed: choose a shorter period, or download the CSV for all of them.
        </p>
      ) : null}
    </div>
  );
}

function payoutTitle(payout: StatementPayout): string {
  const amount = formatCents(payout.amountCents);
  return payout.paidOn
    ? `Paid ${formatShortDate(payout.paidOn)} · ${amount}`
    : `On its way (run of ${formatShortDate(payout.runDate)}) · ${amount}`;
}

function VisitRow({ row }: { row: StatementRow }) {
  const figures: [string, number][] = [
    ["Price", row.priceCents],
    ["Platform fee", -row.platformFeeCents],
    ...(row.tipCents ? [["Tip", row.tipCents] as [string, number]] : []),
    ...(row.feeCents ? [["Fees", row.feeCents] as [string, number]] : []),
    ...(row.refundCents ? [["Refunds", -row.refundCents] as [string, number]] : []),
  ];
  return (
    <li className="grid gap-2 p-3 text-sm lg:grid-cols-[16rem_1fr] lg:items-center">
      <span>
        <span className="font-mono text-xs font-semibold text-slate-600">
          {row.jobNumber === null ? "Job removed" : jobLabel(row.jobNumber)}
        </span>{" "}
        <span className="font-medium text-slate-900">{row.services.map(serviceName).join(", ")}</span>
        {row.visitDate ? (
          <span className="block text-slate-600">{formatShortDate(row.visitDate)}</span>
        ) : null}
      </span>
      <dl className="grid grid-cols-3 gap-x-3 gap-y-1 tabular-nums sm:grid-cols-6">
        {figures.map(([label, cents]) => (
          <div key={label}>
            <dt className="text-xs text-slate-600">{label}</dt>
            <dd className="text-slate-900">{formatCents(cents)}</dd>
          </div>
        ))}
        <div>
          <dt className="text-xs text-slate-600">You get</dt>
          <dd className="font-semibold text-slate-900">{formatCents(row.netCents)}</dd>
        </div>
      </dl>
    </li>
  );
}
