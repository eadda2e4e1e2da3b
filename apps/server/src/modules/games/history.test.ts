import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '@school/contract/audit';
import type { GameSet, GridCard, SetCard } from '@school/contract/games';
import { api } from '@school/contract/paths';
import { setupApp, type Agent, type AppFixture } from '../../../test/helper.js';

/** docs/history.md: the teaching material's writes, under the games' entity names. */

let t: AppFixture;
let agent: Agent;

beforeAll(async () => {
  t = await setupApp();
  agent = t.agent;
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  agent.request({ method, url, payload });
const historyOf = async (url: string) => {
  const res = await call('GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AuditEntry[]>();
};

describe('history of the teaching material', () => {
  it('records a game set, its cards and their new order', async () => {
    const game = (await call('POST', '/api/grid', { name: 'Colours', type: 1 })).json<GameSet>();
    const cards: GridCard[] = [];
    for (const value of ['red', 'green']) {
      cards.push((await call('POST', '/api/gridcard', { grid: game.id, value })).json<GridCard>());
    }
    const renamed = await call('PUT', `/api/grid/${game.id}`, { name: 'Colours 2' });
    expect(renamed.statusCode).toBe(200);
    const [a, b] = cards as [GridCard, GridCard];
    const ordered = await call('POST', `/api/grid/${game.id}/order`, { ids: [b.id, a.id] });
    expect(ordered.statusCode).toBe(200);

    const gameHistory = await historyOf(api.recordHistory('grids', game.id));
    expect(gameHistory.map((e) => [e.action, e.entity])).toEqual([
      ['update', 'grids'],
      ['create', 'grids'],
    ]);
    expect(gameHistory[0]!.changes).toEqual({ name: ['Colours', 'Colours 2'] });
    const cardHistory = await historyOf(api.recordHistory('gridcards', b.id));
    expect(cardHistory.map((e) => e.action)).toEqual(['update', 'create']);
    expect(cardHistory[0]!.changes).toEqual({ order: [b.order, 0] });
  });

  it('records the cards a game set or a set takes with it when deleted', async () => {
    const game = (await call('POST', '/api/grid', { name: 'Animals', type: 1 })).json<GameSet>();
    const card = (
      await call('POST', '/api/gridcard', { grid: game.id, value: 'cat', answer: 'kot' })
    ).json<GridCard>();
    expect((await call('DELETE', `/api/grid/${game.id}`)).statusCode).toBe(204);
    const [gone] = await historyOf(api.recordHistory('gridcards', card.id));
    expect(gone).toMatchObject({
      action: 'delete',
      entity: 'gridcards',
      changes: { id: card.id, gridId: game.id, value: 'cat', answer: 'kot', order: card.order },
    });
    const [gameGone] = await historyOf(api.recordHistory('grids', game.id));
    expect(gameGone).toMatchObject({ action: 'delete', requestId: gone!.requestId });

    const other = (await call('POST', '/api/grid', { name: 'Plants', type: 1 })).json<GameSet>();
    const set = (await call('POST', '/api/set', { name: 'Friday' })).json<{ id: number }>();
    const inSet = (
      await call('POST', '/api/setcard', { set: set.id, grid: other.id })
    ).json<SetCard>();
    expect((await call('DELETE', `/api/set/${set.id}`)).statusCode).toBe(204);
    const [setCardGone] = await historyOf(api.recordHistory('setcards', inSet.id));
    expect(setCardGone).toMatchObject({
      action: 'delete',
      changes: { id: inSet.id, setId: set.id, gridId: other.id, position: inSet.position },
    });
  });

  it('a refused delete leaves no entry of the cards it would have taken', async () => {
    const game = (await call('POST', '/api/grid', { name: 'Kept', type: 1 })).json<GameSet>();
    const card = (
      await call('POST', '/api/gridcard', { grid: game.id, value: 'x' })
    ).json<GridCard>();
    const set = (await call('POST', '/api/set', { name: 'Holds it' })).json<{ id: number }>();
    await call('POST', '/api/setcard', { set: set.id, grid: game.id });
    expect((await call('DELETE', `/api/grid/${game.id}`)).statusCode).toBe(409);
    expect((await call('DELETE', `/api/grid/${game.id}?dryRun=1`)).statusCode).toBe(409);
    const cardHistory = await historyOf(api.recordHistory('gridcards', card.id));
    expect(cardHistory.map((e) => e.action)).toEqual(['create']);
  });
});
