import { zodResolver } from "@hookform/resolvers/zod";
import { PauseCircle, PlayCircle } from "lucide-react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { todayInCharlotte } from "../../../../shared/dates";
import { LATE_LOCKOUT_DAYS } from "../../../../shared/recurring";
import { liftPauseSchema, type PausedLandscaper } from "../../../../shared/reliability";
import { jobLabel } from "../../../../shared/services";
import { FormDialog, useDialogState } from "../../../components/form-dialog";
import { LoadError } from "../../../components/load-error";
import { ReasonField } from "../../../components/reason-field";
import { Card } from "../../../components/ui/card";
import { toastDialogFailure } from "../../../lib/form-errors";
import { toast } from "../../../lib/toast";
import { visitDay } from "../../series";
import { useLiftPause, usePausedLandscapers } from "../api/admin-api";
import { ContactLink } from "./contact-link";
import { ReliabilityGrid } from "./reliability-figures";

type LiftInput = z.input<typeof liftPauseSchema>;
type LiftValues = z.output<typeof liftPauseSchema>;

/** 'Review & lift pause…' with a note the landscaper reads; the other admins' bell says who lifted it. */
function LiftPauseDialog({ landscaper }: { landscaper: PausedLandscaper }) {
  const lift = useLiftPause();
  const form = useForm<LiftInput, unknown, LiftValues>({
    resolver: zodResolver(liftPauseSchema),
    defaultValues: { note: "" },
    // The empty note is only an error once they try to lift the pause: checked on submit, then as they type.
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
  const { dialog, close } = useDialogState({ onClose: () => form.reset() });
  const onSubmit = form.handleSubmit(async ({ note }) => {
    try {
      const answer = await lift.mutateAsync({ userId: landscaper.userId, note });
      toast({ title: answer.message, variant: "success" });
      close();
    } catch (error) {
      // Another admin lifted it meanwhile (409): the refreshed queue no longer lists them.
      toastDialogFailure(error, form.setError, ["note"], "Could not lift the pause", close);
    }
  });
  return (
    <FormDialog
      dialog={dialog}
      trigger={{
        label: (
          <>
            Review &amp; lift pause…<span className="sr-only"> for {landscaper.name}</span>
          </>
        ),
        icon: PlayCircle,
        size: "sm",
        variant: "outline",
      }}
      title="Lift this pause?"
      description={`${landscaper.name} can accept new jobs again at once, and is told with your note.`}
      onSubmit={onSubmit}
      submitLabel="Lift pause"
      pendingLabel="Lifting..."
      pending={lift.isPending}
      cancelLabel="Keep paused"
    >
      <ReasonField
        form={form}
        name="note"
        label="What did you check?"
        placeholder="For example: called them, a family emergency; the customer was rebooked."
      />
    </FormDialog>
  );
}

/**
 * "Paused Sun, Nov 29 · missed JOB-1002 (Fri, Nov 27)", every date in one short form, then why; a reason in
 * other words is shown as it is.
 */
function PauseSentence({ landscaper }: { landscaper: PausedLandscaper }) {
  const paused = `Paused ${visitDay(todayInCharlotte(new Date(landscaper.pausedAt)))}`;
  const missed = landscaper.missedVisit;
  if (!missed)
    return (
      <p className="text-sm text-slate-800">
        <span className="font-medium">{paused}</span> · {landscaper.pausedReason ?? "a missed visit."}
      </p>
    );
  return (
    <div className="grid gap-0.5 text-sm">
      <p className="font-medium text-slate-900">
        {paused} · missed {jobLabel(missed.jobNumber)} ({visitDay(missed.visitDate)})
      </p>
      <p className="text-slate-600">
        No arrival was marked within {LATE_LOCKOUT_DAYS} days, so the visit went back to the queue.
      </p>
    </div>
  );
}

/**
 * The dashboard's review queue: landscapers the late lock-out paused (a visit neither arrived at nor moved 2
 * days after its date), longest paused first, with the visit missed, their record and what they still have
 * booked. At the top of the dashboard (a work queue, not a settings tile); linked from the admins'
 * notification and the users list's Paused badge (/admin#paused-landscapers).
 */
export function PausedLandscapers() {
  const paused = usePausedLandscapers();
  const items = paused.data?.landscapers ?? [];
  return (
    <section aria-labelledby="paused-landscapers" className="grid content-start gap-3 scroll-mt-20">
      <div>
        <h2 id="paused-landscapers" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          {/* Amber only when someone waits for a review: an empty queue is not an alert. */}
          <PauseCircle
            className={`size-5 ${items.length > 0 ? "text-amber-700" : "text-slate-400"}`}
            aria-hidden="true"
          />
          Paused landscapers{paused.data ? ` (${items.length})` : ""}
        </h2>
        {/* Atop the dashboard, an empty queue takes one line. */}
        {items.length > 0 ? (
          <p className="text-sm text-slate-600">
            Paused from new jobs after missing a visit; their scheduled visits stay theirs. Lift the pause
            once you have checked.
          </p>
        ) : null}
      </div>
      {paused.isError ? (
        <LoadError title="The paused landscapers could not be loaded." query={paused} />
      ) : null}
      {paused.isSuccess && items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-3 text-sm text-slate-600">
          No landscaper is paused.
        </p>
      ) : null}
      {items.length > 0 ? (
        <ul className="grid gap-4 lg:grid-cols-2">
          {items.map((landscaper) => (
            <li key={landscaper.userId}>
              <Card className="h-full gap-3 p-4 sm:p-5" data-testid="paused-landscaper">
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="grid min-w-0 gap-0.5">
                    <h3 className="font-semibold [overflow-wrap:anywhere] text-slate-900">
                      {landscaper.name}
                    </h3>
                    <ContactLink kind="email" value={landscaper.email} className="text-sm" />
                  </div>
                  <LiftPauseDialog landscaper={landscaper} />
                </div>
                <PauseSentence landscaper={landscaper} />
                <ReliabilityGrid reliability={landscaper.reliability} />
                <p className="text-xs text-slate-600">
                  {landscaper.scheduledVisits === 0
                    ? "No visits booked with them."
                    : `${landscaper.scheduledVisits} ${landscaper.scheduledVisits === 1 ? "visit" : "visits"} still booked with them.`}
                </p>
              </Card>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
