import { CalendarCheck } from "lucide-react";
import { useState } from "react";
import type { JobView } from "../../../../shared/jobs";
import { jobLabel } from "../../../../shared/services";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogContent, DialogHeading, DialogTrigger } from "../../../components/ui/dialog";
import { toastBooked } from "../lib/booked-toast";
import { BookAPro } from "./book-a-pro";

/**
 * A customer's open firm-priced request on their dashboard (one they did not book from the quote's page, or
 * one a pro released): the same choice of pros and days, then the card, in a dialog.
 */
export function BookProDialog({ job }: { job: JobView }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" size="sm">
          <CalendarCheck className="size-4" aria-hidden="true" />
          Book a pro now
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-xl">
        <DialogHeading
          title="Book a pro now"
          description={`${jobLabel(job.number)}: pros free for your request, at their price for your lawn.`}
        />
        {open ? (
          <BookAPro
            framed={false}
            quote={{ id: job.id, fullName: job.customerName, email: job.customerEmail, zipCode: job.zipCode }}
            token={undefined}
            recurring={Boolean(job.seriesId)}
            // The request becomes a booking on the card behind the dialog (it leaves the pending list), so
            // the dialog closes and says what was booked.
            onBooked={(answer) => {
              setOpen(false);
              toastBooked(answer);
            }}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
