import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError, NetworkError, TimeoutError } from '../../lib/http';
import { jsonResponse } from '../../test/utils';
import { exportFailureMessage, fetchServerCsv } from './serverCsv';

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('fetchServerCsv', () => {
  it('reads the file with the session cookie and drops the byte order mark', async () => {
    const fetchMock = vi.fn(async () => new Response('\uFEFFname\r\nAnna\r\n'));
    vi.stubGlobal('fetch', fetchMock);
    const onUnauthorized = vi.fn();
    expect(await fetchServerCsv('/api/x.csv?stage=2', onUnauthorized)).toBe('name\r\nAnna\r\n');
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/x.csv?stage=2',
      expect.objectContaining({ credentials: 'include' }),
    );
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('turns a refusal into the HttpError of the API body; 401 ends the session', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(401, { error: 'unauthorized', message: 'Log in' })),
    );
    const onUnauthorized = vi.fn();
    const error: unknown = await fetchServerCsv('/api/x.csv', onUnauthorized).catch((e) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).body?.error).toBe('unauthorized');
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('tells no answer apart from a late one', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(fetchServerCsv('/api/x.csv', vi.fn())).rejects.toBeInstanceOf(NetworkError);

    window.localStorage.setItem('requestTimeoutMs', '20');
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) =>
            init.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
          ),
      ),
    );
    await expect(fetchServerCsv('/api/x.csv', vi.fn())).rejects.toBeInstanceOf(TimeoutError);
  });
});

describe('exportFailureMessage', () => {
  it('says what SPEC §8 says for each failure, and nothing on 401', () => {
    expect(exportFailureMessage(new TimeoutError())).toBe('messages.timeout');
    expect(exportFailureMessage(new HttpError(403, null))).toBe('messages.forbidden');
    expect(exportFailureMessage(new HttpError(401, null))).toBeNull();
    expect(exportFailureMessage(new HttpError(500, null))).toBe('messages.error');
    expect(exportFailureMessage(new NetworkError(new Error('down')))).toBe('messages.error');
  });
});
