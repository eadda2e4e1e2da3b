import { beforeAll, describe, expect, it } from 'vitest';
import type { GameSet, GridCard, GameSetList, SetCard } from '@school/contract/games';
import { setupApp, type Agent, type AppFixture } from '../../../test/helper.js';

let t: AppFixture;
let agent: Agent;

beforeAll(async () => {
  t = await setupApp({ env: { GAMES_BASE_URL: 'https://games.example/play' } });
  agent = t.agent;
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown) =>
  agent.request({ method, url, payload });

async function gameSet(name: string, type: number) {
  const res = await call('POST', '/api/grid', { name, type });
  expect(res.statusCode).toBe(201);
  return res.json<GameSet>();
}
async function card(grid: number, value: string, answer = '') {
  const res = await call('POST', '/api/gridcard', { grid, value, answer });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<GridCard>();
}

describe('game sets', () => {
  it('creates, lists by type, reads, updates and deletes a game set with its link', async () => {
    const quiz = await gameSet('Fruit quiz', 2);
    expect(quiz).toMatchObject({
      name: 'Fruit quiz',
      type: 2,
      cards: 0,
      playable: false,
      problems: ['noCards'],
      link: `https://games.example/play/quiz?id=${quiz.id}`,
      embed: `<iframe src="https://games.example/play/quiz?id=${quiz.id}" width="800" height="600" loading="lazy" title="Fruit quiz"></iframe>`,
    });
    const word = await gameSet('Words', 3);
    expect(word.link).toBe(`https://games.example/play/word?id=${word.id}`);
    const list = await call('GET', '/api/grid?type=2');
    expect(list.statusCode).toBe(200);
    expect(list.json<GameSet[]>().map((g) => g.id)).toContain(quiz.id);
    expect(list.json<GameSet[]>().map((g) => g.id)).not.toContain(word.id);
    expect(list.headers['x-total-count']).toBe(String(list.json<GameSet[]>().length));

    const updated = await call('PUT', `/api/grid/${quiz.id}`, { name: 'Fruit quiz 2' });
    expect(updated.json()).toMatchObject({ name: 'Fruit quiz 2', type: 2 });
    expect((await call('GET', `/api/grid/${quiz.id}`)).json()).toMatchObject({
      name: 'Fruit quiz 2',
    });
    expect((await call('DELETE', `/api/grid/${quiz.id}`)).statusCode).toBe(204);
    expect((await call('GET', `/api/grid/${quiz.id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/grid/${quiz.id}`)).statusCode).toBe(404);
  });

  it('refuses a bad game set naming the field', async () => {
    const noName = await call('POST', '/api/grid', { name: ' ', type: 1 });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().fields).toHaveProperty('name');
    const badType = await call('POST', '/api/grid', { name: 'X', type: 7 });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().fields).toHaveProperty('type');
    expect((await call('GET', '/api/grid?type=9')).statusCode).toBe(400);
    expect((await call('GET', '/api/grid/abc')).statusCode).toBe(400);
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/grid' });
    expect(res.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/set' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/gameresults' })).statusCode).toBe(401);
  });
});

