import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { queuePool } from './queue-pool.js';

/** What the database answers, in order: an error object (thrown) or a value. */
type Answer = { code: string } | string;

/** A stand-in for pg's pool: each connection answers from `answers`, and says how it ended. */
function fakePool(connects: Answer[], answers: Answer[]) {
  const released: string[] = [];
  let made = 0;
  const pool = {
    options: { max: 10 },
    async connect() {
      const next = connects.shift();
      if (next && typeof next !== 'string') throw Object.assign(new Error(next.code), next);
      const name = `connection ${++made}`;
      return {
        name,
        async query(text: string) {
          const answer = answers.shift();
          if (answer === undefined) throw new Error(`no answer for ${text}`);
          if (typeof answer !== 'string') throw Object.assign(new Error(answer.code), answer);
          return { rows: [{ answer, on: name }] };
        },
        release(err?: unknown) {
          released.push(`${name}${err ? ' (dropped)' : ''}`);
        },
      };
    },
  };
  return { pool: pool as unknown as pg.Pool, released };
}

type Client = pg.PoolClient & { name: string };

describe('the job queue’s pool (ADR 034)', () => {
  it('waits for a connection while the database refuses them', async () => {
    const { pool } = fakePool([{ code: 'ECONNREFUSED' }, { code: '57P03' }], ['ok']);
    const client = await queuePool(pool, () => false).connect();
    expect((await client.query('delete from jobs')).rows).toEqual([
      { answer: 'ok', on: 'connection 1' },
    ]);
  });

  it('sends a first statement again on a new connection when its own was ended', async () => {
    const { pool, released } = fakePool([], [{ code: '57P01' }, 'ok', 'second']);
    const client = (await queuePool(pool, () => false).connect()) as Client;
    expect((await client.query('delete from jobs')).rows).toEqual([
      { answer: 'ok', on: 'connection 2' },
    ]);
    // later statements and the release go to the new connection
    expect((await client.query('select 1')).rows).toEqual([
      { answer: 'second', on: 'connection 2' },
    ]);
    expect(client.name).toBe('connection 2');
    client.release();
    expect(released).toEqual(['connection 1 (dropped)', 'connection 2']);
  });

  it('never sends a later statement again, nor one refused for another reason', async () => {
    const { pool } = fakePool(
      [],
      ['begun', { code: '57P01' }, { code: '23505' }, { code: '57014' }],
    );
    const queue = queuePool(pool, () => false);
    const client = await queue.connect();
    await client.query('begin');
    await expect(client.query('update jobs')).rejects.toMatchObject({ code: '57P01' });
    const other = await queue.connect();
    await expect(other.query('insert into jobs')).rejects.toMatchObject({ code: '23505' });
    // a statement cancelled by its time limit would only be cancelled again
    const third = await queue.connect();
    await expect(third.query('select jobs')).rejects.toMatchObject({ code: '57014' });
  });

  it('waits no more once the queue stops', async () => {
    let stopped = false;
    const { pool, released } = fakePool([], [{ code: '57P01' }]);
    const queue = queuePool(pool, () => stopped);
    const client = await queue.connect();
    stopped = true;
    await expect(client.query('delete from jobs')).rejects.toMatchObject({ code: '57P01' });
    client.release();
    expect(released).toEqual(['connection 1']);
    const refusing = fakePool([{ code: 'ECONNREFUSED' }], []);
    await expect(queuePool(refusing.pool, () => true).connect()).rejects.toMatchObject({
      code: 'ECONNREFUSED',
    });
  });
});
