import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { OkMessageAnswer } from "../../../../shared/answers";
import type {
  AddCardInput,
  CardSetupAnswer,
  CardView,
  PaymentMethodsAnswer,
} from "../../../../shared/payments";
import { apiFetch } from "../../../lib/api-client";

export function getCards(): Promise<PaymentMethodsAnswer> {
  return apiFetch<PaymentMethodsAnswer>("/api/payments/cards");
}

export function addCard(input: AddCardInput): Promise<{ card: CardView; message: string }> {
  return apiFetch("/api/payments/cards", { method: "POST", json: input });
}

export function makeDefaultCard(cardId: string): Promise<{ card: CardView; message: string }> {
  return apiFetch(`/api/payments/cards/${encodeURIComponent(cardId)}/default`, { method: "POST", json: {} });
}

export function removeCard(cardId: string): Promise<OkMessageAnswer> {
  return apiFetch(`/api/payments/cards/${encodeURIComponent(cardId)}`, { method: "DELETE" });
}

export const cardsQueryOptions = queryOptions({ queryKey: ["payments", "cards"], queryFn: getCards });

/** The signed-in customer's saved cards, the default first. */
export function useCards(enabled = true) {
  return useQuery({ ...cardsQueryOptions, enabled });
}

function useCardChange<TInput, TAnswer>(mutationFn: (input: TInput) => Promise<TAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: cardsQueryOptions.queryKey }),
  });
}

/**
 * A card just saved is the default (the server makes the newest card the default) and first in the list at
 * once: a screen that books with it (the approval dialog) shows it chosen before the list is read again.
 */
function useSaveCard<TInput>(mutationFn: (input: TInput) => Promise<{ card: CardView; message: string }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: ({ card }) =>
      queryClient.setQueryData(cardsQueryOptions.queryKey, (known) =>
        known
          ? {
              ...known,
              cards: [
                card,
                ...known.cards.filter((c) => c.id !== card.id).map((c) => ({ ...c, isDefault: false })),
              ],
            }
          : known,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: cardsQueryOptions.queryKey }),
  });
}

export const useAddCard = () => useSaveCard(addCard);
export const useStartCardSetup = () =>
  useMutation({
    mutationFn: () => apiFetch<CardSetupAnswer>("/api/payments/cards/setup", { method: "POST", json: {} }),
  });
export const useConfirmCard = () =>
  useSaveCard((setupIntentId: string) =>
    apiFetch<{ card: CardView; message: string }>("/api/payments/cards/confirm", {
      method: "POST",
      json: { setupIntentId },
    }),
  );
export const useMakeDefaultCard = () => useCardChange(makeDefaultCard);
export const useRemoveCard = () => useCardChange(removeCard);
