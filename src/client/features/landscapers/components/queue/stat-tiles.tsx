import { CircleCheckBig, ClipboardList, Handshake, Hourglass, type LucideIcon } from "lucide-react";
import { queueCountText } from "../../../../../shared/job-queue";
import type { QueueStats } from "../../api/jobs";

const tiles: {
  key: "total" | "pending" | "accepted" | "completed";
  label: string;
  icon: LucideIcon;
  tone: string;
}[] = [
  { key: "total", label: "Total Jobs", icon: ClipboardList, tone: "bg-slate-100 text-slate-700" },
  { key: "pending", label: "Pending", icon: Hourglass, tone: "bg-amber-100 text-amber-800" },
  { key: "accepted", label: "Accepted", icon: Handshake, tone: "bg-sky-100 text-sky-800" },
  { key: "completed", label: "Completed", icon: CircleCheckBig, tone: "bg-emerald-100 text-emerald-800" },
];

/**
 * The four counts of the job queue, of everything (not the loaded page): Total Jobs is Pending + Accepted
 * + Completed; jobs you declined and cancelled ones are counted apart, where they are listed.
 */
export function StatTiles({ stats }: { stats: QueueStats | undefined }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      {tiles.map(({ key, label, icon: Icon, tone }) => (
        <div
          key={key}
          className="grid grid-cols-1 items-center gap-x-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-[auto_1fr] sm:p-5"
        >
          {/* The dt is laid out away (display: contents) so the icon can span both rows beside it. */}
          <dt className="contents">
            <span
              className={`row-span-2 hidden size-10 items-center justify-center rounded-lg sm:flex ${tone}`}
            >
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <span className="truncate text-sm font-medium text-slate-600">{label}</span>
          </dt>
          <dd className="text-2xl font-bold text-slate-900 tabular-nums sm:col-start-2">
            {stats ? queueCountText(stats[key]) : "–"}
          </dd>
        </div>
      ))}
    </dl>
  );
}
