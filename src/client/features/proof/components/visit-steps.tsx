import { Clock, Hammer, MapPinCheck, Navigation } from "lucide-react";
import { type FormEvent, useRef, useState } from "react";
import { etaChoices, onMyWaySchema } from "../../../../shared/proof";
import { jobLabel } from "../../../../shared/services";
import { FormAlert } from "../../../components/form-alert";
import { FormDialog, useDialogState } from "../../../components/form-dialog";
import { Button } from "../../../components/ui/button";
import { FieldError, FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { ApiError } from "../../../lib/api-client";
import { failureMessage } from "../../../lib/form-errors";
import type { JobActionProps } from "../../../lib/job-action-props";
import { choiceCard, choiceInput } from "../../../lib/styles";
import { toast } from "../../../lib/toast";
import { cn } from "../../../lib/utils";
import { fieldJobTitle } from "../../field";
import { useArrived, useOnMyWay, useStartWork } from "../api/visit";
import { useUploadThen } from "../hooks/use-upload-then";
import { nextVisitStep, visitStepOpen } from "../lib/visit";
import { PhotoPicker } from "./photo-picker";

/**
 * A refused step, shown in its dialog: a job that changed meanwhile (409) closes it (the refreshed card
 * shows where it stands), anything else stays above the buttons.
 */
export function dialogFailure(error: unknown, setRoot: (message: string) => void, close: () => void) {
  if (error instanceof ApiError && error.code === "conflict") {
    toast({ title: error.message, description: "The job has been refreshed.", variant: "destructive" });
    close();
    return;
  }
  setRoot(failureMessage(error));
}

/**
 * The landscaper's next arrival step on a scheduled visit: 'On my way', 'Arrived' (or a new arrival time),
 * then 'Start work'. Nothing before the visit's day: the server opens the steps on that day.
 */
export function VisitStepAction(props: JobActionProps) {
  const { job } = props;
  if (!visitStepOpen(job)) return null;
  switch (nextVisitStep(job.arrival)) {
    case "on-my-way":
      return <OnMyWayDialog {...props} />;
    case "arrived":
      return (
        <>
          <ArrivedButton {...props} />
          <OnMyWayDialog {...props} again />
        </>
      );
    case "start-work":
      return <StartWorkDialog {...props} />;
    default:
      return null;
  }
}

type EtaChoice = "" | `${(typeof etaChoices)[number]}` | "time";
const etaOptions: { value: Exclude<EtaChoice, "">; label: string }[] = [
  ...etaChoices.map((minutes) => ({
    value: `${minutes}` as const,
    label: minutes === 60 ? "1 hour" : `${minutes} min`,
  })),
  { value: "time", label: "At a time" },
];

/** 'On my way': when the landscaper expects to arrive, in minutes from now or as a time today. */
function OnMyWayDialog({ job, disabled, describedBy, again = false }: JobActionProps & { again?: boolean }) {
  const onMyWay = useOnMyWay();
  const [choice, setChoice] = useState<EtaChoice>("");
  const [time, setTime] = useState("");
  const [errors, setErrors] = useState<{ choice?: string; time?: string; root?: string }>({});
  const { dialog, close } = useDialogState({
    onClose: () => {
      setErrors({});
      setChoice("");
      setTime("");
    },
  });
  const name = `eta-${job.id}`;
  const choiceErrorId = `${name}-error`;
  const timeInput = useRef<HTMLInputElement>(null);
  const timeError = (message: string | undefined) => {
    setErrors({ time: message });
    timeInput.current?.focus();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Nothing typed yet: say what to do rather than the format ("Give the time as HH:MM").
    if (choice === "time" && !time) {
      timeError("Enter the time you expect to arrive.");
      return;
    }
    const body = choice === "time" ? { etaTime: time } : choice ? { etaMinutes: Number(choice) } : {};
    const parsed = onMyWaySchema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      if (issue?.path[0] === "etaTime") timeError(issue.message);
      else setErrors({ choice: issue?.message });
      return;
    }
    setErrors({});
    try {
      const answer = await onMyWay.mutateAsync({ jobId: job.id, jobTitle: fieldJobTitle(job), ...body });
      toast({ title: answer.message, variant: "success" });
      close();
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : undefined;
      if (fields?.etaTime || fields?.etaMinutes) {
        setErrors({ time: fields.etaTime, choice: fields.etaMinutes });
        return;
      }
      dialogFailure(error, (root) => setErrors({ root }), close);
    }
  };

  return (
    <FormDialog
      dialog={dialog}
      trigger={{
        label: again ? "Change arrival time" : "On my way",
        icon: again ? Clock : Navigation,
        size: "sm",
        variant: again ? "outline" : "default",
        disabled,
        describedBy,
      }}
      title={
        again ? <>New arrival time for {jobLabel(job.number)}</> : <>On your way to {jobLabel(job.number)}?</>
      }
      description={
        again ? (
          <>We'll tell {job.customerName || "the customer"} when to expect you now.</>
        ) : (
          <>We'll tell {job.customerName || "the customer"} you're coming and when to expect you.</>
        )
      }
      onSubmit={onSubmit}
      submitLabel="Send"
      pendingLabel="Sending..."
      pending={onMyWay.isPending}
    >
      <fieldset className="grid min-w-0 gap-2" aria-describedby={errors.choice ? choiceErrorId : undefined}>
        <legend className="mb-1 text-sm font-medium text-slate-800">When will you arrive?</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-5">
          {etaOptions.map((option) => (
            <label
              key={option.value}
              className={cn(
                choiceCard,
                "flex h-11 items-center gap-2 px-3 text-sm text-slate-900",
                option.value === "time" && "col-span-2 sm:col-span-1",
              )}
            >
              <input
                type="radio"
                name={name}
                value={option.value}
                checked={choice === option.value}
                onChange={() => {
                  setChoice(option.value);
                  setErrors({});
                }}
                className={choiceInput}
              />
              <span className="whitespace-nowrap">
                {option.value === "time" ? option.label : `In ${option.label}`}
              </span>
            </label>
          ))}
        </div>
        <FieldError id={choiceErrorId} message={errors.choice} />
      </fieldset>
      {choice === "time" ? (
        <FormField label="Arrival time" required description="Today, Charlotte time." error={errors.time}>
          <Input
            ref={timeInput}
            type="time"
            value={time}
            aria-required="true"
            onChange={(event) => {
              setTime(event.target.value);
              setErrors({});
            }}
            className="sm:max-w-40"
          />
        </FormField>
      ) : null}
      <FormAlert message={errors.root} />
    </FormDialog>
  );
}

