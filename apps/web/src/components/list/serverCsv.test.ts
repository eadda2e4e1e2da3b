import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError, NetworkError, TimeoutError } from '../../lib/http';
import { HttpResponse, http } from 'msw';
import { requests, server } from '../../test/server';
import { jsonResponse } from '../../test/utils';
import { exportFailureMessage, fetchServerCsv } from './serverCsv';

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('fetchServerCsv', () => {
  it('reads the file with the session cookie and drops the byte order mark', async () => {
    server.use(http.get('/api/x.csv', () => new Response('\uFEFFname\r\nAnna\r\n')));
    const onUnauthorized = vi.fn();
    expect(await fetchServerCsv('/api/x.csv?stage=2', onUnauthorized)).toBe('name\r\nAnna\r\n');
    expect(
      requests.all().map(({ url, credentials }) => [url.pathname + url.search, credentials]),
    ).toEqual([['/api/x.csv?stage=2', 'include']]);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('turns a refusal into the HttpError of the API body; 401 ends the session', async () => {
    server.use(
      http.get('/api/x.csv', () => jsonResponse(401, { error: 'unauthorized', message: 'Log in' })),
    );
    const onUnauthorized = vi.fn();
    const error: unknown = await fetchServerCsv('/api/x.csv', onUnauthorized).catch((e) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).body?.error).toBe('unauthorized');
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('tells no answer apart from a late one', async () => {
    server.use(http.get('/api/x.csv', () => HttpResponse.error(), { once: true }));
    await expect(fetchServerCsv('/api/x.csv', vi.fn())).rejects.toBeInstanceOf(NetworkError);

    window.localStorage.setItem('requestTimeoutMs', '20');
    server.use(http.get('/api/x.csv', () => new Promise<never>(() => undefined)));
    await expect(fetchServerCsv('/api/x.csv', vi.fn())).rejects.toBeInstanceOf(TimeoutError);
  });
});

describe('exportFailureMessage', () => {
  it('says what the error catalogue says for each failure, and nothing on 401', () => {
    expect(exportFailureMessage(new TimeoutError())).toBe('messages.timeout');
    expect(exportFailureMessage(new HttpError(403, null))).toBe('messages.forbidden');
    expect(exportFailureMessage(new HttpError(401, null))).toBeNull();
    expect(exportFailureMessage(new HttpError(500, null))).toBe('messages.error');
    expect(exportFailureMessage(new NetworkError(new Error('down')))).toBe('messages.error');
  });
});
