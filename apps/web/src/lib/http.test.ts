import { sessionUser } from '@school/contract/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpResponse, http } from 'msw';
import { requests, server } from '../test/server';
import { jsonResponse, listResponse } from '../test/utils';
import { requestPage } from './page';
import {
  HttpError,
  isErrorBody,
  NetworkError,
  readCookie,
  request,
  setUnauthorizedHandler,
  TimeoutError,
} from './http';

function clearCookies() {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

/** Every request, whatever its address, gets `answer()`. */
function answerAll(answer: () => Response | Promise<Response>) {
  server.use(http.all('*', answer));
}

function sentHeaders(call = 0): Headers {
  return requests.all()[call]?.headers ?? new Headers();
}

/** The server never answers; the request ends when the client gives up (aborts). */
const neverAnswers = () => answerAll(() => new Promise<never>(() => undefined));

beforeEach(clearCookies);
afterEach(() => {
  vi.unstubAllGlobals();
  clearCookies();
});

describe('XSRF header', () => {
  it('sends the current XSRF-TOKEN cookie on every mutating request', async () => {
    answerAll(() => jsonResponse(204));
    document.cookie = 'XSRF-TOKEN=first%2Btoken; path=/';
    await request('/api/logout', { method: 'POST' });
    // The server rotates the cookie: the next call must read the new value, not a cached one.
    document.cookie = 'XSRF-TOKEN=second; path=/';
    await request('/api/sessions/4', { method: 'DELETE' });
    await request('/api/x', { method: 'PUT', body: {} });
    await request('/api/x', { method: 'PATCH', body: {} });

    expect(sentHeaders(0).get('X-XSRF-TOKEN')).toBe('first+token');
    expect(sentHeaders(1).get('X-XSRF-TOKEN')).toBe('second');
    expect(sentHeaders(2).get('X-XSRF-TOKEN')).toBe('second');
    expect(sentHeaders(3).get('X-XSRF-TOKEN')).toBe('second');
  });

  it('does not send it on GET, and always sends credentials', async () => {
    answerAll(() => jsonResponse(200, []));
    document.cookie = 'XSRF-TOKEN=abc; path=/';
    await request('/api/sessions');
    expect(sentHeaders().has('X-XSRF-TOKEN')).toBe(false);
    expect(requests.all()[0]?.credentials).toBe('include');
  });

  it('reads only the cookie with that exact name', () => {
    document.cookie = 'OTHER-XSRF-TOKEN=wrong; path=/';
    document.cookie = 'XSRF-TOKEN=right; path=/';
    expect(readCookie('XSRF-TOKEN')).toBe('right');
  });
});

describe('answers', () => {
  it('sends a JSON body and parses the JSON answer with the schema', async () => {
    const user = {
      id: 7,
      imie: 'Olena',
      nazwisko: 'Shevchenko',
      login: 'olena',
      timeZone: 'UTC',
      role: 'manager',
      currency: 'PLN',
    };
    answerAll(() => jsonResponse(200, { ...user, extra: true }));
    const answer = await request('/api/authentication', {
      method: 'POST',
      body: { login: 'olena', password: 'secret' },
      schema: sessionUser,
    });
    expect(answer).toEqual(user);
    expect(requests.all()[0]?.body).toEqual({ login: 'olena', password: 'secret' });
    expect(sentHeaders().get('Content-Type')).toBe('application/json');
  });

  it('answers undefined for 204', async () => {
    answerAll(() => jsonResponse(204));
    await expect(request('/api/logout', { method: 'POST' })).resolves.toBeUndefined();
  });
});

describe('failures', () => {
  it('turns an HTTP error into HttpError with the error body', async () => {
    answerAll(() => jsonResponse(409, { error: 'linked', message: 'In use' }));
    const error = await request('/api/x/1', { method: 'DELETE' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 409, body: { error: 'linked', message: 'In use' } });
    expect(error).not.toBeInstanceOf(NetworkError);
  });

  it('keeps the status when the error body is not JSON', async () => {
    answerAll(() => new Response('<html>Oops</html>', { status: 500 }));
    const error = await request('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 500, body: null });
  });

  it('treats a gateway error without the API error body as no response', async () => {
    answerAll(() => new Response('', { status: 502 }));
    await expect(request('/api/islogin')).rejects.toBeInstanceOf(NetworkError);
  });

  it('keeps 503 from the API itself (database down) an HTTP error', async () => {
    answerAll(() => jsonResponse(503, { error: 'unavailable', message: 'Database down' }));
    const error = await request('/api/islogin').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 503 });
  });

  it('turns "no response at all" into NetworkError, not HttpError', async () => {
    answerAll(() => HttpResponse.error());
    const error = await request('/api/islogin').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).not.toBeInstanceOf(HttpError);
  });

  it('turns a server that never answers into TimeoutError', async () => {
    neverAnswers();
    await expect(request('/api/islogin', { timeoutMs: 20 })).rejects.toBeInstanceOf(TimeoutError);
  });
});

