import { useEffect, useRef, useState } from "react";
import type { UseFormReturn } from "react-hook-form";
import { zipInAddress } from "../../../../shared/address";
import type { QuoteRequest, QuoteRequestInput } from "../../../../shared/jobs";
import { useLotLookup } from "../api/lot-lookup";

/**
 * The county's records for the quote form: asked once the address (and its ZIP) is typed (`askRecords` on
 * blur), they pre-select the size until the customer picks one themselves (`sizePicked`).
 */
export function useLotRecords(form: UseFormReturn<QuoteRequestInput, unknown, QuoteRequest>) {
  const [target, setTarget] = useState<{ address: string; zipCode: string } | null>(null);
  const lot = useLotLookup(target);
  const sizePicked = useRef(false);
  const askRecords = () => {
    const address = form.getValues("address").trim();
    const zipCode = zipInAddress(address) ?? (form.getValues("zipCode") ?? "").trim();
    if (address.length >= 5 && address.length <= 200 && /^\d{5}$/.test(zipCode))
      setTarget({ address, zipCode });
  };
  const found = lot.data?.lot ?? null;
  useEffect(() => {
    if (!found || sizePicked.current) return;
    form.setValue("sizeTier", found.tier ?? "large");
  }, [found, form]);
  return { askRecords, found, sizePicked };
}
