import { useState } from "react";
import { propertyTypeLabel } from "../../../../shared/customers";
import type { SessionUser } from "../../../../shared/session";
import { Detail } from "../../../components/detail";
import { Skeleton } from "../../../components/skeleton";
import { Alert, AlertDescription } from "../../../components/ui/alert";
import { Card, CardHeader, CardTitle, EditableCardHeader } from "../../../components/ui/card";
import { toast } from "../../../lib/toast";
import { PaymentMethodsCard } from "../../payments";
import { useCustomerProfile } from "../api/customer-profile";
import { CustomerProfileForm, customerProfileDefaults } from "./customer-profile-form";

const roleLabel: Record<SessionUser["role"], string> = {
  customer: "Customer",
  landscaper: "Landscaper",
  admin: "Admin",
};

/** The My Profile tab: the account (name, email, role) and the service address with an edit form. */
export function ProfilePanel({ user }: { user: SessionUser }) {
  const isCustomer = user.role === "customer";
  return (
    <div className="grid gap-6 lg:grid-cols-[20rem_minmax(0,1fr)] lg:items-start">
      <Card className="gap-4 p-5 sm:p-6">
        <CardHeader>
          <CardTitle asHeading="h2">Account</CardTitle>
        </CardHeader>
        <dl className="grid gap-3 text-sm">
          <Detail label="Name">{user.name}</Detail>
          <Detail label="Email">{user.email}</Detail>
          <Detail label="Role">
            {roleLabel[user.role]}
            {user.isMaster ? " (master preview)" : ""}
          </Detail>
        </dl>
      </Card>
      {isCustomer ? (
        <div className="grid gap-6">
          <ServiceDetails user={user} />
          <PaymentMethodsCard />
        </div>
      ) : (
        <Alert variant="info">
          <AlertDescription>Service address details belong to customer accounts.</AlertDescription>
        </Alert>
      )}
    </div>
  );
}

function ServiceDetails({ user }: { user: SessionUser }) {
  const profile = useCustomerProfile();
  const [editing, setEditing] = useState(false);

  if (profile.isPending) {
    return <Skeleton label="Loading your profile" className="h-64 rounded-xl border border-slate-200" />;
  }
  if (profile.isError) {
    return (
      <Alert variant="destructive">
        <AlertDescription>We couldn't load your profile: {profile.error.message}</AlertDescription>
      </Alert>
    );
  }

  const saved = profile.data.profile;
  const showForm = editing || !saved;

  return (
    <Card className="gap-5 p-5 sm:p-6">
      <EditableCardHeader
        title="Service address & contact"
        description={
          saved
            ? "Where our landscapers work and how they reach you."
            : "Add where you need service so we can match you with a landscaper nearby."
        }
        editLabel="Edit profile"
        onEdit={saved && !editing ? () => setEditing(true) : undefined}
      />
      {showForm ? (
        <CustomerProfileForm
          defaultValues={customerProfileDefaults(saved, user.name)}
          submitLabel="Save profile"
          busyLabel="Saving..."
          exceptionTitle="Error saving profile"
          onCancel={saved ? () => setEditing(false) : undefined}
          onSaved={() => {
            toast({ title: "Profile updated", description: "Your details are saved.", variant: "success" });
            setEditing(false);
          }}
        />
      ) : (
        <dl className="grid gap-4 text-sm sm:grid-cols-2">
          <Detail label="Full name">{saved.fullName}</Detail>
          <Detail label="Phone number">{saved.phoneNumber}</Detail>
          <Detail label="Street address" className="sm:col-span-2">
            {saved.streetAddress}
          </Detail>
          <Detail label="City">{saved.city}</Detail>
          <Detail label="State / ZIP code">
            {saved.state} {saved.zipCode}
          </Detail>
          <Detail label="Property type">{propertyTypeLabel[saved.propertyType]}</Detail>
        </dl>
      )}
    </Card>
  );
}
