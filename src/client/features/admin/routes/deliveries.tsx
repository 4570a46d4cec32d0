import { BellRing, Mail, MessageSquareText, RotateCw, Smartphone } from "lucide-react";
import type { FailedDeliveryView } from "../../../../shared/deliveries";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { ApiError } from "../../../lib/api-client";
import { toast } from "../../../lib/toast";
import { useFailedDeliveries, useRetryDelivery } from "../api/admin-api";
import { AdminPage } from "../components/admin-page";
import { ListStates } from "../components/list-controls";
import { formatDate } from "../lib/format";

export function meta() {
  return [{ title: "Failed Deliveries | GreenScape Charlotte" }, { name: "robots", content: "noindex" }];
}

const channelInfo = {
  email: { label: "Email", icon: Mail },
  push: { label: "Push", icon: Smartphone },
  sms: { label: "SMS", icon: MessageSquareText },
  // A new job's push and text copies, made for every landscaper it reaches in one step.
  fanout: { label: "Job alert copies", icon: BellRing },
} as const;

function DeliveryCard({ delivery }: { delivery: FailedDeliveryView }) {
  const retry = useRetryDelivery();
  const { label, icon: Icon } = channelInfo[delivery.channel];
  const headingId = `delivery-${delivery.id}`;
  async function onRetry() {
    try {
      const answer = await retry.mutateAsync(delivery.id);
      toast({ title: answer.message, variant: "success" });
    } catch (error) {
      toast({
        title: "Could not retry",
        description: error instanceof ApiError ? error.message : "Please try again.",
        variant: "destructive",
      });
    }
  }
  return (
    <li>
      <article
        aria-labelledby={headingId}
        className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-xs sm:p-5"
      >
        <header className="flex flex-wrap items-start justify-between gap-2">
          <div className="grid min-w-0 gap-0.5">
            <h3 id={headingId} className="font-semibold text-slate-900 [overflow-wrap:anywhere]">
              {delivery.summary || delivery.template}
            </h3>
            <p className="text-slate-600 text-sm [overflow-wrap:anywhere]">To {delivery.recipient}</p>
          </div>
          <Badge variant="outline" className="gap-1">
            <Icon className="size-3.5" aria-hidden="true" />
            {label}
          </Badge>
        </header>
        <dl className="grid gap-2 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-slate-500">Queued</dt>
            <dd className="text-slate-900">{formatDate(delivery.createdAt)}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Attempts</dt>
            <dd className="text-slate-900">{delivery.attempts}</dd>
          </div>
          <div className="sm:col-span-3">
            <dt className="text-slate-500">Last error</dt>
            <dd className="font-mono text-slate-800 text-xs [overflow-wrap:anywhere]">
              {delivery.lastError ?? "—"}
            </dd>
          </div>
        </dl>
        <div>
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={retry.isPending}
            onClick={() => void onRetry()}
          >
            <RotateCw className="size-4" aria-hidden="true" />
            Send again
          </Button>
        </div>
      </article>
    </li>
  );
}

/** Messages the outbox gave up on after every attempt: shown here rather than silently dropped. */
export default function DeliveriesPage() {
  const deliveries = useFailedDeliveries();
  return (
    <AdminPage
      title="Failed Deliveries"
      description="Emails, push notifications and text messages that could not be delivered after every retry (about an hour of attempts). Fix the cause, then send them again."
    >
      <section aria-labelledby="deliveries-heading" aria-busy={deliveries.isFetching}>
        <h2 id="deliveries-heading" className="sr-only">
          Failed deliveries
        </h2>
        <ListStates
          query={deliveries}
          items={deliveries.data?.deliveries ?? []}
          loading="Loading deliveries..."
          failed="Failed deliveries could not be loaded."
          empty="Nothing has failed: every message was delivered."
        >
          {(items) => (
            <ul className="grid gap-4 md:grid-cols-2">
              {items.map((delivery) => (
                <DeliveryCard key={delivery.id} delivery={delivery} />
              ))}
            </ul>
          )}
        </ListStates>
      </section>
    </AdminPage>
  );
}
