import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * React.lazy for a module with named exports (the code base has no default exports): each
 * screen becomes its own chunk, which keeps the initial download small (DESIGN §4).
 */
export function lazyNamed<P extends object, K extends string>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => ({ default: (await load())[name] }));
}