/** 'Arrived': one tap, the customer is told at once. */
function ArrivedButton({ job, disabled, describedBy }: JobActionProps) {
  const arrived = useArrived();
  return (
    <Button
      type="button"
      size="sm"
      disabled={disabled}
      aria-describedby={describedBy}
      pending={arrived.isPending}
      pendingLabel="Sending..."
      icon={<MapPinCheck className="size-4" aria-hidden="true" />}
      onClick={async () => {
        try {
          const answer = await arrived.mutateAsync({ jobId: job.id, jobTitle: fieldJobTitle(job) });
          toast({ title: answer.message, variant: "success" });
        } catch (error) {
          toast({
            title: "Could not tell the customer you arrived",
            description: failureMessage(error),
            variant: "destructive",
          });
        }
      }}
    >
      Arrived
    </Button>
  );
}

/** 'Start work', with optional photos of the property before the work. */
function StartWorkDialog({ job, disabled, describedBy }: JobActionProps) {
  const startWork = useStartWork();
  const photos = useUploadThen(job, "before");
  const [root, setRoot] = useState<string | undefined>();
  const busy = photos.uploading || startWork.isPending;
  const { dialog, close } = useDialogState({
    locked: busy,
    onClose: () => {
      photos.clear();
      setRoot(undefined);
    },
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setRoot(undefined);
    await photos.uploadThen(async () => {
      try {
        const answer = await startWork.mutateAsync({ jobId: job.id, jobTitle: fieldJobTitle(job) });
        toast({ title: answer.message, variant: "success" });
        close();
      } catch (error) {
        dialogFailure(error, setRoot, close);
      }
    });
  };

  return (
    <FormDialog
      dialog={dialog}
      trigger={{ label: "Start work", icon: Hammer, size: "sm", disabled, describedBy }}
      title={<>Start work on {jobLabel(job.number)}</>}
      description={
        <>
          We'll tell {job.customerName || "the customer"} you've started. Photos of how things look before you
          begin are optional, and help if a question comes up later.
        </>
      }
      onSubmit={onSubmit}
      {...photos.labels({
        submit: "Start work",
        withPhotos: "Upload photos and start",
        pending: "Starting...",
      })}
      pending={busy}
    >
      <PhotoPicker {...photos.picker} label="Before photos (optional)" disabled={busy} />
      <FormAlert message={root} />
    </FormDialog>
  );
}
