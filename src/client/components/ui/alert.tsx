import { cva, type VariantProps } from "class-variance-authority";
import { CircleAlert, CircleCheck, Info, type LucideIcon, TriangleAlert } from "lucide-react";
import type * as React from "react";
import { cn } from "../../lib/utils";

export const alertVariants = cva("flex gap-3 rounded-lg border p-4 text-sm", {
  variants: {
    variant: {
      default: "border-slate-200 bg-slate-50 text-slate-800",
      info: "border-sky-200 bg-sky-50 text-sky-900",
      success: "border-brand-200 bg-brand-50 text-brand-900",
      warning: "border-amber-300 bg-amber-50 text-amber-900",
      destructive: "border-red-300 bg-red-50 text-red-900",
    },
  },
  defaultVariants: { variant: "default" },
});

const icons: Record<NonNullable<VariantProps<typeof alertVariants>["variant"]>, LucideIcon> = {
  default: Info,
  info: Info,
  success: CircleCheck,
  warning: TriangleAlert,
  destructive: CircleAlert,
};

export interface AlertProps extends React.ComponentProps<"div">, VariantProps<typeof alertVariants> {
  /** Replace the variant's icon, or pass null for none. */
  icon?: LucideIcon | null;
}

/**
 * An inline message box. Errors default to role="alert" so screen readers announce them as they appear;
 * everything else to role="status". Pass `role` to override.
 */
export function Alert({ className, variant, icon, role, children, ...props }: AlertProps) {
  const Icon = icon === null ? null : (icon ?? icons[variant ?? "default"]);
  return (
    <div
      data-slot="alert"
      role={role ?? (variant === "destructive" ? "alert" : "status")}
      className={cn(alertVariants({ variant }), className)}
      {...props}
    >
      {Icon ? <Icon className="mt-0.5 size-5 shrink-0" aria-hidden="true" /> : null}
      <div className="grid min-w-0 flex-1 gap-1">{children}</div>
    </div>
  );
}

export function AlertTitle({ className, ...props }: React.ComponentProps<"p">) {
  return <p data-slot="alert-title" className={cn("leading-snug font-semibold", className)} {...props} />;
}

export function AlertDescription({ className, ...props }: React.ComponentProps<"div">) {
  return <div data-slot="alert-description" className={cn("leading-relaxed", className)} {...props} />;
}
