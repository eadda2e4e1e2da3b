import { beforeAll, describe, expect, it } from 'vitest';
import { setupApp, type Agent, type TestApp } from '../../test/helper.js';

let t: TestApp;
let agent: Agent;

beforeAll(async () => {
  ({ agent, ...t } = await setupApp({ admin: true }));
});

const requestLines = (from: number) =>
  t.logs
    .slice(from)
    .map((l) => JSON.parse(l) as Record<string, unknown>)
    .filter((l) => l.req !== undefined);

describe('the request log (docs/operations.md, Logs)', () => {
  it('writes one line per request, once answered, with its status and time and no secret', async () => {
    const from = t.logs.length;
    const res = await agent.request({ method: 'GET', url: '/api/clients?limit=1' });
    expect(res.statusCode).toBe(200);
    const missing = await agent.request({ method: 'GET', url: '/api/no-such-thing' });
    expect(missing.statusCode).toBe(404);
    const lines = requestLines(from);
    expect(lines).toEqual([
      expect.objectContaining({
        msg: 'request completed',
        req: expect.objectContaining({
          method: 'GET',
          url: '/api/clients?limit=1',
          remoteAddress: '127.0.0.1',
        }),
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
      }),
      expect.objectContaining({ res: { statusCode: 404 } }),
    ]);
    const written = t.logs.slice(from).join('');
    expect(written).not.toMatch(/cookie|sid=|xsrf/i);
  });
});
