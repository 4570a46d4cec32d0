import { sizeTierLabel } from "../../../../../shared/pricing";
import { formatCents } from "../../../../../shared/services";
import { cn } from "../../../../lib/utils";
import { differenceText, type LotPreview } from "../../lib/pricing-preview";

const unknown = "—";
const money = (cents: number | undefined) => (cents === undefined ? unknown : formatCents(cents));

function Difference({ current, next }: { current: number; next: number | undefined }) {
  if (next === undefined) return <span className="text-slate-500">{unknown}</span>;
  const text = differenceText(current, next);
  return (
    <span
      className={cn(
        "font-medium whitespace-nowrap",
        next > current ? "text-amber-800" : next < current ? "text-brand-800" : "text-slate-600",
      )}
    >
      {text}
    </span>
  );
}

/**
 * The five sample lots priced on the card being replaced and on the form as it is now: price per visit and
 * first visit, each current, new and the difference. A table from `md` up; on a phone one box per lot. Not a
 * live region (every keystroke would be read out): the form's summary line says how many figures change.
 */
export function LotPreviewTable({
  rows,
  baselineVersion,
  headingId,
}: {
  rows: LotPreview[];
  baselineVersion: number;
  headingId: string;
}) {
  const head = "px-3 py-2 text-left text-xs font-semibold text-slate-700";
  const cell = "px-3 py-2.5 text-right tabular-nums whitespace-nowrap";
  return (
    <div>
      <table aria-labelledby={headingId} className="hidden w-full border-collapse text-sm md:table">
        <thead className="border-b border-slate-200 bg-slate-50">
          <tr>
            <td className={head} />
            <th scope="colgroup" colSpan={3} className={cn(head, "text-center")}>
              Price per visit
            </th>
            <th scope="colgroup" colSpan={3} className={cn(head, "border-l border-slate-200 text-center")}>
              First visit
            </th>
          </tr>
          <tr>
            <th scope="col" className={head}>
              Sample lot
            </th>
            {["Per visit", "First visit"].map((group) => (
              <PriceHeads key={group} group={group} version={baselineVersion} className={head} />
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(({ lot, current, next }) => (
            <tr key={lot.id} className="border-b border-slate-100 last:border-0">
              <th scope="row" className="px-3 py-2.5 text-left font-normal">
                <span className="block font-medium text-slate-900">{lot.place}</span>
                <span className="block text-slate-600">
                  {lot.work} · {sizeTierLabel(lot.input.tier)}
                </span>
              </th>
              <td className={cn(cell, "text-slate-600")}>{money(current.perVisitCents)}</td>
              <td className={cn(cell, "font-semibold text-slate-900")}>{money(next?.perVisitCents)}</td>
              <td className={cell}>
                <Difference current={current.perVisitCents} next={next?.perVisitCents} />
              </td>
              <td className={cn(cell, "border-l border-slate-200 text-slate-600")}>
                {money(current.firstVisitCents)}
              </td>
              <td className={cn(cell, "font-semibold text-slate-900")}>{money(next?.firstVisitCents)}</td>
              <td className={cell}>
                <Difference current={current.firstVisitCents} next={next?.firstVisitCents} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      <ul className="grid gap-3 md:hidden" aria-labelledby={headingId}>
        {rows.map(({ lot, current, next }) => (
          <li key={lot.id} className="grid gap-2 rounded-lg border border-slate-200 p-3 text-sm">
            <p>
              <span className="block font-medium text-slate-900">{lot.place}</span>
              <span className="block text-slate-600">
                {lot.work} · {sizeTierLabel(lot.input.tier)}
              </span>
            </p>
            <dl className="grid gap-1.5">
              {(
                [
                  ["Per visit", current.perVisitCents, next?.perVisitCents],
                  ["First visit", current.firstVisitCents, next?.firstVisitCents],
                ] as const
              ).map(([label, now, then]) => (
                <div key={label} className="grid gap-0.5">
                  <dt className="text-slate-600">{label}</dt>
                  <dd className="tabular-nums">
                    <span className="text-slate-600">
                      <span className="sr-only">now </span>
                      {money(now)}
                    </span>
                    <span aria-hidden="true"> → </span>
                    <span className="font-semibold text-slate-900">
                      <span className="sr-only">, new </span>
                      {money(then)}
                    </span>{" "}
                    (<Difference current={now} next={then} />)
                  </dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </div>
  );
}

function PriceHeads({ group, version, className }: { group: string; version: number; className: string }) {
  const first = group === "First visit";
  return (
    <>
      <th scope="col" className={cn(className, "text-right", first && "border-l border-slate-200")}>
        Now <span className="font-normal">(v{version})</span>
        <span className="sr-only">, {group.toLowerCase()}</span>
      </th>
      <th scope="col" className={cn(className, "text-right")}>
        New<span className="sr-only">, {group.toLowerCase()}</span>
      </th>
      <th scope="col" className={cn(className, "text-right")}>
        Difference<span className="sr-only">, {group.toLowerCase()}</span>
      </th>
    </>
  );
}
