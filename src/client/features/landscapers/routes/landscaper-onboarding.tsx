import { useNavigate } from "react-router";
import { ACCOUNT_LOAD_TIMEOUT_MS } from "../../../areas/access";
import { useAreaUser } from "../../../areas/area-layout";
import { PageStatus } from "../../../components/page-status";
import { TroubleLoading } from "../../../components/trouble-loading";
import { Card } from "../../../components/ui/card";
import { toast } from "../../../lib/toast";
import { useTimedOut } from "../../../lib/use-timed-out";
import { useLandscaperProfile } from "../api/profile";
import { LandscaperProfileForm, profileFormDefaults } from "../components/profile/landscaper-profile-form";
import { ApplicationSteps } from "../components/profile/step-header";

export function meta() {
  return [{ title: "Landscaper Onboarding | GreenScape Charlotte" }];
}

/** 'Let's Get You Ready to Work': business details, service area and consent, then the document upload. */
export default function LandscaperOnboardingPage() {
  const navigate = useNavigate();
  const { user } = useAreaUser();
  const profile = useLandscaperProfile(true);
  const profileSlow = useTimedOut(profile.isPending, ACCOUNT_LOAD_TIMEOUT_MS);

  if (profile.isError || profileSlow) return <TroubleLoading loginPath="/login/landscaper" />;
  if (profile.isPending) return <PageStatus>Loading...</PageStatus>;

  const existing = profile.data.profile;
  return (
    <div className="bg-gradient-to-b from-brand-50 via-white to-white">
      <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
        <ApplicationSteps current={0} />
        <h1 className="mt-6 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">
          Let's Get You Ready to Work
        </h1>
        <p className="mt-3 max-w-2xl text-pretty text-slate-600">
          Tell us about your business and where you work. Next you'll upload your ID and insurance, and our
          team reviews your application, usually within 24 hours.
        </p>
        <Card className="mt-8 px-5 py-6 shadow-md sm:p-8">
          <LandscaperProfileForm
            mode="onboarding"
            defaultValues={profileFormDefaults(existing, user.name)}
            submitLabel="Continue to Document Upload"
            busyLabel="Saving..."
            onSaved={() => {
              toast({
                title: "Profile saved",
                description: "Now upload your documents.",
                variant: "success",
              });
              void navigate("/upload-documents");
            }}
          />
        </Card>
      </div>
    </div>
  );
}
