import { describe, expect, it } from 'vitest';
import { HttpError, NetworkError, TimeoutError } from '../../lib/http';
import { classifySubmitError } from './formStatus';

const http = (status: number, error = 'x', fields?: Record<string, string>) =>
  new HttpError(status, { error, message: `server says ${error}`, ...(fields ? { fields } : {}) });

describe('classifySubmitError (docs/api.md, Error catalogue)', () => {
  it('maps 403 to forbidden, a time-out to timeout, server and network failures to error', () => {
    expect(classifySubmitError(http(403, 'forbidden'))).toEqual({ status: 'forbidden' });
    expect(classifySubmitError(new TimeoutError())).toEqual({ status: 'timeout' });
    expect(classifySubmitError(http(500))).toEqual({ status: 'error' });
    expect(classifySubmitError(http(503))).toEqual({ status: 'error' });
    expect(classifySubmitError(http(404))).toEqual({ status: 'error' });
    expect(classifySubmitError(new NetworkError(new Error('down')))).toEqual({ status: 'error' });
    expect(classifySubmitError(new Error('bug'))).toEqual({ status: 'error' });
  });

  it('sends a 400 with fields back to the form, and one without fields to error', () => {
    expect(classifySubmitError(http(400, 'validation', { name: 'is required' }))).toEqual({
      status: 'none',
      fields: { name: 'is required' },
      message: null,
    });
    expect(classifySubmitError(http(400, 'validation'))).toEqual({ status: 'error' });
  });

  it('explains 409 refusals over the form', () => {
    expect(classifySubmitError(http(409, 'conflict'))).toMatchObject({
      status: 'none',
      message: { key: 'messages.conflict' },
    });
    expect(classifySubmitError(http(409, 'last_admin'))).toMatchObject({
      message: { key: 'messages.lastAdmin' },
    });
    expect(classifySubmitError(http(409, 'odd'))).toMatchObject({
      message: { text: 'server says odd' },
    });
  });
});
