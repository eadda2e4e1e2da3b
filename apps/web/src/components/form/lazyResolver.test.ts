import { zodResolver } from '@hookform/resolvers/zod';
import type { ResolverOptions } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { lazyResolver } from './lazyResolver';

const form = z.object({ login: z.string().min(1, 'is required') });
type Form = z.infer<typeof form>;
const options: ResolverOptions<Form> = { fields: {}, shouldUseNativeValidation: false };

describe('lazyResolver', () => {
  it('imports nothing until the first validation, then validates with what it loaded', async () => {
    const load = vi.fn(() => Promise.resolve(zodResolver(form)));
    const resolver = lazyResolver<Form>(load);
    expect(load).not.toHaveBeenCalled();

    const refused = await resolver({ login: '' }, undefined, options);
    expect(refused.errors.login?.message).toBe('is required');
    const accepted = await resolver({ login: 'olena' }, undefined, options);
    expect(accepted).toEqual({ values: { login: 'olena' }, errors: {} });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads once when validations overlap', async () => {
    const load = vi.fn(() => Promise.resolve(zodResolver(form)));
    const resolver = lazyResolver<Form>(load);
    await Promise.all([
      resolver({ login: 'a' }, undefined, options),
      resolver({ login: 'b' }, undefined, options),
    ]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries the import again on the next validation after a failed one', async () => {
    const load = vi
      .fn<() => Promise<ReturnType<typeof zodResolver<Form, unknown, Form>>>>()
      .mockRejectedValueOnce(new Error('chunk failed to load'))
      .mockResolvedValue(zodResolver(form));
    const resolver = lazyResolver<Form>(load);
    await expect(resolver({ login: 'olena' }, undefined, options)).rejects.toThrow(
      'chunk failed to load',
    );
    await expect(resolver({ login: 'olena' }, undefined, options)).resolves.toEqual({
      values: { login: 'olena' },
      errors: {},
    });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
