import { moduleStore } from './store';

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

const pending = moduleStore<Pending | null>(null);
const set = pending.set;

/** Resolves true when the user confirms, false on Cancel, Escape or a newer question. */
export function askConfirm(request: ConfirmRequest): Promise<boolean> {
  pending.get()?.answer(false);
  return new Promise((resolve) => {
    const answer = (yes: boolean) => {
      set(null);
      resolve(yes);
    };
    set({ ...request, answer });
  });
}

export function usePendingConfirm(): Pending | null {
  return pending.use();
}
