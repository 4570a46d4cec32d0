import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { updateProfileSchema } from "../../../../../shared/accounts";
import type { SessionUser } from "../../../../../shared/session";
import { Button } from "../../../../components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "../../../../components/ui/card";
import { FormField } from "../../../../components/ui/form-field";
import { Input } from "../../../../components/ui/input";
import { failureMessage, showServerFieldErrors } from "../../../../lib/form-errors";
import { toast } from "../../../../lib/toast";
import { ChangePasswordFields, useChangePasswordForm } from "../../../accounts";
import { NotificationPreferencesForm } from "../../../notifications";
import { useUpdateAccountName } from "../../api/account";
import { roleName } from "./profile-tab";

function Busy({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
  return (
    <Button type="submit" className="w-full sm:w-auto" pending={busy}>
      {busy ? busyLabel : label}
    </Button>
  );
}

function UpdateProfileForm({ user }: { user: SessionUser }) {
  const update = useUpdateAccountName();
  const form = useForm<z.input<typeof updateProfileSchema>>({
    resolver: zodResolver(updateProfileSchema),
    defaultValues: { name: user.name },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
      toast({ title: "Settings Updated", description: "Your name has been saved.", variant: "success" });
    } catch (error) {
      showServerFieldErrors(form.setError, error, ["name"], { focus: false });
      toast({
        title: "Couldn't update your profile",
        description: failureMessage(error),
        variant: "destructive",
      });
    }
  });
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <FormField label="Full name" required error={form.formState.errors.name?.message}>
        <Input autoComplete="name" aria-required="true" {...form.register("name")} />
      </FormField>
      <div>
        <Busy busy={update.isPending} label="Update Profile" busyLabel="Updating..." />
      </div>
    </form>
  );
}

function ChangePasswordForm() {
  const { form, onSubmit, change } = useChangePasswordForm({
    onChanged: () => {
      form.reset();
      toast({
        title: "Password updated",
        description: "Other devices signed in to your account were signed out.",
        variant: "success",
      });
    },
    onFailed: (error) =>
      toast({
        title: "Couldn't change your password",
        description: failureMessage(error),
        variant: "destructive",
      }),
  });
  const { errors } = form.formState;
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <ChangePasswordFields register={form.register} errors={errors} />
      <div>
        <Busy busy={change.isPending} label="Change Password" busyLabel="Changing..." />
      </div>
    </form>
  );
}

/** Email and role, the name and password forms, and the place notification preferences will live. */
export function SettingsTab({ user }: { user: SessionUser }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
      <div className="grid gap-6">
        <Card>
          <CardHeader>
            <CardTitle asHeading="h2">Account</CardTitle>
            <CardDescription>Sign-in email and account type.</CardDescription>
          </CardHeader>
          <dl className="grid gap-4">
            <div className="grid min-w-0 gap-0.5">
              <dt className="text-sm text-slate-500">Email</dt>
              <dd className="font-medium [overflow-wrap:anywhere] text-slate-900">{user.email}</dd>
            </div>
            <div className="grid gap-0.5">
              <dt className="text-sm text-slate-500">Role</dt>
              <dd className="font-medium text-slate-900">{roleName(user)}</dd>
            </div>
          </dl>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle asHeading="h2">Update Profile</CardTitle>
            <CardDescription>The name shown in the header and on your jobs.</CardDescription>
          </CardHeader>
          <UpdateProfileForm user={user} />
        </Card>
        <NotificationPreferencesSlot />
      </div>
      <Card>
        <CardHeader>
          <CardTitle asHeading="h2">Change Password</CardTitle>
          <CardDescription>You'll stay signed in here; other devices are signed out.</CardDescription>
        </CardHeader>
        <ChangePasswordForm />
      </Card>
    </div>
  );
}

/** Push, SMS (with the phone number) and email preferences, the same form as /dashboard/settings/notifications. */
function NotificationPreferencesSlot() {
  return (
    <Card data-slot="notification-preferences">
      <CardHeader>
        <CardTitle asHeading="h2">Notification Preferences</CardTitle>
        <CardDescription>Push, SMS and email alerts for new jobs and updates.</CardDescription>
      </CardHeader>
      <NotificationPreferencesForm />
    </Card>
  );
}
