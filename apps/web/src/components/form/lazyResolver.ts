import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A react-hook-form resolver whose code is imported on the first validation: a form on a
 * screen of the first download (the login) validates with zod without zod being part of that
 * download (docs/quality.md). `load` builds the real resolver, e.g. zodResolver(schema) after
 * importing both; a failed import is tried again on the next validation.
 */
export function lazyResolver<
  TFieldValues extends FieldValues,
  TContext = unknown,
  TTransformedValues = TFieldValues,
>(
  load: () => Promise<Resolver<TFieldValues, TContext, TTransformedValues>>,
): Resolver<TFieldValues, TContext, TTransformedValues> {
  let loading: Promise<Resolver<TFieldValues, TContext, TTransformedValues>> | undefined;
  return async (values, context, options) => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    const resolver = await loading;
    return resolver(values, context, options);
  };
}
