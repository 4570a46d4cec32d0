import type { LucideIcon } from "lucide-react";
import type * as React from "react";
import { isValidElement } from "react";
import { Button, type ButtonProps } from "./ui/button";

/**
 * The button that opens a dialog, said by its parts: its label, an icon before it, the Button's look, and
 * what a disabled one points at. A dialog with an opener of its own (a smaller icon, an icon only on wider
 * screens) passes that element instead.
 */
export interface TriggerButton {
  label: React.ReactNode;
  icon?: LucideIcon;
  variant?: ButtonProps["variant"];
  size?: ButtonProps["size"];
  className?: string;
  disabled?: boolean;
  /** The id of what says why the button is disabled. */
  describedBy?: string | undefined;
  /** The button's tooltip. */
  title?: string;
  /** Its accessible name, where the label alone would not tell the buttons of a list apart. */
  ariaLabel?: string | undefined;
}

/** The opener a dialog renders inside its Trigger: the element it was given, or the Button `trigger` describes. */
export function triggerElement(trigger: TriggerButton | React.ReactElement): React.ReactElement {
  if (isValidElement(trigger)) return trigger;
  const { label, icon: Icon, describedBy, ariaLabel, ...look } = trigger;
  return (
    <Button
      type="button"
      {...look}
      aria-describedby={describedBy}
      aria-label={ariaLabel}
      icon={Icon ? <Icon className="size-4" aria-hidden="true" /> : undefined}
    >
      {label}
    </Button>
  );
}
