import { CalendarPlus } from "lucide-react";
import { Button } from "../../../components/ui/button";

/**
 * A booked visit's calendar file (the booking email's attachment, made again from the job as it stands now,
 * so a visit moved for weather comes out on its new day and replaces the old entry).
 */
export function AddToCalendar({ job, className }: { job: { id: string }; className?: string }) {
  return (
    <Button asChild variant="outline" className={className}>
      <a href={`/api/jobs/${encodeURIComponent(job.id)}/calendar`} download>
        <CalendarPlus className="size-4" aria-hidden="true" />
        Add to calendar
      </a>
    </Button>
  );
}
