import { lazy, Suspense } from 'react';
import { LoadingState } from '../LoadingState';
import type { EntityFormProps } from './EntityForm';

const Loaded = lazy(() =>
  import('./EntityForm').then((module) => ({ default: module.EntityForm })),
);

/**
 * The entity form, downloaded when a form first shows (a create or edit panel opens), not with
 * the screen that holds it: the first screen's download carries no form (docs/quality.md, First
 * screen of a returning user). A spinner stands in while it loads.
 */
export function EntityForm(props: EntityFormProps) {
  return (
    <Suspense fallback={<LoadingState />}>
      <Loaded {...props} />
    </Suspense>
  );
}
