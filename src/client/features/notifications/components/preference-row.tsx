import type { LucideIcon } from "lucide-react";
import type * as React from "react";
import { Label } from "../../../components/ui/label";

/** One preference: its icon, its label and what it does, a status line under it, and its switch. */
export function PreferenceRow({
  id,
  icon: Icon,
  title,
  description,
  status,
  children,
}: {
  id: string;
  icon: LucideIcon;
  title: string;
  description: string;
  status?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <div className="flex items-start gap-4 py-4">
      <span className="hidden size-10 shrink-0 items-center justify-center rounded-lg bg-brand-100 text-brand-800 sm:flex">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <div className="grid min-w-0 flex-1 gap-1">
        <Label htmlFor={id} className="text-base font-semibold text-slate-900">
          {title}
        </Label>
        <p id={`${id}-description`} className="text-sm text-slate-600">
          {description}
        </p>
        {status}
      </div>
      <div className="pt-0.5">{children}</div>
    </div>
  );
}
