import { FlaskConical } from "lucide-react";
import { TEST_MODE_NOTICE } from "../../../../shared/payments";

/** Shown wherever the embedded test processor asks for a card: nothing typed here is ever charged. */
export function TestModeNotice() {
  return (
    <div
      className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950"
      data-testid="test-mode-notice"
    >
      <FlaskConical className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <p>
        <strong className="font-semibold">{TEST_MODE_NOTICE}.</strong> Use the test card 4242 4242 4242 4242
        with any future expiry date and any 3-digit code.
      </p>
    </div>
  );
}
