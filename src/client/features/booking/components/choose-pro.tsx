import { Users } from "lucide-react";
import { useId } from "react";
import { type AvailablePro, FIRST_DAYS_SHOWN } from "../../../../shared/booking";
import { formatShortDate } from "../../../../shared/dates";
import { choiceCard, choiceInput } from "../../../lib/styles";
import { cn } from "../../../lib/utils";
import { ProCard } from "./pro-card";

export const ANY_PRO = "any";

export interface ProChoice {
  /** A pro's id, or ANY_PRO. */
  pro: string;
  date: string;
}

/** The days offered for a choice: the pro's first free days, or for "any pro" the first days anyone is free. */
export function daysFor(pros: readonly AvailablePro[], pro: string): string[] {
  if (pro !== ANY_PRO) return pros.find((p) => p.landscaperId === pro)?.firstDays ?? [];
  return [...new Set(pros.flatMap((p) => p.firstDays))].sort().slice(0, FIRST_DAYS_SHOWN);
}

/** The pro a choice books: the chosen one, or for "any pro" the best-ranked pro free that day. */
export function resolvePro(pros: readonly AvailablePro[], choice: ProChoice): AvailablePro | null {
  if (choice.pro !== ANY_PRO) return pros.find((p) => p.landscaperId === choice.pro) ?? null;
  return pros.find((p) => p.firstDays.includes(choice.date)) ?? null;
}

/** "Tue, Dec 1" with the weekday, as a visit day is chosen. */
export function dayLabel(day: string): string {
  const weekday = new Date(`${day}T12:00:00Z`).toLocaleDateString("en-US", {
    weekday: "short",
    timeZone: "UTC",
  });
  return `${weekday}, ${formatShortDate(day)}`;
}

/**
 * Step 1: the pros free for the request (best first, each saying why) and "Any available pro", then a day.
 * Native radios: arrow keys move within each group, and a screen reader hears each group's legend.
 */
export function ChoosePro({
  pros,
  recurring,
  value,
  onChange,
}: {
  pros: readonly AvailablePro[];
  recurring: boolean;
  value: ProChoice | null;
  onChange: (next: ProChoice) => void;
}) {
  const proGroup = useId();
  const dayGroup = useId();
  const days = value ? daysFor(pros, value.pro) : [];
  const choosePro = (pro: string) => {
    const next = daysFor(pros, pro);
    // Keep the day when the new choice can come then too; else their first day.
    onChange({ pro, date: value && next.includes(value.date) ? value.date : (next[0] ?? "") });
  };
  return (
    <div className="grid gap-5">
      <fieldset className="grid min-w-0 gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-800">Choose your pro</legend>
        {pros.map((pro) => (
          <label key={pro.landscaperId} className={cn(choiceCard, "flex items-start gap-3 p-3")}>
            <input
              type="radio"
              name={proGroup}
              value={pro.landscaperId}
              checked={value?.pro === pro.landscaperId}
              onChange={() => choosePro(pro.landscaperId)}
              className={cn(choiceInput, "mt-3")}
            />
            <ProCard pro={pro} recurring={recurring} />
          </label>
        ))}
        {/* With one pro to choose, "any" would be that pro again. */}
        {pros.length > 1 ? (
          <label className={cn(choiceCard, "flex items-start gap-3 p-3")}>
            <input
              type="radio"
              name={proGroup}
              value={ANY_PRO}
              checked={value?.pro === ANY_PRO}
              onChange={() => choosePro(ANY_PRO)}
              className={cn(choiceInput, "mt-1")}
            />
            <span className="grid gap-0.5">
              <span className="flex items-center gap-2 font-semibold text-slate-900">
                <Users className="size-4 text-brand-700" aria-hidden="true" />
                Any available pro
              </span>
              <span className="text-sm text-slate-600">
                Whoever ranks first among the pros above on the day you choose. You see who it is and their
                price before you book.
              </span>
            </span>
          </label>
        ) : null}
      </fieldset>
      {value && days.length > 0 ? (
        <fieldset className="grid min-w-0 gap-2">
          <legend className="mb-1 text-sm font-medium text-slate-800">
            {recurring ? "First visit" : "Visit day"}
          </legend>
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
            {days.map((day) => (
              <label key={day} className={cn(choiceCard, "flex items-center gap-2.5 px-3 py-2.5 text-sm")}>
                <input
                  type="radio"
                  name={dayGroup}
                  value={day}
                  checked={value.date === day}
                  onChange={() => onChange({ ...value, date: day })}
                  className={choiceInput}
                />
                <span className="font-medium text-slate-900">{dayLabel(day)}</span>
              </label>
            ))}
          </div>
          {recurring ? (
            <p className="text-sm text-slate-600">Later visits follow on the same weekday.</p>
          ) : null}
        </fieldset>
      ) : null}
    </div>
  );
}
