import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export type PreloadableComponent<P extends object> = LazyExoticComponent<ComponentType<P>> & {
  /** Starts downloading the chunk now, before the component renders (and then suspends). */
  preload: () => Promise<unknown>;
};

/**
 * React.lazy for a module with named exports (the code base has no default exports): each
 * screen becomes its own chunk, which keeps the initial download small (docs/quality.md).
 */
export function lazyNamed<P extends object, K extends string>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
): PreloadableComponent<P> {
  let loading: Promise<Record<K, ComponentType<P>>> | undefined;
  const preload = () => (loading ??= load());
  const component = lazy(async () => ({ default: (await preload())[name] }));
  return Object.assign(component, { preload });
}
