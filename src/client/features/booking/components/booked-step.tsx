import { CalendarPlus, CircleCheck } from "lucide-react";
import { type BookingAnswer, bookingMessages } from "../../../../shared/booking";
import { formatLongDate } from "../../../../shared/dates";
import { formatCents, jobLabel } from "../../../../shared/services";
import { Button } from "../../../components/ui/button";
import { ButtonLink } from "../../../components/ui/button-link";

/** Step 4: booked, with what happens next in true sentences. */
export function BookedStep({ answer }: { answer: BookingAnswer }) {
  return (
    <div className="grid gap-4" data-testid="booked">
      <p className="flex items-start gap-2 text-base font-semibold text-slate-900" role="status">
        <CircleCheck className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
        <span>
          Booked: {answer.landscaperName} on {formatLongDate(answer.date)} ({jobLabel(answer.jobNumber)}).
        </span>
      </p>
      <ul className="grid list-disc gap-1.5 pl-5 text-sm text-slate-700">
        <li>
          Price:{" "}
          {answer.recurring
            ? `${formatCents(answer.perVisitCents)} per visit`
            : formatCents(answer.firstVisitCents)}
          {answer.recurring && answer.firstVisitCents !== answer.perVisitCents
            ? `, first visit ${formatCents(answer.firstVisitCents)}`
            : ""}
          . It changes only if you say yes to a new one.
        </li>
        <li>
          We've emailed you the booking with a calendar file. Your pro sees it on their schedule now; if they
          cannot come after all, we book the next available pro at the same price or ask you what you prefer.
        </li>
        {answer.recurring ? (
          <li>Your later visits are on your dashboard, each on the same weekday.</li>
        ) : null}
        {answer.confirmEmail ? <li>{bookingMessages.confirmEmail}</li> : null}
      </ul>
      <div className="flex flex-col gap-3 sm:flex-row">
        <ButtonLink to="/dashboard/customer" size="lg">
          View my booking
        </ButtonLink>
        <Button asChild size="lg" variant="outline">
          <a href={`/api/jobs/${encodeURIComponent(answer.jobId)}/calendar`} download>
            <CalendarPlus className="size-4" aria-hidden="true" />
            Add to calendar
          </a>
        </Button>
      </div>
    </div>
  );
}
