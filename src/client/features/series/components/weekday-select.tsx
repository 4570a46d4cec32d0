import type * as React from "react";
import { weekdayNames } from "../../../../shared/recurring";
import { Select } from "../../../components/ui/select";

/** The day of the week a series' visits fall on, Sunday (0) to Saturday (6); props go to the select. */
export function WeekdaySelect(props: Omit<React.ComponentProps<typeof Select>, "children">) {
  return (
    <Select aria-required="true" className="sm:max-w-xs" {...props}>
      {weekdayNames.map((name, day) => (
        <option key={name} value={day}>
          {name}
        </option>
      ))}
    </Select>
  );
}
