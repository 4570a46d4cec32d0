import { CalendarClock, CloudRain } from "lucide-react";
import { formatCharlotteDateTime, formatLongDate } from "../../../../shared/dates";
import { MAX_MOVE_DAYS } from "../../../../shared/recurring";
import { rainText } from "../../../../shared/weather";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { Badge } from "../../../components/ui/badge";
import { failureMessage } from "../../../lib/form-errors";
import { toast } from "../../../lib/toast";
import { useMoveDay, useRainDays } from "../api/weather";

const visitsText = (n: number) => (n === 1 ? "1 visit" : `${n} visits`);

/**
 * A flagged day's forecast on the Schedule ("70% chance of rain") and its "Move my day": every visit of the
 * day not yet started moves to the next dry working day the server found, each customer told and free to
 * decline. Nothing on a day without a flag. The confirmation names the day, the visits and the new day.
 */
export function RainDay({ date }: { date: string }) {
  const rain = useRainDays();
  const move = useMoveDay();
  const day = rain.data?.days.find((d) => d.date === date);
  if (!day) return null;
  const noteId = `rain-${date}`;
  const read = formatCharlotteDateTime(new Date(day.readAt));

  const confirm = async (close: () => void) => {
    if (!day.moveTo) return;
    try {
      const answer = await move.mutateAsync({ date, to: day.moveTo });
      toast({ title: "Day moved", description: answer.message, variant: "success" });
    } catch (error) {
      toast({ title: "Nothing was moved", description: failureMessage(error), variant: "destructive" });
    }
    close();
  };

  return (
    <div className="grid justify-items-start gap-1.5" data-testid="rain-day">
      <Badge variant="warning">
        <CloudRain aria-hidden="true" />
        {rainText(day.percent)}
      </Badge>
      <p id={noteId} className="text-xs text-slate-600">
        Forecast read at {read}.{" "}
        {day.moveTo
          ? `Next dry working day: ${formatLongDate(day.moveTo)}.`
          : `No dry working day with room within ${MAX_MOVE_DAYS} days: move visits one at a time.`}
      </p>
      {day.moveTo && day.visits > 0 ? (
        <ConfirmDialog
          trigger={{
            label: "Move my day",
            icon: CalendarClock,
            size: "sm",
            variant: "outline",
            describedBy: noteId,
          }}
          title={`Move ${formatLongDate(date)}?`}
          description={
            <>
              {visitsText(day.visits)} move to {formatLongDate(day.moveTo)}. Each customer is told at once and
              may decline the new day, which cancels that visit. A series visit moves alone: the series keeps
              its weekday.
            </>
          }
          confirmLabel={`Move ${visitsText(day.visits)}`}
          pendingLabel="Moving..."
          pending={move.isPending}
          onConfirm={confirm}
        />
      ) : null}
    </div>
  );
}
