import { zodResolver } from "@hookform/resolvers/zod";
import { ExternalLink, ImageUp, Trash2 } from "lucide-react";
import { useId, useRef } from "react";
import { Controller, useForm } from "react-hook-form";
import { formatLongDate } from "../../../../../shared/dates";
import {
  PROFILE_DESCRIPTION_MAX,
  type PublicProfileSettings,
  type PublicProfileSettingsInput,
  type PublicProfileSettingsView,
  publicProfileSettingsSchema,
} from "../../../../../shared/profile-settings";
import { FormAlert } from "../../../../components/form-alert";
import { LoadError } from "../../../../components/load-error";
import { Skeleton } from "../../../../components/skeleton";
import { Button } from "../../../../components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "../../../../components/ui/card";
import { Checkbox } from "../../../../components/ui/checkbox";
import { FormField } from "../../../../components/ui/form-field";
import { Input } from "../../../../components/ui/input";
import { Textarea } from "../../../../components/ui/textarea";
import { failureMessage, reportSubmitFailure } from "../../../../lib/form-errors";
import { toast } from "../../../../lib/toast";
import {
  usePublicProfileSettings,
  useRemoveProfilePhoto,
  useSavePublicProfileSettings,
  useUploadProfilePhoto,
} from "../../api/public-profile";

const fields = ["description", "yearsInBusiness", "hidden"] as const;

/**
 * What customers read on the landscaper's public profile (/pros/:slug, issue 36) that only the landscaper can
 * say: a photo, a few lines about the business, years in business; and whether the profile is shown at all.
 * Everything else on it (badges, ratings, gallery) comes from work done here.
 */
export function PublicProfileCard({ approved }: { approved: boolean }) {
  const settings = usePublicProfileSettings(true);
  return (
    <Card className="lg:col-span-2" data-testid="public-profile-settings">
      <CardHeader>
        <CardTitle asHeading="h2">Public profile</CardTitle>
        <CardDescription>
          Customers see this on your profile page with your reviews, badges and the photos customers allowed.
          {approved ? "" : " Your page is published once our team approves your application."}
        </CardDescription>
      </CardHeader>
      {settings.isPending ? (
        <div role="status" className="grid gap-3">
          <span className="sr-only">Loading your public profile...</span>
          <Skeleton className="h-24" />
        </div>
      ) : settings.isError ? (
        <LoadError title="We couldn't load your public profile." query={settings}>
          Please check your connection and try again.
        </LoadError>
      ) : (
        <SettingsEditor saved={settings.data.settings} approved={approved} />
      )}
    </Card>
  );
}

