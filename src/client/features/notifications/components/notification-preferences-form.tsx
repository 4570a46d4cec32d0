import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { Mail, MessageCircle, MessageSquareText, Smartphone, Truck } from "lucide-react";
import { useId, useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import {
  type Preferences,
  type PreferencesResponse,
  preferencesSchema,
} from "../../../../shared/notifications";
import { LoadError } from "../../../components/load-error";
import { Skeleton } from "../../../components/skeleton";
import { Button } from "../../../components/ui/button";
import { FormField } from "../../../components/ui/form-field";
import { PhoneInput } from "../../../components/ui/input";
import { Switch } from "../../../components/ui/switch";
import { ApiError } from "../../../lib/api-client";
import { useSession } from "../../../lib/session";
import { toast } from "../../../lib/toast";
import { cn } from "../../../lib/utils";
import { preferencesQueryOptions, usePreferences, useSavePreferences } from "../api/preferences";
import { usePushStatus } from "../hooks/use-push-status";
import {
  disablePushInBrowser,
  enablePushInBrowser,
  PushPermissionError,
  pushSupported,
} from "../lib/push-browser";
import { PreferenceRow } from "./preference-row";
import { PushStatusLine } from "./push-status-line";

/** The spec's texts (02 §5 and §8), word for word. */
export const preferenceMessages = {
  saved: { title: "Preferences Saved", description: "Your notification preferences have been updated." },
  saveFailed: { title: "Error", description: "Failed to save preferences. Please try again." },
  pushFailed: { title: "Error", description: "Failed to update push notification settings." },
  smsFailed: { title: "Error", description: "Failed to update SMS settings." },
  phoneRequired: { title: "Phone Number Required", description: "Please enter your phone number first." },
  permissionRequired: {
    title: "Permission Required",
    description: "Please allow notifications in your browser settings.",
  },
} as const;

type FormInput = z.input<typeof preferencesSchema>;

function formValues(saved: Preferences | PreferencesResponse): Preferences {
  return {
    pushOptIn: saved.pushOptIn,
    smsOptIn: saved.smsOptIn,
    emailOptIn: saved.emailOptIn,
    messageAlerts: saved.messageAlerts,
    arrivalAlerts: saved.arrivalAlerts,
    phoneNumber: saved.phoneNumber,
  };
}

/**
 * Push, SMS (every alert for landscapers, arrival updates for customers) and email preferences of the
 * signed-in user, and which alerts they want (new messages, arrival updates), with Save. Reusable: the
 * /dashboard/settings/notifications page and the landscaper dashboard's Settings tab both mount it.
 */
export function NotificationPreferencesForm({ className }: { className?: string }) {
  const preferences = usePreferences();
  if (preferences.isPending) {
    return (
      <div role="status" className={cn("grid gap-3", className)}>
        <span className="sr-only">Loading preferences...</span>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-16" />
        ))}
      </div>
    );
  }
  if (preferences.isError) {
    return (
      <LoadError
        title="We couldn't load your notification preferences."
        query={preferences}
        className={className}
      >
        Please check your connection and try again.
      </LoadError>
    );
  }
  return <PreferencesEditor saved={preferences.data} className={className} />;
}

