import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { todayInCharlotte } from "../../../../../shared/dates";
import { formatPhone } from "../../../../../shared/phone";
import { seriesLabel } from "../../../../../shared/recurring";
import { laterVisitsText, onScheduleDates, onScheduleText } from "../schedule/later-visits";

/** An identifier kept on one line ("SER-105", "JOB-1062"): a phone wrapped it after the hyphen. */
export function Whole({ children }: { children: ReactNode }) {
  return <span className="whitespace-nowrap">{children}</span>;
}

/**
 * An email address that may wrap only where a reader expects it (before the @ and the dots), never inside a
 * word as break-all did ("greenscape.lo" / "cal").
 */
export function EmailLink({ email }: { email: string }) {
  const parts = email.split(/(?=[@.])/);
  return (
    <a href={`mailto:${email}`} className="text-brand-700 underline-offset-2 hover:underline">
      {parts.map((part, i) => (
        // The parts are the address's own pieces in order; the index is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed split of one string
        <span key={i}>
          {i > 0 ? <wbr /> : null}
          {part}
        </span>
      ))}
    </a>
  );
}

/** A phone number in the product's one form, "(704) 555-0142", never broken across lines. */
export function PhoneLink({ phone }: { phone: string }) {
  return (
    <a
      href={`tel:${phone.replace(/[^\d+]/g, "")}`}
      className="whitespace-nowrap text-brand-700 underline-offset-2 hover:underline"
    >
      {formatPhone(phone)}
    </a>
  );
}

/**
 * A series' visits after the card's own (the queue lists only the first): their dates, and which of them the
 * Schedule tab also shows, as far as that is true (it shows this week and next; a visit weeks away is not on it).
 */
export function LaterVisitsNote({ seriesNumber, dates }: { seriesNumber: number; dates: readonly string[] }) {
  const onSchedule = onScheduleDates(dates, todayInCharlotte());
  return (
    <p className="text-sm text-slate-600">
      {dates.length} more {dates.length === 1 ? "visit" : "visits"} of{" "}
      <Whole>{seriesLabel(seriesNumber)}</Whole>. {laterVisitsText(dates)}.
      {onSchedule.length > 0 ? (
        <>
          {" "}
          {onScheduleText(onSchedule)} also on the{" "}
          <Link
            to="?tab=schedule"
            className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
          >
            Schedule
          </Link>
          .
        </>
      ) : null}
    </p>
  );
}

/** One line of a job card's details: a muted icon, then the text (wrapped, never cut). */
export function Detail({ icon: Icon, children }: { icon: LucideIcon; children: ReactNode }) {
  return (
    <li className="flex min-w-0 items-start gap-2">
      <Icon className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden="true" />
      <span className="min-w-0 break-words">{children}</span>
    </li>
  );
}