describe('the error body', () => {
  it('accepts the shape of the contract: error, message and optional fields of texts', () => {
    expect(isErrorBody({ error: 'linked', message: 'In use' })).toBe(true);
    expect(
      isErrorBody({ error: 'validation', message: 'Bad', fields: { name: 'is required' } }),
    ).toBe(true);
    expect(isErrorBody({ error: 'validation', message: 'Bad', fields: {} })).toBe(true);
  });

  it('refuses anything else', () => {
    for (const value of [
      null,
      'linked',
      [],
      {},
      { error: 'linked' },
      { message: 'In use' },
      { error: 404, message: 'Not found' },
      { error: 'linked', message: null },
      { error: 'validation', message: 'Bad', fields: { name: 1 } },
      { error: 'validation', message: 'Bad', fields: ['is required'] },
      { error: 'validation', message: 'Bad', fields: null },
    ]) {
      expect(isErrorBody(value), JSON.stringify(value)).toBe(false);
    }
  });

  it('keeps only its known fields on the HttpError, and no body when the shape differs', async () => {
    answerAll(() =>
      jsonResponse(400, { error: 'validation', message: 'Bad', fields: { a: 'x' }, extra: 1 }),
    );
    const error = await request('/api/x', { method: 'POST' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).body).toEqual({
      error: 'validation',
      message: 'Bad',
      fields: { a: 'x' },
    });

    answerAll(() => jsonResponse(400, { error: 'validation', message: 7 }));
    const other = await request('/api/x', { method: 'POST' }).catch((e: unknown) => e);
    expect(other).toMatchObject({ status: 400, body: null });
  });
});

