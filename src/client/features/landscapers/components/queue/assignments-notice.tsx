import { CalendarCheck, X } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { formatLongDate } from "../../../../../shared/dates";
import type { LandscaperAssignment } from "../../../../../shared/nothing-waits";
import { formatCents, formatEarnedCents, jobLabel, serviceName } from "../../../../../shared/services";
import { FormAlert } from "../../../../components/form-alert";
import { FormDialog, useDialogState } from "../../../../components/form-dialog";
import { Button } from "../../../../components/ui/button";
import { FormField } from "../../../../components/ui/form-field";
import { Textarea } from "../../../../components/ui/textarea";
import { ApiError } from "../../../../lib/api-client";
import { reportSubmitFailure } from "../../../../lib/form-errors";
import { toast } from "../../../../lib/toast";
import { useAnswerAssignment, useAssignments } from "../../api/assignments";

/**
 * The top of the queue: requests our team asked this pro to take (issue 38), each with its day and price.
 * Confirming books the visit on their schedule at that price; declining sends it back to our team.
 */
export function AssignmentsNotice({ enabled }: { enabled: boolean }) {
  const assignments = useAssignments(enabled);
  const list = assignments.data?.assignments ?? [];
  if (list.length === 0) return null;
  return (
    <section
      aria-labelledby="assignments-heading"
      className="grid gap-3 rounded-xl border border-brand-600 bg-brand-50 p-4 text-slate-900"
      data-testid="assignments"
    >
      <h3 id="assignments-heading" className="flex items-center gap-2 text-base font-semibold">
        <CalendarCheck className="size-5 shrink-0" aria-hidden="true" />
        {list.length === 1
          ? "Our team asks you to take a visit"
          : `Our team asks you to take ${list.length} visits`}
      </h3>
      <ul className="grid gap-3">
        {list.map((assignment) => (
          <li key={assignment.id}>
            <AssignmentAnswer assignment={assignment} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function AssignmentAnswer({ assignment }: { assignment: LandscaperAssignment }) {
  const answer = useAnswerAssignment();
  const [confirming, setConfirming] = useState(false);
  const label = jobLabel(assignment.number);
  const day = formatLongDate(assignment.date);
  async function onConfirm() {
    setConfirming(true);
    try {
      const result = await answer.mutateAsync({ id: assignment.id, confirm: true });
      toast({ title: result.message, variant: "success" });
    } catch (error) {
      toast({
        title: "Not confirmed",
        description: error instanceof ApiError ? error.message : "Please try again.",
        variant: "destructive",
      });
    } finally {
      setConfirming(false);
    }
  }
  return (
    <div className="grid gap-2 rounded-lg border border-brand-200 bg-white px-3 py-3 text-sm">
      <p className="font-medium">
        {label}: {assignment.services.map(serviceName).join(", ")} in {assignment.zipCode}, on {day}, for{" "}
        {formatCents(assignment.priceCents)} (you earn {formatEarnedCents(assignment.priceCents)}).
      </p>
      <p className="text-slate-700">
        Confirm and it is booked on your schedule at that price (the customer is told who comes); decline and
        our team asks someone else.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          size="sm"
          disabled={confirming || answer.isPending}
          aria-label={`Confirm ${label} on ${day}`}
          onClick={() => void onConfirm()}
        >
          <CalendarCheck className="size-4" aria-hidden="true" />
          {confirming ? "Confirming..." : "Confirm"}
        </Button>
        <DeclineDialog assignment={assignment} />
      </div>
    </div>
  );
}

function DeclineDialog({ assignment }: { assignment: LandscaperAssignment }) {
  const answer = useAnswerAssignment();
  const form = useForm<{ reason: string }>({ defaultValues: { reason: "" } });
  const { dialog, close } = useDialogState({ onClose: () => form.reset() });
  const label = jobLabel(assignment.number);
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const result = await answer.mutateAsync({ id: assignment.id, confirm: false, reason: values.reason });
      toast({ title: result.message, variant: "success" });
      close();
    } catch (error) {
      reportSubmitFailure({ error, setError: form.setError, fields: ["reason"], title: "Not declined" });
    }
  });
  return (
    <FormDialog
      dialog={dialog}
      trigger={{ label: "Decline", icon: X, variant: "outline", size: "sm", ariaLabel: `Decline ${label}` }}
      title={<>Decline {label}?</>}
      description="Our team asks another pro. It is not offered to you again and does not count against your record."
      onSubmit={onSubmit}
      submitLabel="Decline"
      pendingLabel="Declining..."
      pending={answer.isPending}
      submitVariant="destructive"
      cancelLabel="Not yet"
    >
      <FormField label="Why (optional, our team reads it)" error={form.formState.errors.reason?.message}>
        <Textarea rows={3} maxLength={500} {...form.register("reason")} />
      </FormField>
      <FormAlert message={form.formState.errors.root?.message} />
    </FormDialog>
  );
}
