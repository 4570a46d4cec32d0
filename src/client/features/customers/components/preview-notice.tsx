import { Eye } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "../../../components/ui/alert";

/** Master users look at the customer screens as a preview: nobody's bookings are shown to them. */
export function PreviewNotice() {
  return (
    <Alert variant="info" icon={Eye}>
      <AlertTitle>Admin preview</AlertTitle>
      <AlertDescription>
        You're viewing the customer dashboard in master mode. Customer bookings are hidden in this preview.
      </AlertDescription>
    </Alert>
  );
}
