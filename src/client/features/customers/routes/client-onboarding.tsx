import { MapPin } from "lucide-react";
import { useNavigate } from "react-router";
import { splitAddressLine } from "../../../../shared/address";
import type { CustomerProfileInput } from "../../../../shared/customers";
import { firstNameOf, type SessionUser } from "../../../../shared/session";
import { useAreaUser } from "../../../areas/area-layout";
import { PageStatus } from "../../../components/page-status";
import { Card } from "../../../components/ui/card";
import { toast } from "../../../lib/toast";
import { lastSentQuote } from "../../quotes";
import { useCustomerProfile } from "../api/customer-profile";
import { CustomerProfileForm, customerProfileDefaults } from "../components/customer-profile-form";

export function meta() {
  return [{ title: "Client Onboarding | GreenScape Charlotte" }, { name: "robots", content: "noindex" }];
}

/** Client onboarding 'Tell Us Where You Need Service': visitors sign in first; other roles go home. */
export default function ClientOnboardingPage() {
  const { user } = useAreaUser();
  return <Onboarding user={user} />;
}

function Onboarding({ user }: { user: SessionUser }) {
  const navigate = useNavigate();
  const profile = useCustomerProfile();

  if (profile.isPending) return <PageStatus>Loading...</PageStatus>;

  // A returning customer edits what they saved; a new one starts with the name they signed up with.
  const saved = profile.data?.profile;
  const defaultValues = withSentQuote(customerProfileDefaults(saved, user.name), saved ? null : user.email);

  return (
    <div className="flex justify-center bg-gradient-to-b from-brand-50 via-white to-white px-4 py-10 sm:py-16">
      <div className="w-full max-w-2xl">
        <Card className="gap-6 px-5 py-6 shadow-md sm:p-8">
          <div className="flex flex-col items-center gap-2 text-center">
            <span className="mb-1 flex size-12 items-center justify-center rounded-full bg-brand-100 text-brand-700">
              <MapPin className="size-6" aria-hidden="true" />
            </span>
            <p className="text-xs font-semibold tracking-wider text-brand-700 uppercase">Client Onboarding</p>
            <h1 className="text-2xl font-bold tracking-tight text-balance text-slate-900 sm:text-3xl">
              Tell Us Where You Need Service
            </h1>
            <p className="max-w-md text-sm text-pretty text-slate-600">
              Your address and phone number let us match you with a landscaper who covers your area.
            </p>
          </div>
          <CustomerProfileForm
            defaultValues={defaultValues}
            submitLabel="Continue to Dashboard"
            busyLabel="Saving..."
            onSaved={(_answer, values) => {
              toast({
                title: "Profile completed!",
                description: `Welcome to GreenScape Charlotte, ${firstNameOf(values.fullName)}!`,
                variant: "success",
              });
              // One home for customers, where signing in also lands (docs/spec-deviations.md).
              void navigate("/dashboard/customer-portal", { replace: true });
            }}
          />
        </Card>
      </div>
    </div>
  );
}

/**
 * A new customer's form starts from the quote they sent from this tab with the same email (name, address,
 * phone), so nothing is typed twice; they check it and save. A saved profile is never overwritten.
 */
function withSentQuote(values: CustomerProfileInput, email: string | null): CustomerProfileInput {
  const quote = email ? lastSentQuote(email) : null;
  if (!quote) return values;
  const address = splitAddressLine(quote.address, quote.zipCode);
  return {
    ...values,
    fullName: quote.fullName || values.fullName,
    streetAddress: address.streetAddress,
    city: address.city || values.city,
    state: address.state || values.state,
    zipCode: address.zipCode,
    phoneNumber: quote.phone,
  };
}