describe('grid cards', () => {
  it('adds cards in order and reports what the game still needs', async () => {
    const quiz = await gameSet('Colours', 2);
    const first = await card(quiz.id, 'Sky?', 'blue');
    expect(first).toMatchObject({ grid: quiz.id, value: 'Sky?', answer: 'blue', order: 0 });
    expect((await call('GET', `/api/grid/${quiz.id}`)).json()).toMatchObject({
      cards: 1,
      playable: false,
      problems: ['tooFewCards'],
    });
    const second = await card(quiz.id, 'Grass?', 'blue');
    expect(second.order).toBe(1);
    expect((await call('GET', `/api/grid/${quiz.id}`)).json<GameSet>().problems).toEqual([
      'answersNotDistinct',
    ]);
    const fixed = await call('PUT', `/api/gridcard/${second.id}`, { answer: 'green' });
    expect(fixed.json()).toMatchObject({ answer: 'green', value: 'Grass?' });
    expect((await call('GET', `/api/grid/${quiz.id}`)).json()).toMatchObject({
      playable: true,
      problems: [],
    });

    // a card placed first by its order
    await call('POST', '/api/gridcard', {
      grid: quiz.id,
      value: 'Sun?',
      answer: 'yellow',
      order: 0,
    });
    const cards = (await call('GET', `/api/gridcard?grid=${quiz.id}`)).json<GridCard[]>();
    expect(cards.map((c) => c.value)).toEqual(['Sky?', 'Sun?', 'Grass?']);
    expect((await call('GET', `/api/gridcard/${first.id}`)).json()).toMatchObject({ id: first.id });
    expect((await call('DELETE', `/api/gridcard/${first.id}`)).statusCode).toBe(204);
    expect((await call('GET', `/api/gridcard/${first.id}`)).statusCode).toBe(404);
  });

  it('puts the cards of a game set in a new order at once', async () => {
    const game = await gameSet('Ordered', 1);
    const [a, b, c] = [
      await card(game.id, 'a'),
      await card(game.id, 'b'),
      await card(game.id, 'c'),
    ];
    const res = await call('POST', `/api/grid/${game.id}/order`, { ids: [c.id, a.id, b.id] });
    expect(res.statusCode).toBe(200);
    expect(res.json<GridCard[]>().map((x) => [x.value, x.order])).toEqual([
      ['c', 0],
      ['a', 1],
      ['b', 2],
    ]);
    const listed = (await call('GET', `/api/gridcard?grid=${game.id}`)).json<GridCard[]>();
    expect(listed.map((x) => x.value)).toEqual(['c', 'a', 'b']);
    const missing = await call('POST', `/api/grid/${game.id}/order`, {
      ids: [a.id, a.id, b.id],
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toHaveProperty('ids');
    const other = await gameSet('Other', 1);
    const foreign = await card(other.id, 'x');
    const mixed = await call('POST', `/api/grid/${game.id}/order`, {
      ids: [a.id, b.id, foreign.id],
    });
    expect(mixed.statusCode).toBe(400);
    expect((await call('POST', '/api/grid/999999/order', { ids: [1] })).statusCode).toBe(404);
    expect((await call('POST', `/api/grid/${game.id}/order`, {})).json().fields).toHaveProperty(
      'ids',
    );
  });

  it('checks a card against its game type, naming the field', async () => {
    const matching = await gameSet('Gaps', 4);
    const noGap = await call('POST', '/api/gridcard', {
      grid: matching.id,
      value: 'I have a cat',
      answer: 'have',
    });
    expect(noGap.statusCode).toBe(400);
    expect(noGap.json().fields).toEqual({ value: 'must contain exactly one gap ___' });
    const noWord = await call('POST', '/api/gridcard', { grid: matching.id, value: 'I ___ it' });
    expect(noWord.statusCode).toBe(400);
    expect(noWord.json().fields).toHaveProperty('answer');
    const ok = await card(matching.id, 'I ___ a cat', 'have');
    const twoGaps = await call('PUT', `/api/gridcard/${ok.id}`, { value: 'I ___ a ___' });
    expect(twoGaps.statusCode).toBe(400);

    const letters = await gameSet('Letters', 3);
    const digits = await call('POST', '/api/gridcard', { grid: letters.id, value: 'r2d2' });
    expect(digits.statusCode).toBe(400);
    expect(digits.json().fields).toHaveProperty('value');
    await card(letters.id, 'ice cream', 'a cold dessert');

    const missingGrid = await call('POST', '/api/gridcard', { grid: 999999, value: 'x' });
    expect(missingGrid.statusCode).toBe(400);
    expect(missingGrid.json().fields).toHaveProperty('grid');
    const noValue = await call('POST', '/api/gridcard', { grid: letters.id, value: '' });
    expect(noValue.json().fields).toHaveProperty('value');
    expect((await call('GET', '/api/gridcard')).json().fields).toHaveProperty('grid');
  });

  it('reports cards that a changed type cannot play', async () => {
    const game = await gameSet('Numbers', 1);
    await card(game.id, 'one', '1');
    const asWords = await call('PUT', `/api/grid/${game.id}`, { type: 4 });
    expect(asWords.json()).toMatchObject({ type: 4, playable: false, problems: ['gapCount'] });
  });
});

describe('sets', () => {
  it('plays game sets in an order that can be changed, and guards linked game sets', async () => {
    const a = await gameSet('Set game A', 1);
    await card(a.id, 'tile');
    const b = await gameSet('Set game B', 1);
    await card(b.id, 'tile');
    const created = await call('POST', '/api/set', { name: 'Monday' });
    expect(created.statusCode).toBe(201);
    const set = created.json<GameSetList>();
    expect(set).toMatchObject({
      name: 'Monday',
      games: 0,
      playable: false,
      link: `https://games.example/play/set?id=${set.id}`,
    });
    const first = (await call('POST', '/api/setcard', { set: set.id, grid: a.id })).json<SetCard>();
    const second = (
      await call('POST', '/api/setcard', { set: set.id, grid: b.id })
    ).json<SetCard>();
    expect(first).toMatchObject({ set: set.id, grid: a.id, position: 0, name: 'Set game A' });
    expect(second.position).toBe(1);
    expect((await call('GET', `/api/set/${set.id}`)).json()).toMatchObject({
      games: 2,
      playable: true,
    });

    const reordered = await call('POST', `/api/set/${set.id}/order`, {
      ids: [second.id, first.id],
    });
    expect(reordered.statusCode).toBe(200);
    expect(reordered.json<SetCard[]>().map((c) => c.grid)).toEqual([b.id, a.id]);
    const listed = (await call('GET', `/api/setcard?set=${set.id}`)).json<SetCard[]>();
    expect(listed.map((c) => [c.grid, c.name])).toEqual([
      [b.id, 'Set game B'],
      [a.id, 'Set game A'],
    ]);
    const partial = await call('POST', `/api/set/${set.id}/order`, { ids: [first.id] });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().fields).toHaveProperty('ids');
    expect((await call('POST', '/api/set/999999/order', { ids: [1] })).statusCode).toBe(404);

    // moving by position
    const moved = await call('PUT', `/api/setcard/${first.id}`, { position: -1 });
    expect(moved.statusCode).toBe(400);
    const movedOk = await call('PUT', `/api/setcard/${second.id}`, { position: 5 });
    expect(movedOk.json()).toMatchObject({ position: 5, name: 'Set game B' });
    expect((await call('GET', `/api/setcard/${second.id}`)).json()).toMatchObject({ position: 5 });

    // a game set in a set is not deleted
    const refused = await call('DELETE', `/api/grid/${a.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('linked');
    expect((await call('GET', `/api/grid/${a.id}`)).statusCode).toBe(200);

    expect((await call('DELETE', `/api/setcard/${first.id}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/grid/${a.id}`)).statusCode).toBe(204);
    const renamed = await call('PUT', `/api/set/${set.id}`, { name: 'Tuesday' });
    expect(renamed.json()).toMatchObject({ name: 'Tuesday', games: 1 });
    expect((await call('GET', '/api/set')).json<GameSetList[]>().map((s) => s.id)).toContain(
      set.id,
    );
    expect((await call('DELETE', `/api/set/${set.id}`)).statusCode).toBe(204);
    expect((await call('GET', `/api/setcard/${second.id}`)).statusCode).toBe(404);
  });

  it('refuses bad sets and set cards naming the field', async () => {
    expect((await call('POST', '/api/set', {})).json().fields).toHaveProperty('name');
    const game = await gameSet('Lonely', 1);
    const set = (await call('POST', '/api/set', { name: 'S' })).json<GameSetList>();
    const noSet = await call('POST', '/api/setcard', { set: 999999, grid: game.id });
    expect(noSet.statusCode).toBe(400);
    expect(noSet.json().fields).toHaveProperty('set');
    const noGrid = await call('POST', '/api/setcard', { set: set.id, grid: 999999 });
    expect(noGrid.json().fields).toHaveProperty('grid');
    const missing = await call('POST', '/api/setcard', { set: set.id });
    expect(missing.json().fields).toHaveProperty('grid');
    expect((await call('GET', '/api/setcard')).statusCode).toBe(400);
    const badIds = await call('POST', `/api/set/${set.id}/order`, { ids: 'x' });
    expect(badIds.json().fields).toHaveProperty('ids');
  });
});
