import { zodResolver } from "@hookform/resolvers/zod";
import { CalendarClock, CalendarPlus, CircleCheck, Flag, Scale } from "lucide-react";
import { type ReactNode, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { addDaysIso, formatLongDate, todayInCharlotte } from "../../../../shared/dates";
import type { JobView } from "../../../../shared/jobs";
import {
  type DisputeView,
  disputeStateLabel,
  type JobPhoto,
  offerRedoSchema,
  problemReasonLabel,
  REDO_WITHIN_DAYS,
} from "../../../../shared/proof";
import { jobLabel } from "../../../../shared/services";
import { FormAlert } from "../../../components/form-alert";
import { FormDialog, useDialogState } from "../../../components/form-dialog";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { Textarea } from "../../../components/ui/textarea";
import { ApiError } from "../../../lib/api-client";
import { failureMessage, showServerFieldErrors } from "../../../lib/form-errors";
import type { JobActionProps } from "../../../lib/job-action-props";
import { toast } from "../../../lib/toast";
import { useAcceptRedo, useDeclineRedo, useOfferRedo } from "../api/disputes";
import { canOfferRedo, redoAwaitsAnswer, redoDateText, resolutionText } from "../lib/dispute";
import { dayAndTime } from "../lib/visit";
import { PhotoGallery } from "./photo-gallery";
import { dialogFailure } from "./visit-steps";

const stateBadge = {
  open: "warning",
  redo_offered: "info",
  redo_scheduled: "info",
  resolved: "success",
} as const;

/** The report itself: its state, the reason, the customer's words and their photos. */
function ProblemReport({ job, dispute, heading }: { job: JobView; dispute: DisputeView; heading: string }) {
  const problemPhotos: JobPhoto[] = (job.photos ?? []).filter((photo) => photo.kind === "problem");
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={stateBadge[dispute.state]}>{disputeStateLabel[dispute.state]}</Badge>
        <span className="text-xs text-slate-600">Reported {dayAndTime(dispute.reportedAt)}</span>
      </div>
      <p className="text-sm text-slate-900">
        <span className="font-semibold">{heading}</span> {problemReasonLabel[dispute.reason]}
      </p>
      <blockquote className="border-l-2 border-slate-300 pl-3 text-sm whitespace-pre-line break-words text-slate-700">
        {dispute.note}
      </blockquote>
      <PhotoGallery
        photos={problemPhotos}
        title="Photos of the problem"
        subject={`${jobLabel(job.number)}`}
      />
    </div>
  );
}

function Line({ icon: Icon, children }: { icon: typeof Flag; children: ReactNode }) {
  return (
    <p className="flex items-start gap-2 text-sm text-slate-800">
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>{children}</span>
    </p>
  );
}

/* ---------- The customer's side ---------- */

/**
 * The customer's reported problem on their job card: the report, then where it stands — waiting for our
 * team, a redo visit offered (accept or decline), booked, or resolved with what was decided.
 */
export function CustomerDisputePanel({ job }: { job: JobView }) {
  const dispute = job.dispute;
  if (!dispute) return null;
  const landscaper = job.landscaperName ?? "Your landscaper";
  const resolved = resolutionText(dispute);
  return (
    <div
      className="grid gap-3 border-t border-slate-100 bg-sky-50/60 px-4 py-4 sm:px-5"
      data-testid="dispute-panel"
    >
      <ProblemReport job={job} dispute={dispute} heading="You reported:" />
      {resolved ? (
        <Line icon={Scale}>{resolved}</Line>
      ) : redoAwaitsAnswer(dispute) ? (
        <RedoOfferAnswer job={job} dispute={dispute} />
      ) : dispute.state === "redo_scheduled" ? (
        <Line icon={CalendarClock}>
          Redo visit booked for {redoDateText(dispute)} with {landscaper}.
        </Line>
      ) : dispute.redoDeclined ? (
        <Line icon={Flag}>
          You declined the redo visit. Our team will look at your report and contact you. Nothing is charged
          until it is resolved.
        </Line>
      ) : (
        <Line icon={Flag}>
          {landscaper} and our team have your report. Nothing is charged until it is resolved.
        </Line>
      )}
    </div>
  );
}

function RedoOfferAnswer({ job, dispute }: { job: JobView; dispute: DisputeView }) {
  const accept = useAcceptRedo();
  return (
    <div className="grid gap-3">
      <Line icon={CalendarClock}>
        <strong className="font-semibold">{job.landscaperName ?? "Your landscaper"}</strong> offered to come
        back and put it right on <strong className="font-semibold">{redoDateText(dispute)}</strong>, at no
        extra cost.
        {dispute.redoNote ? (
          <span className="mt-1 block whitespace-pre-line break-words text-slate-700">
            “{dispute.redoNote}”
          </span>
        ) : null}
      </Line>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button
          type="button"
          icon={<CircleCheck className="size-4" aria-hidden="true" />}
          pending={accept.isPending}
          pendingLabel="Booking..."
          onClick={async () => {
            try {
              const answer = await accept.mutateAsync(job.id);
              toast({ title: answer.message, variant: "success" });
            } catch (error) {
              toast({
                title: "Could not book the redo visit",
                description: failureMessage(error),
                variant: "destructive",
              });
            }
          }}
        >
          Accept redo visit
        </Button>
        <DeclineRedoDialog job={job} disabled={accept.isPending} />
      </div>
    </div>
  );
}

