import { MapPinned } from "lucide-react";
import { formatLongDate, todayInCharlotte } from "../../../../shared/dates";
import { type AreaSummary, travelRadiusLabel } from "../../../../shared/landscapers";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { toast } from "../../../lib/toast";
import { useAreaChanges, useDecideAreaChange } from "../api/admin-api";

function Area({ label, area }: { label: string; area: AreaSummary }) {
  return (
    <div className="grid min-w-0 gap-0.5">
      <dt className="text-slate-500 text-xs uppercase tracking-wide">{label}</dt>
      <dd className="text-slate-900 text-sm [overflow-wrap:anywhere]">
        {area.serviceZipCodes.join(", ")} · {travelRadiusLabel(area.travelRadius)}
        <span className="block text-slate-600">
          Reaches {area.coveredZipCount} ZIP code{area.coveredZipCount === 1 ? "" : "s"}
        </span>
      </dd>
    </div>
  );
}

/**
 * Approved landscapers' requests to change where they work. Nothing shows when there are none; the area in
 * force stays until a request is approved here.
 */
export function AreaChangeList() {
  const changes = useAreaChanges();
  const decide = useDecideAreaChange();
  const items = changes.data?.changes ?? [];
  if (items.length === 0) return null;

  async function onDecide(id: string, decision: "approve" | "deny") {
    try {
      const answer = await decide.mutateAsync({ id, decision });
      toast({ title: answer.message, variant: "success" });
    } catch (error) {
      toast({
        title: "Could not save the decision",
        description: (error as Error).message,
        variant: "destructive",
      });
    }
  }

  return (
    <section aria-labelledby="area-changes-heading" className="grid gap-3">
      <h2 id="area-changes-heading" className="flex items-center gap-2 font-semibold text-lg text-slate-900">
        <MapPinned className="size-5 text-brand-700" aria-hidden="true" />
        Service area changes ({items.length})
      </h2>
      <div className="grid gap-4 md:grid-cols-2">
        {items.map((change) => (
          <Card key={change.id} className="gap-4 p-4 sm:p-5">
            <div className="grid gap-0.5">
              <h3 className="font-semibold text-slate-900">{change.landscaperName}</h3>
              <p className="text-slate-600 text-xs">
                {change.email} · asked on {formatLongDate(todayInCharlotte(new Date(change.requestedAt)))}
              </p>
            </div>
            <dl className="grid gap-3 sm:grid-cols-2">
              <Area label="Area in force" area={change.current} />
              <Area label="Asked for" area={change.requested} />
            </dl>
            <div className="flex flex-wrap gap-2">
              <Button
                type="button"
                size="sm"
                disabled={decide.isPending}
                onClick={() => void onDecide(change.id, "approve")}
              >
                Approve new area
              </Button>
              <Button
                type="button"
                size="sm"
                variant="outline"
                disabled={decide.isPending}
                onClick={() => void onDecide(change.id, "deny")}
              >
                Keep current area
              </Button>
            </div>
          </Card>
        ))}
      </div>
    </section>
  );
}
