import { Mail, Phone } from "lucide-react";
import { focusRing } from "../../../lib/styles";
import { cn } from "../../../lib/utils";

/**
 * A person's email address or phone number on an admin card, as a link to write or call: the icon says which,
 * and a long address wraps anywhere rather than widen the card.
 */
export function ContactLink({
  kind,
  value,
  className,
}: {
  kind: "email" | "phone";
  value: string;
  className?: string;
}) {
  const Icon = kind === "email" ? Mail : Phone;
  const href = kind === "email" ? `mailto:${value}` : `tel:${value.replace(/[^\d+]/g, "")}`;
  return (
    <a
      href={href}
      className={cn(
        "inline-flex max-w-full items-center gap-1.5 rounded-sm text-brand-700 hover:underline",
        focusRing,
        className,
      )}
    >
      <Icon className="size-4 shrink-0" aria-hidden="true" />
      <span className="min-w-0 [overflow-wrap:anywhere]">{value}</span>
    </a>
  );
}