function SettingsEditor({ saved, approved }: { saved: PublicProfileSettingsView; approved: boolean }) {
  const save = useSavePublicProfileSettings();
  const form = useForm<PublicProfileSettingsInput, unknown, PublicProfileSettings>({
    resolver: zodResolver(publicProfileSettingsSchema),
    defaultValues: {
      description: saved.description,
      yearsInBusiness: saved.yearsInBusiness ?? "",
      hidden: saved.hidden,
    },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const answer = await save.mutateAsync(values);
      form.reset({
        description: answer.settings.description,
        yearsInBusiness: answer.settings.yearsInBusiness ?? "",
        hidden: answer.settings.hidden,
      });
      toast({ title: "Public profile saved", description: answer.message, variant: "success" });
    } catch (error) {
      reportSubmitFailure({ error, setError: form.setError, fields, title: "Couldn't save your profile" });
    }
  });

  return (
    <div className="grid gap-6 md:grid-cols-[12rem_minmax(0,1fr)]">
      <PhotoPicker saved={saved} />
      <form noValidate onSubmit={onSubmit} className="grid gap-5">
        <FormField
          label="About your business"
          description={`Up to ${PROFILE_DESCRIPTION_MAX} characters: what you do, where, and what customers can count on.`}
          error={errors.description?.message}
        >
          <Textarea rows={4} maxLength={PROFILE_DESCRIPTION_MAX} {...form.register("description")} />
        </FormField>
        <FormField
          label="Years in business"
          description="Leave it empty if you'd rather not say."
          error={errors.yearsInBusiness?.message}
          className="max-w-48"
        >
          <Input
            type="number"
            inputMode="numeric"
            min={0}
            max={80}
            step={1}
            {...form.register("yearsInBusiness")}
          />
        </FormField>
        <Controller
          control={form.control}
          name="hidden"
          render={({ field }) => (
            <FormField
              orientation="horizontal"
              label="Hide my public profile"
              description="A hidden profile is not listed or found, and customers can't book you instantly. Jobs in your area still reach your queue."
              error={errors.hidden?.message}
            >
              <Checkbox
                ref={field.ref}
                name={field.name}
                checked={field.value === true}
                onCheckedChange={(value) => field.onChange(value === true)}
                onBlur={field.onBlur}
              />
            </FormField>
          )}
        />
        <FormAlert message={errors.root?.message} />
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <Button type="submit" pending={save.isPending} pendingLabel="Saving...">
            Save public profile
          </Button>
          {saved.slug && approved && !saved.hidden ? (
            <a
              href={`/pros/${saved.slug}`}
              className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
            >
              View your public profile
              <ExternalLink className="size-4" aria-hidden="true" />
            </a>
          ) : null}
        </div>
        {saved.insuranceExpiresOn ? (
          <p className="text-sm text-slate-600">
            Your insurance certificate on file expires on {formatLongDate(saved.insuranceExpiresOn)}; your
            profile shows the Insured badge until then. Upload the renewed certificate before it lapses.
          </p>
        ) : (
          <p className="text-sm text-slate-600">
            Your profile shows the Insured badge once our team has recorded your certificate's expiry date.
          </p>
        )}
      </form>
    </div>
  );
}

function PhotoPicker({ saved }: { saved: PublicProfileSettingsView }) {
  const upload = useUploadProfilePhoto();
  const remove = useRemoveProfilePhoto();
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    try {
      const answer = await upload.mutateAsync(file);
      toast({ title: answer.message ?? "Your photo is saved.", variant: "success" });
    } catch (error) {
      toast({
        title: "Couldn't save your photo",
        description: failureMessage(error),
        variant: "destructive",
      });
    } finally {
      if (input.current) input.current.value = "";
    }
  };

  return (
    <div className="grid content-start justify-items-start gap-3">
      {saved.hasPhoto ? (
        <img
          src={`/api/landscaper/public-profile/photo?v=${saved.photoVersion ?? ""}`}
          alt="You, as customers see you on your profile"
          width={160}
          height={160}
          className="size-40 rounded-xl border border-slate-200 object-cover"
        />
      ) : (
        <div className="grid size-40 place-items-center rounded-xl border border-dashed border-slate-300 bg-slate-50 px-3 text-center text-sm text-slate-600">
          No photo yet
        </div>
      )}
      <label htmlFor={inputId} className="sr-only">
        Profile photo
      </label>
      <input
        ref={input}
        id={inputId}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/heic"
        className="sr-only"
        onChange={(event) => onFile(event.target.files?.[0])}
      />
      <Button
        type="button"
        variant="outline"
        size="sm"
        icon={<ImageUp className="size-4" aria-hidden="true" />}
        pending={upload.isPending}
        pendingLabel="Uploading..."
        onClick={() => input.current?.click()}
      >
        {saved.hasPhoto ? "Change photo" : "Add a photo"}
      </Button>
      {saved.hasPhoto ? (
        <Button
          type="button"
          variant="ghost"
          size="sm"
          icon={<Trash2 className="size-4" aria-hidden="true" />}
          pending={remove.isPending}
          pendingLabel="Removing..."
          onClick={async () => {
            try {
              const answer = await remove.mutateAsync();
              toast({ title: answer.message ?? "Your photo is removed.", variant: "success" });
            } catch (error) {
              toast({
                title: "Couldn't remove your photo",
                description: failureMessage(error),
                variant: "destructive",
              });
            }
          }}
        >
          Remove photo
        </Button>
      ) : null}
    </div>
  );
}
