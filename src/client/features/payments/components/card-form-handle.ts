import type { Ref } from "react";
import type { CardView } from "../../../../shared/payments";

/** What saving the typed card came to: the saved card and the server's word, or why it was not saved. */
export type CardSaveResult = { card: CardView; message: string } | { card: null; message: string };

/** How the owner of an embedded card form saves the card when its own action runs. */
export interface CardFormHandle {
  /** Checks and saves the card; a field's problem also shows under that field, with focus on it. */
  save(): Promise<CardSaveResult>;
}

/**
 * The card form inside another form's action (the approval's 'Approve & book' saves the card and books in
 * one press): no button of its own, the card saved through `handle`, and Enter in a field runs the owner's
 * action (`onSubmit`). The owner shows why a card was not saved, above the form.
 */
export interface EmbeddedCardForm {
  handle: Ref<CardFormHandle>;
  onSubmit: () => void;
}

/**
 * Says a card form's own problem ("check the fields") when it has no server message to give; the owner shows
 * it above the form (the field itself is marked, with focus on it).
 */
export const checkCardFields = "A card detail needs fixing. Check the fields marked below.";
