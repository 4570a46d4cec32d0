import { Repeat } from "lucide-react";
import { frequencyLabel, type SeriesFrequency } from "../../../../shared/recurring";
import { Badge } from "../../../components/ui/badge";

/** 'Weekly', 'Every 2 weeks' or 'Monthly' on a card whose job is (a visit of) a recurring series. */
export function FrequencyBadge({ frequency }: { frequency: SeriesFrequency }) {
  return (
    <Badge variant="info" data-testid="frequency-badge">
      <Repeat aria-hidden="true" />
      {frequencyLabel[frequency]}
    </Badge>
  );
}
