import { addDaysIso } from "../../../../shared/dates";
import {
  type FirmPrice,
  type GrassHeight,
  isSizeTier,
  PRICE_HOLD_DAYS,
  priceQuote,
  type SizeAnswer,
} from "../../../../shared/pricing";
import type { Frequency } from "../../../../shared/recurring";
import type { ServiceId } from "../../../../shared/services";
import { useRateCard } from "../../pricing";
import { useToday } from "./use-today";

/**
 * The firm price of the answers so far, priced in the browser with the card in force (the same module the
 * server prices with on sending; it never takes a price from here). Null without a size tier or a service.
 */
export function useFirmPrice(answers: {
  services: readonly ServiceId[];
  sizeTier: SizeAnswer;
  frequency: Frequency;
  grassHeight: GrassHeight;
}) {
  const today = useToday();
  const card = useRateCard().data?.card;
  const { services, sizeTier, frequency, grassHeight } = answers;
  const price: FirmPrice | null =
    card && today && isSizeTier(sizeTier) && services.length > 0
      ? {
          ...priceQuote({ services, tier: sizeTier, frequency, grassHeight }, card),
          heldUntil: addDaysIso(today, PRICE_HOLD_DAYS),
        }
      : null;
  return { price, card };
}
