import { useSyncExternalStore } from 'react';

/**
 * A module-level value the feedback hosts read (the confirmation asked, the notices, the
 * changes waiting for Undo): `set` replaces it and tells every subscribed component, `use` is
 * the hook that reads it.
 */
export function moduleStore<T>(initial: T) {
  let value = initial;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
  const get = () => value;
  return {
    get,
    set(next: T) {
      value = next;
      for (const listener of listeners) listener();
    },
    use: (): T => useSyncExternalStore(subscribe, get),
  };
}
