import { useSyncExternalStore } from "react";

export type ToastVariant = "default" | "success" | "destructive";

export interface ToastItem {
  id: number;
  title: string;
  description?: string | undefined;
  variant: ToastVariant;
  open: boolean;
}

/** The spec's toast settings: one visible at a time, 5 seconds, swipe 50 px to dismiss, F8 focuses the region. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD = 50;
export const TOAST_HOTKEY = ["F8"];

let toasts: ToastItem[] = [];
let nextId = 1;
const subscribers = new Set<() => void>();

function emit() {
  for (const subscriber of subscribers) subscriber();
}

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

export function toast(input: ToastInput): number {
  const id = nextId++;
  toasts = [
    {
      id,
      title: input.title,
      description: input.description,
      variant: input.variant ?? "default",
      open: true,
    },
    ...toasts,
  ].slice(0, TOAST_LIMIT);
  emit();
  return id;
}

export function dismissToast(id: number) {
  toasts = toasts.map((item) => (item.id === id ? { ...item, open: false } : item));
  emit();
  // Keep the closing toast long enough for its exit animation, then drop it.
  setTimeout(() => {
    toasts = toasts.filter((item) => item.id !== id);
    emit();
  }, 300);
}

/** Closes every open toast: a flow's next step should not sit under the last step's message. */
export function dismissAllToasts() {
  for (const item of toasts) if (item.open) dismissToast(item.id);
}

function subscribe(callback: () => void) {
  subscribers.add(callback);
  return () => subscribers.delete(callback);
}

const empty: ToastItem[] = [];

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(
    subscribe,
    () => toasts,
    () => empty,
  );
}
