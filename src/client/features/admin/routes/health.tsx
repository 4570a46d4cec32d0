import { ArrowLeft } from "lucide-react";
import type * as React from "react";
import { useSearchParams } from "react-router";
import {
  HEALTH_DEFAULT_WEEKS,
  healthDefinitions,
  healthFreshnessText,
} from "../../../../shared/admin-health";
import { formatShortDate } from "../../../../shared/dates";
import { FilterSelect } from "../../../components/filter-controls";
import { LoadError } from "../../../components/load-error";
import { ButtonLink } from "../../../components/ui/button-link";
import { useHealth } from "../api/health-api";
import { AdminPage } from "../components/admin-page";
import { BreakdownTable, HealthOverview, SupplyGapTable } from "../components/health-figures";

export function meta() {
  return [{ title: "Marketplace Health | GreenScape Charlotte" }, { name: "robots", content: "noindex" }];
}

/** "Sep 7": a week's day without the year, which the overview's dates already say. */
const monthDay = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const dayLabel = (isoDate: string) => monthDay.format(new Date(`${isoDate}T12:00:00Z`));

const weekChoices = ["4", "8", "12", "26", "52"] as const;
type WeekChoice = (typeof weekChoices)[number];
const weekOptions = weekChoices.map((value) => ({ value, label: `Last ${value} weeks` }));

function Section({
  id,
  title,
  lead,
  children,
}: {
  id: string;
  title: string;
  lead?: string;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="grid content-start gap-3">
      <div>
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {lead ? <p className="text-sm text-slate-600">{lead}</p> : null}
      </div>
      {children}
    </section>
  );
}

/** Admin → Health (issue 38): whether customers are being served, with each figure's definition on the page. */
export default function HealthPage() {
  const [params, setParams] = useSearchParams();
  const asked = params.get("weeks");
  const weeks: WeekChoice =
    weekChoices.find((w) => w === asked) ?? (String(HEALTH_DEFAULT_WEEKS) as WeekChoice);
  const health = useHealth(Number(weeks));
  const data = health.data;

  return (
    <AdminPage
      title="Marketplace Health"
      description="Whether customers are being served: how soon requests are booked, whether visits happen on their day, what pros undo, and where pros are short."
      actions={
        <FilterSelect
          label="Period"
          value={weeks}
          options={weekOptions}
          onChange={(value) =>
            setParams(value === String(HEALTH_DEFAULT_WEEKS) ? {} : { weeks: value }, { replace: true })
          }
        />
      }
    >
      {health.isError ? <LoadError title="The health figures could not be loaded." query={health} /> : null}
      {!data ? (
        health.isError ? null : (
          <p className="text-sm text-slate-600">Loading…</p>
        )
      ) : (
        <>
          <Section
            id="health-overview"
            title="Overview"
            lead={`${formatShortDate(data.from)} to ${formatShortDate(data.to)}, Charlotte dates, today included. A dash: nothing to count yet.`}
          >
            <p className="text-sm text-slate-600" data-testid="health-freshness">
              {healthFreshnessText(data)}
            </p>
            <HealthOverview figures={data.overall} />
          </Section>

          <Section id="supply-gaps" title="Supply gaps" lead={healthDefinitions.supply}>
            <SupplyGapTable gaps={data.supplyGaps} />
          </Section>

          <Section
            id="by-week"
            title="By week"
            lead="Seven days each from the period's first day; the newest last."
          >
            <BreakdownTable
              caption="Health figures by week"
              groupLabel="Week"
              rows={data.byWeek.map((w) => ({
                key: w.start,
                label: w.start === w.end ? dayLabel(w.start) : `${dayLabel(w.start)} – ${dayLabel(w.end)}`,
                figures: w.figures,
              }))}
            />
          </Section>

          <Section
            id="by-neighbourhood"
            title="By neighborhood"
            lead="By the job's ZIP; ZIPs sharing a name together. Most requests first."
          >
            <BreakdownTable
              caption="Health figures by neighborhood"
              groupLabel="Neighborhood"
              rows={data.byNeighbourhood.map((n) => ({ key: n.name, label: n.name, figures: n.figures }))}
            />
          </Section>

          <Section id="by-service" title="By service" lead="A job asking for two services counts under both.">
            <BreakdownTable
              caption="Health figures by service"
              groupLabel="Service"
              rows={data.byService.map((s) => ({ key: s.service, label: s.name, figures: s.figures }))}
            />
          </Section>

          <Section id="definitions" title="Definitions" lead="Exactly what each figure counts.">
            <ul className="grid list-disc gap-2 pl-5 text-sm text-slate-700">
              {Object.entries(healthDefinitions).map(([key, text]) => (
                <li key={key}>{text}</li>
              ))}
            </ul>
          </Section>
        </>
      )}

      <div>
        <ButtonLink to="/admin" variant="outline" icon={ArrowLeft}>
          Back to Admin
        </ButtonLink>
      </div>
    </AdminPage>
  );
}
