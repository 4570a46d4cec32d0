import type { BookingAnswer } from "../../../../shared/booking";
import { formatLongDate } from "../../../../shared/dates";
import { jobLabel } from "../../../../shared/services";
import { toast } from "../../../lib/toast";

/** Said when a dialog closes on a booking (from the dashboard): who, which day, and that the email is sent. */
export function toastBooked(answer: BookingAnswer) {
  toast({
    title: `Booked: ${answer.landscaperName}`,
    description: `${formatLongDate(answer.date)}, ${jobLabel(answer.jobNumber)}. We've emailed you the booking with a calendar file.`,
    variant: "success",
  });
}