describe('a schema imported on demand', () => {
  const user = {
    id: 1,
    imie: 'Olena',
    nazwisko: 'K',
    login: 'olena',
    timeZone: 'UTC',
    role: 'manager',
    currency: 'PLN',
  };

  it('starts the import with the request and parses the answer with what it brings', async () => {
    answerAll(() => jsonResponse(200, { ...user, extra: true }));
    const load = vi.fn(() => Promise.resolve(sessionUser));
    const answer = request('/api/islogin', { schema: load });
    // Called at once: the schema's code downloads while the request is on its way.
    expect(load).toHaveBeenCalledTimes(1);
    await expect(answer).resolves.toEqual(user);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('refuses an answer of another shape, as a schema passed directly does', async () => {
    answerAll(() => jsonResponse(200, { id: 'one' }));
    await expect(
      request('/api/islogin', { schema: () => Promise.resolve(sessionUser) }),
    ).rejects.toThrow();
  });

  it('reports the failed request, not the import, when both fail', async () => {
    answerAll(() => jsonResponse(401, { error: 'unauthorized', message: 'Log in' }));
    const error = await request('/api/islogin', {
      authRedirect: false,
      schema: () => Promise.reject(new Error('chunk failed to load')),
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 401 });
  });

  it('reports a failed import when the answer needs it', async () => {
    answerAll(() => jsonResponse(200, user));
    await expect(
      request('/api/islogin', { schema: () => Promise.reject(new Error('chunk failed to load')) }),
    ).rejects.toThrow('chunk failed to load');
  });

  it('parses the rows of a list page too', async () => {
    answerAll(() => listResponse([user], 1));
    const page = await requestPage('/api/users', {
      schema: () => Promise.resolve(sessionUser.array()),
    });
    expect(page).toEqual({ items: [user], total: 1 });
  });
});

describe('401 handling (docs/api.md, Error catalogue)', () => {
  it('marks the user logged out on a 401 from an ordinary call', async () => {
    const handler = vi.fn();
    const unregister = setUnauthorizedHandler(handler);
    answerAll(() => jsonResponse(401, { error: 'unauthorized', message: 'Log in' }));
    await expect(request('/api/sessions')).rejects.toMatchObject({ status: 401 });
    expect(handler).toHaveBeenCalledTimes(1);
    unregister();
  });

  it('leaves the session alone when 401 is an expected answer (the login itself)', async () => {
    const handler = vi.fn();
    const unregister = setUnauthorizedHandler(handler);
    answerAll(() => jsonResponse(401, { error: 'unauthorized', message: 'Wrong' }));
    await expect(
      request('/api/authentication', { method: 'POST', body: {}, authRedirect: false }),
    ).rejects.toMatchObject({ status: 401 });
    expect(handler).not.toHaveBeenCalled();
    unregister();
  });

  it('does not treat 403 as logged out', async () => {
    const handler = vi.fn();
    const unregister = setUnauthorizedHandler(handler);
    answerAll(() => jsonResponse(403, { error: 'xsrf', message: 'Missing token' }));
    await expect(request('/api/logout', { method: 'POST' })).rejects.toMatchObject({
      status: 403,
    });
    expect(handler).not.toHaveBeenCalled();
    unregister();
  });
});

describe('lists', () => {
  it('reads the rows and the X-Total-Count header', async () => {
    answerAll(() => listResponse([{ id: 1 }, { id: 2 }], 230));
    const page = await requestPage('/api/users?limit=2', {
      schema: { parse: (data: unknown) => data as { id: number }[] },
    });
    expect(page).toEqual({ items: [{ id: 1 }, { id: 2 }], total: 230 });
  });

  it('reads a total that stopped at a cap (X-Total-Count-Capped)', async () => {
    answerAll(
      () =>
        new Response('[]', {
          headers: { 'X-Total-Count': '10000', 'X-Total-Count-Capped': '1' },
        }),
    );
    const page = await requestPage('/api/x', { schema: { parse: () => [] } });
    expect(page).toEqual({ items: [], total: 10000, capped: true });
  });

  it('says the total is unknown when the header is missing', async () => {
    answerAll(() => jsonResponse(200, []));
    const page = await requestPage('/api/x', { schema: { parse: () => [] } });
    expect(page.total).toBeNull();
  });
});

describe('time-out (docs/interface.md, Form status)', () => {
  afterEach(() => window.localStorage.clear());

  it('reads the limit from localStorage requestTimeoutMs on every request', async () => {
    neverAnswers();
    window.localStorage.setItem('requestTimeoutMs', '30');
    const started = Date.now();
    await expect(request('/api/users')).rejects.toBeInstanceOf(TimeoutError);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('ignores a value that is not a positive number', async () => {
    window.localStorage.setItem('requestTimeoutMs', 'soon');
    const { requestTimeoutMs } = await import('./requestTimeout');
    expect(requestTimeoutMs()).toBe(30_000);
    window.localStorage.setItem('requestTimeoutMs', '1500');
    expect(requestTimeoutMs()).toBe(1500);
  });
});
