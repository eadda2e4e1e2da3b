import { useSyncExternalStore } from 'react';

/** A question asked in the app's own dialog instead of window.confirm. */
export interface ConfirmRequest {
  /** The dialog's name ("Delete client Olena Koval?"). */
  title: string;
  message: string;
  confirmLabel: string;
}

interface Pending extends ConfirmRequest {
  answer: (yes: boolean) => void;
}

let pending: Pending | null = null;
const listeners = new Set<() => void>();

function set(next: Pending | null) {
  pending = next;
  for (const listener of listeners) listener();
}

/** Resolves true when the user confirms, false on Cancel, Escape or a newer question. */
export function askConfirm(request: ConfirmRequest): Promise<boolean> {
  pending?.answer(false);
  return new Promise((resolve) => {
    const answer = (yes: boolean) => {
      set(null);
      resolve(yes);
    };
    set({ ...request, answer });
  });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function usePendingConfirm(): Pending | null {
  return useSyncExternalStore(subscribe, () => pending);
}