function PreferencesEditor({
  saved,
  className,
}: {
  saved: PreferencesResponse;
  className?: string | undefined;
}) {
  const client = useQueryClient();
  const save = useSavePreferences();
  const push = usePushStatus();
  const [pushBusy, setPushBusy] = useState(false);
  const form = useForm<FormInput, unknown, Preferences>({
    resolver: zodResolver(preferencesSchema),
    defaultValues: formValues(saved),
  });
  const smsOn = useWatch({ control: form.control, name: "smsOptIn" });
  const pushOn = useWatch({ control: form.control, name: "pushOptIn" });
  const ids = { push: useId(), sms: useId(), email: useId(), messages: useId(), arrival: useId() };
  // Customers are texted arrival updates only, and are the ones arrival updates are for.
  const { user } = useSession();
  const customer = user ? user.role === "customer" && !user.isAdmin : false;

  /**
   * Push is switched at once: the browser's permission prompt must follow the click, and the subscription
   * is made or dropped right then, so the preference is saved with it (the other fields keep their saved
   * values; unsaved edits stay in the form).
   */
  async function changePush(next: boolean) {
    setPushBusy(true);
    try {
      if (next && pushSupported()) {
        try {
          await enablePushInBrowser();
        } catch (error) {
          if (error instanceof PushPermissionError) {
            toast({ ...preferenceMessages.permissionRequired, variant: "destructive" });
            return;
          }
          throw error;
        }
      } else if (!next) {
        await disablePushInBrowser();
      }
      const current = client.getQueryData(preferencesQueryOptions.queryKey) ?? saved;
      await save.mutateAsync({ ...formValues(current), pushOptIn: next });
      form.resetField("pushOptIn", { defaultValue: next });
    } catch (error) {
      console.error("Could not update push notifications.", error);
      toast({ ...preferenceMessages.pushFailed, variant: "destructive" });
    } finally {
      setPushBusy(false);
      void push.refresh();
    }
  }

  const onSubmit = form.handleSubmit(
    async (values) => {
      try {
        const result = await save.mutateAsync({ ...values, smsOptIn: saved.smsAvailable && values.smsOptIn });
        form.reset(formValues(result));
        toast({ ...preferenceMessages.saved, variant: "success" });
      } catch (error) {
        console.error("Could not save notification preferences.", error);
        const fields = error instanceof ApiError ? error.fields : undefined;
        const aboutSms = Boolean(fields?.phoneNumber || fields?.smsOptIn);
        if (fields?.phoneNumber)
          form.setError("phoneNumber", { message: fields.phoneNumber }, { shouldFocus: true });
        toast({
          ...(aboutSms ? preferenceMessages.smsFailed : preferenceMessages.saveFailed),
          variant: "destructive",
        });
      }
    },
    (errors) => {
      if (errors.phoneNumber?.message === preferenceMessages.phoneRequired.description) {
        toast({ ...preferenceMessages.phoneRequired, variant: "destructive" });
      }
    },
  );

  const phoneError = form.formState.errors.phoneNumber?.message;

  return (
    <form noValidate onSubmit={onSubmit} className={cn("grid gap-6", className)}>
      <fieldset className="grid">
        <legend className="sr-only">Notification channels</legend>
        <div className="-my-4 divide-y divide-slate-200">
          <PreferenceRow
            id={ids.push}
            icon={Smartphone}
            title="Push notifications"
            description="Alerts on this device, even when GreenScape isn't open."
            status={
              <PushStatusLine
                on={pushOn}
                busy={pushBusy}
                checked={push.checked}
                permission={push.permission}
                subscribed={push.subscribed}
                onEnable={() => void changePush(true)}
              />
            }
          >
            <Controller
              control={form.control}
              name="pushOptIn"
              render={({ field }) => (
                <Switch
                  id={ids.push}
                  ref={field.ref}
                  checked={field.value}
                  disabled={pushBusy}
                  aria-describedby={`${ids.push}-description`}
                  onCheckedChange={(next) => void changePush(next)}
                />
              )}
            />
          </PreferenceRow>

          {saved.smsAvailable ? (
            <div>
              <PreferenceRow
                id={ids.sms}
                icon={MessageSquareText}
                title="SMS alerts"
                description={
                  customer
                    ? "Text messages for arrival updates."
                    : "Text messages about new jobs in your service area and updates on your jobs (not new messages)."
                }
              >
                <Controller
                  control={form.control}
                  name="smsOptIn"
                  render={({ field }) => (
                    <Switch
                      id={ids.sms}
                      ref={field.ref}
                      checked={field.value}
                      aria-describedby={`${ids.sms}-description`}
                      onCheckedChange={(next) => {
                        field.onChange(next);
                        if (!next) {
                          form.clearErrors("phoneNumber");
                          return;
                        }
                        if (!form.getValues("phoneNumber")?.trim()) {
                          toast({ ...preferenceMessages.phoneRequired, variant: "destructive" });
                          setTimeout(() => form.setFocus("phoneNumber"), 0);
                        }
                      }}
                    />
                  )}
                />
              </PreferenceRow>
              {smsOn ? (
                <div className="pb-4 sm:pl-14">
                  <FormField
                    label="Phone number"
                    required
                    description={
                      customer
                        ? "We'll text arrival updates to this number."
                        : "We'll text job alerts to this number."
                    }
                    error={phoneError}
                    className="max-w-xs"
                  >
                    <PhoneInput aria-required="true" {...form.register("phoneNumber")} />
                  </FormField>
                </div>
              ) : null}
            </div>
          ) : null}

          <PreferenceRow
            id={ids.email}
            icon={Mail}
            title="Email notifications"
            description="Updates about your account and activity by email."
          >
            <Controller
              control={form.control}
              name="emailOptIn"
              render={({ field }) => (
                <Switch
                  id={ids.email}
                  ref={field.ref}
                  checked={field.value}
                  aria-describedby={`${ids.email}-description`}
                  onCheckedChange={field.onChange}
                />
              )}
            />
          </PreferenceRow>
        </div>
      </fieldset>

      <fieldset className="grid border-t border-slate-200 pt-4">
        <legend className="text-sm font-semibold tracking-wide text-slate-600 uppercase">
          Alert me about
        </legend>
        <div className="-mb-4 divide-y divide-slate-200">
          <PreferenceRow
            id={ids.messages}
            icon={MessageCircle}
            title="New messages"
            description="When someone writes to you about a job: a push, and an email if it is still unread 10 minutes later (with those turned on above)."
          >
            <Controller
              control={form.control}
              name="messageAlerts"
              render={({ field }) => (
                <Switch
                  id={ids.messages}
                  ref={field.ref}
                  checked={field.value ?? true}
                  aria-describedby={`${ids.messages}-description`}
                  onCheckedChange={field.onChange}
                />
              )}
            />
          </PreferenceRow>
          {customer || !user ? (
            <PreferenceRow
              id={ids.arrival}
              icon={Truck}
              title="Arrival updates"
              description="When your landscaper is on the way (with the time they expect to arrive), arrives and starts work, by the channels turned on above."
            >
              <Controller
                control={form.control}
                name="arrivalAlerts"
                render={({ field }) => (
                  <Switch
                    id={ids.arrival}
                    ref={field.ref}
                    checked={field.value ?? true}
                    aria-describedby={`${ids.arrival}-description`}
                    onCheckedChange={field.onChange}
                  />
                )}
              />
            </PreferenceRow>
          ) : null}
        </div>
      </fieldset>

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <Button
          type="submit"
          disabled={save.isPending || pushBusy}
          aria-busy={save.isPending}
          className="w-full sm:w-auto"
          pending={save.isPending && !pushBusy}
          pendingLabel="Saving..."
        >
          Save Preferences
        </Button>
        {form.formState.isDirty ? <p className="text-sm text-slate-600">You have unsaved changes.</p> : null}
      </div>
    </form>
  );
}
