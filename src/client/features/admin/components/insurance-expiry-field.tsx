import { useId, useState } from "react";
import { daysUntil, formatLongDate, isValidIsoDate } from "../../../../shared/dates";
import { INSURANCE_WARNING_DAYS } from "../../../../shared/profile-settings";
import { Button } from "../../../components/ui/button";
import { Input } from "../../../components/ui/input";
import { failureMessage } from "../../../lib/form-errors";
import { toast } from "../../../lib/toast";
import { useSetInsuranceExpiry } from "../api/admin-api";

/**
 * The admin reads the expiry off the insurance certificate and records it here: the profile's "Insured" badge
 * holds until that date, and the landscaper and admins are told 30 days before (issue 36).
 */
export function InsuranceExpiryField({
  userId,
  name,
  expiresOn,
}: {
  userId: string;
  name: string;
  expiresOn: string | null;
}) {
  const [value, setValue] = useState(expiresOn ?? "");
  const [error, setError] = useState<string | null>(null);
  const save = useSetInsuranceExpiry();
  const id = useId();
  const left = expiresOn ? daysUntil(expiresOn) : null;
  const state =
    left === null
      ? "Not recorded: no Insured badge."
      : left < 0
        ? `Lapsed on ${formatLongDate(expiresOn!)}: no Insured badge.`
        : left <= INSURANCE_WARNING_DAYS
          ? `Expires on ${formatLongDate(expiresOn!)}, in ${left} day${left === 1 ? "" : "s"}.`
          : `Insured until ${formatLongDate(expiresOn!)}.`;

  const onSave = async () => {
    const next = value.trim();
    if (next && !isValidIsoDate(next)) {
      setError("Enter the date as YYYY-MM-DD.");
      return;
    }
    setError(null);
    try {
      const answer = await save.mutateAsync({ userId, expiresOn: next || null });
      toast({ title: answer.message ?? "Insurance expiry saved.", variant: "success" });
    } catch (failure) {
      setError(failureMessage(failure));
    }
  };

  return (
    <div className="grid gap-1 text-sm" data-testid="insurance-expiry">
      <label htmlFor={id} className="text-slate-500">
        Insurance certificate expires
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <Input
          id={id}
          type="date"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-state`}
          className="w-44"
        />
        <Button
          type="button"
          size="sm"
          variant="outline"
          pending={save.isPending}
          pendingLabel="Saving..."
          onClick={onSave}
          aria-label={`Save ${name}'s insurance expiry`}
        >
          Save
        </Button>
      </div>
      <p
        id={`${id}-state`}
        className={
          error || (left !== null && left < 0)
            ? "text-red-800"
            : left !== null && left <= INSURANCE_WARNING_DAYS
              ? "font-medium text-amber-800"
              : "text-slate-600"
        }
        role={error ? "alert" : undefined}
      >
        {error ?? state}
      </p>
    </div>
  );
}