/** Declining asks first: our team then resolves the report (a refund, or the payment released). */
function DeclineRedoDialog({ job, disabled }: { job: JobView; disabled: boolean }) {
  const decline = useDeclineRedo();
  const [failure, setFailure] = useState<string | undefined>();
  const { dialog, close } = useDialogState({ onClose: () => setFailure(undefined) });
  return (
    <FormDialog
      dialog={dialog}
      trigger={{ label: "Decline", variant: "outline", disabled }}
      title="Decline the redo visit?"
      description={`${job.landscaperName ?? "Your landscaper"} won't come back. Our team looks at your report and decides what is fair: a refund, or paying for the work. Nothing is charged until then.`}
      onSubmit={async (event) => {
        event.preventDefault();
        setFailure(undefined);
        try {
          const answer = await decline.mutateAsync(job.id);
          toast({ title: answer.message, variant: "success" });
          close();
        } catch (error) {
          if (error instanceof ApiError && error.code === "conflict") {
            toast({ title: error.message, variant: "destructive" });
            close();
            return;
          }
          setFailure(failureMessage(error));
        }
      }}
      submitLabel="Decline redo visit"
      pendingLabel="Declining..."
      pending={decline.isPending}
      cancelLabel="Back"
    >
      <FormAlert message={failure} />
    </FormDialog>
  );
}

/* ---------- The landscaper's side ---------- */

/**
 * On the landscaper's card of a completed job the customer reported: the report and photos, and what they
 * can do — offer a redo visit while it is open (or again after a declined offer) — or where it stands.
 */
export function LandscaperDisputePanel({ job, disabled, describedBy }: JobActionProps) {
  const dispute = job.dispute;
  if (!dispute) return null;
  const customer = job.customerName || "The customer";
  const resolved = resolutionText(dispute);
  return (
    <section
      aria-label="Reported problem"
      className="grid gap-3 rounded-lg border border-amber-200 bg-amber-50/60 p-3 sm:p-4"
      data-testid="dispute-panel"
    >
      <ProblemReport job={job} dispute={dispute} heading={`${customer} reported:`} />
      {resolved ? (
        <Line icon={Scale}>{resolved}</Line>
      ) : dispute.state === "redo_scheduled" ? (
        <Line icon={CalendarClock}>Redo visit booked for {redoDateText(dispute)}.</Line>
      ) : redoAwaitsAnswer(dispute) ? (
        <Line icon={CalendarClock}>
          You offered a redo visit on {redoDateText(dispute)}. Waiting for {customer}'s answer.
        </Line>
      ) : (
        <>
          <Line icon={Flag}>
            {dispute.redoDeclined
              ? `${customer} declined the redo visit you offered for ${redoDateText(dispute)}. You can offer another date; otherwise our team resolves it.`
              : "The payment waits until this is resolved. You can offer to come back and put it right, or our team resolves it."}
          </Line>
          {canOfferRedo(dispute) ? (
            <div className="flex flex-col sm:flex-row">
              <OfferRedoDialog job={job} disabled={disabled} describedBy={describedBy} />
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}

type OfferInput = z.input<typeof offerRedoSchema>;
type OfferValues = z.output<typeof offerRedoSchema>;

/** 'Offer a redo visit': a date within 7 days and a note the customer reads. */
function OfferRedoDialog({ job, disabled, describedBy }: JobActionProps) {
  const offer = useOfferRedo();
  const today = todayInCharlotte();
  const last = addDaysIso(today, REDO_WITHIN_DAYS);
  const form = useForm<OfferInput, unknown, OfferValues>({
    resolver: zodResolver(offerRedoSchema),
    defaultValues: { date: addDaysIso(today, 1), note: "" },
  });
  const { errors } = form.formState;
  const { dialog, close } = useDialogState({
    onClose: () => form.reset({ date: addDaysIso(todayInCharlotte(), 1), note: "" }),
  });

  const onSubmit = form.handleSubmit(async ({ date, note }) => {
    try {
      const answer = await offer.mutateAsync({ jobId: job.id, date, note });
      toast({ title: answer.message, variant: "success" });
      close();
    } catch (error) {
      if (showServerFieldErrors(form.setError, error, ["date", "note"])) return;
      dialogFailure(error, (message) => form.setError("root", { message }), close);
    }
  });

  return (
    <FormDialog
      dialog={dialog}
      trigger={{ label: "Offer a redo visit", icon: CalendarPlus, size: "sm", disabled, describedBy }}
      title={<>Offer a redo visit for {jobLabel(job.number)}</>}
      description={
        <>
          {job.customerName || "The customer"} is asked to accept or decline. If they accept, the job is
          scheduled again on that date and you complete it as usual.
        </>
      }
      onSubmit={onSubmit}
      submitLabel="Send offer"
      pendingLabel="Sending..."
      pending={offer.isPending}
    >
      <FormField
        label="Date of the visit"
        required
        description={`Today or within ${REDO_WITHIN_DAYS} days, until ${formatLongDate(last)}.`}
        error={errors.date?.message}
      >
        <Input type="date" min={today} max={last} aria-required="true" {...form.register("date")} />
      </FormField>
      <FormField label="Note for the customer (optional)" error={errors.note?.message}>
        <Textarea
          rows={3}
          maxLength={500}
          placeholder="For example: I'll finish the back yard and re-edge the flower beds."
          {...form.register("note")}
        />
      </FormField>
      <FormAlert message={errors.root?.message} />
    </FormDialog>
  );
}
