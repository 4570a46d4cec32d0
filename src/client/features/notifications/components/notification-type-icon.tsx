import {
  BriefcaseBusiness,
  CreditCard,
  FileText,
  Flag,
  Info,
  type LucideIcon,
  MessageCircle,
  Truck,
} from "lucide-react";
import type { NotificationKind } from "../../../../shared/notifications";
import { cn } from "../../../lib/utils";

const styles: Record<NotificationKind, { icon: LucideIcon; className: string }> = {
  job: { icon: BriefcaseBusiness, className: "bg-brand-100 text-brand-800" },
  payment: { icon: CreditCard, className: "bg-amber-100 text-amber-800" },
  application: { icon: FileText, className: "bg-sky-100 text-sky-800" },
  system: { icon: Info, className: "bg-slate-100 text-slate-700" },
  message: { icon: MessageCircle, className: "bg-violet-100 text-violet-800" },
  arrival: { icon: Truck, className: "bg-teal-100 text-teal-800" },
  dispute: { icon: Flag, className: "bg-red-100 text-red-800" },
};

/** A round, colour-coded icon for a notification's type (decorative: the type is also written out). */
export function NotificationTypeIcon({ type, className }: { type: NotificationKind; className?: string }) {
  const { icon: Icon, className: tone } = styles[type] ?? styles.system;
  return (
    <span
      aria-hidden="true"
      className={cn("flex size-9 shrink-0 items-center justify-center rounded-full", tone, className)}
    >
      <Icon className="size-4" />
    </span>
  );
}
