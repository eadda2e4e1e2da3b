import { beforeAll, describe, expect, it } from 'vitest';
import type { GameResult, GameSet, GameStats, GridCard } from '@school/contract/games';
import type { TimelineEntry } from '@school/contract/students';
import { setupApp, type Agent, type AppFixture } from '../../../test/helper.js';

let t: AppFixture;
let agent: Agent;
let quiz: GameSet;
let quizCards: GridCard[];
let draft: GameSet;
let setId: number;
let student: { id: number; hashCode: string };

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown) =>
  agent.request({ method, url, payload });
/** A request of the player: no cookies, no XSRF header, maybe from another site. */
const play = (method: 'GET' | 'POST', url: string, payload?: unknown, headers = {}) =>
  t.app.inject({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

/** Every object key in a JSON value, sorted. */
function keysOf(value: unknown, found = new Set<string>()): string[] {
  if (Array.isArray(value)) value.forEach((v) => keysOf(v, found));
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      found.add(key);
      keysOf(inner, found);
    }
  }
  return [...found].sort();
}

let playCounter = 0;
const playId = () => `play-${Date.now()}-${++playCounter}`;

beforeAll(async () => {
  t = await setupApp({ env: { RESULTS_PER_MINUTE: '1000' } });
  agent = t.agent;
  quiz = (await call('POST', '/api/grid', { name: 'Animals', type: 2 })).json<GameSet>();
  quizCards = [];
  for (const [value, answer] of [
    ['Says moo', 'cow'],
    ['Says woof', 'dog'],
    ['Says meow', 'cat'],
  ]) {
    quizCards.push(
      (await call('POST', '/api/gridcard', { grid: quiz.id, value, answer })).json<GridCard>(),
    );
  }
  draft = (await call('POST', '/api/grid', { name: 'Unfinished', type: 2 })).json<GameSet>();
  const set = (await call('POST', '/api/set', { name: 'Farm day' })).json<{ id: number }>();
  setId = set.id;
  await call('POST', '/api/setcard', { set: setId, grid: draft.id });
  await call('POST', '/api/setcard', { set: setId, grid: quiz.id });
  student = (await call('POST', '/api/students', { name: 'Marta', surname: 'Koval' })).json();
});

describe('public game content', () => {
  it("answers a game's content without login and nothing else", async () => {
    const res = await play('GET', `/api/public/games/${quiz.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: quiz.id,
      name: 'Animals',
      type: 2,
      cards: [
        { value: 'Says moo', answer: 'cow' },
        { value: 'Says woof', answer: 'dog' },
        { value: 'Says meow', answer: 'cat' },
      ],
    });
    // no card ids, no staff names, no times: only these keys anywhere
    expect(keysOf(res.json())).toEqual(['answer', 'cards', 'id', 'name', 'type', 'value']);
    expect(res.body).not.toMatch(/Olena|Shevchenko|20\d\d-/);
    expect(res.headers['access-control-allow-origin']).toBe('*');
  });

  it("answers a set's playable games in order, without their ids", async () => {
    const res = await play('GET', `/api/public/sets/${setId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: setId,
      name: 'Farm day',
      games: [{ name: 'Animals', type: 2, cards: expect.any(Array) }],
    });
    expect(Object.keys(res.json().games[0])).toEqual(['name', 'type', 'cards']);
  });

  it('answers 404 for a missing or unplayable game and 400 for a bad id', async () => {
    expect((await play('GET', `/api/public/games/${draft.id}`)).statusCode).toBe(404);
    expect((await play('GET', '/api/public/games/999999')).statusCode).toBe(404);
    expect((await play('GET', '/api/public/sets/999999')).statusCode).toBe(404);
    expect((await play('GET', '/api/public/games/abc')).statusCode).toBe(400);
  });

  it('is cacheable: an ETag, and 304 when the player has that version', async () => {
    const first = await play('GET', `/api/public/games/${quiz.id}`);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toContain('public');
    const again = await play('GET', `/api/public/games/${quiz.id}`, undefined, {
      'if-none-match': etag,
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // the tag without its weak mark, as some caches send it, matches too
    const strong = await play('GET', `/api/public/games/${quiz.id}`, undefined, {
      'if-none-match': etag.slice(2),
    });
    expect(strong.statusCode).toBe(304);
    // a change of the content is a new version
    await call('PUT', `/api/grid/${quiz.id}`, { name: 'Farm animals' });
    const changed = await play('GET', `/api/public/games/${quiz.id}`, undefined, {
      'if-none-match': etag,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    await call('PUT', `/api/grid/${quiz.id}`, { name: 'Animals' });
  });

  it('may be framed by any site, unlike the admin app', async () => {
    const game = await play('GET', `/api/public/games/${quiz.id}`);
    expect(game.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(game.headers['x-frame-options']).toBeUndefined();
    const page = await play('GET', '/play/quiz?id=1');
    expect(page.headers['content-security-policy']).toContain('frame-ancestors *');
    const admin = await call('GET', '/api/grid');
    expect(admin.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(admin.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});

describe('results', () => {
  const result = (extra: Record<string, unknown>) => ({
    playId: playId(),
    score: 2,
    max: 3,
    durationMs: 41_000,
    cards: [
      { card: 0, right: true },
      { card: 1, right: false },
      { card: 2, right: true },
    ],
    ...extra,
  });

  it('records a play once per playId for a valid hashCode, from any site', async () => {
    const body = result({ grid: quiz.id, hashCode: student.hashCode });
    const sent = await play('POST', '/api/public/results', body, {
      origin: 'https://school-blog.example',
    });
    expect(sent.statusCode).toBe(204);
    expect(sent.body).toBe('');
    expect((await play('POST', '/api/public/results', body)).statusCode).toBe(204);
    const rows = (await call('GET', `/api/gameresults?student=${student.id}`)).json<GameResult[]>();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      grid: quiz.id,
      set: null,
      name: 'Animals',
      student: student.id,
      studentName: 'Marta Koval',
      score: 2,
      max: 3,
      durationMs: 41_000,
      right: 2,
      wrong: 1,
    });
  });

  it('records nothing for an anonymous play or an unknown hashCode, with the same answer', async () => {
    const before = (await call('GET', `/api/gameresults?grid=${quiz.id}`)).json<unknown[]>().length;
    expect((await play('POST', '/api/public/results', result({ grid: quiz.id }))).statusCode).toBe(
      204,
    );
    const unknown = result({ grid: quiz.id, hashCode: 'nobodys-hash-code-1234' });
    expect((await play('POST', '/api/public/results', unknown)).statusCode).toBe(204);
    const after = (await call('GET', `/api/gameresults?grid=${quiz.id}`)).json<unknown[]>().length;
    expect(after).toBe(before);
  });

  it('records a set play and counts its cards for the game set', async () => {
    // the set plays only its playable game: game 0 is the quiz
    const body = result({
      set: setId,
      hashCode: student.hashCode,
      cards: [
        { game: 0, card: 1, right: false },
        { game: 0, card: 0, right: true },
        { game: 3, card: 0, right: false },
      ],
    });
    expect((await play('POST', '/api/public/results', body)).statusCode).toBe(204);
    const bySet = (await call('GET', `/api/gameresults?set=${setId}`)).json<GameResult[]>();
    expect(bySet).toHaveLength(1);
    expect(bySet[0]).toMatchObject({ name: 'Farm day', right: 1, wrong: 1 });

    const stats = (await call('GET', `/api/grid/${quiz.id}/stats`)).json<GameStats>();
    expect(stats).toMatchObject({ plays: 2, students: 1 });
    expect(stats.missed[0]).toMatchObject({ card: quizCards[1]!.id, value: 'Says woof', wrong: 2 });
    expect((await call('GET', '/api/grid/999999/stats')).statusCode).toBe(404);

    const timeline = (await call('GET', `/api/students/${student.id}/timeline`)).json<
      TimelineEntry[]
    >();
    expect(timeline.filter((e) => e.kind === 'game').map((e) => e.title)).toEqual([
      'Farm day',
      'Animals',
    ]);

    // a game set or set with results is not deleted
    expect((await call('DELETE', `/api/set/${setId}`)).statusCode).toBe(409);
    const quizSetCard = (await call('GET', `/api/setcard?set=${setId}`))
      .json<{ id: number; grid: number }[]>()
      .find((c) => c.grid === quiz.id);
    await call('DELETE', `/api/setcard/${quizSetCard?.id ?? 0}`);
    const linked = await call('DELETE', `/api/grid/${quiz.id}`);
    expect(linked.statusCode).toBe(409);
    expect(linked.json().error).toBe('linked');
    await call('POST', '/api/setcard', { set: setId, grid: quiz.id });
  });

  it('lets a player on another site send results (CORS preflight)', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/public/results',
      headers: {
        origin: 'https://school-blog.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-headers']).toContain('content-type');
  });

  it('refuses bad results naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [result({}), 'grid'],
      [result({ grid: quiz.id, set: setId }), 'grid'],
      [result({ grid: quiz.id, score: 4 }), 'score'],
      [result({ grid: quiz.id, playId: 'short' }), 'playId'],
      [result({ grid: quiz.id, durationMs: -1 }), 'durationMs'],
      [result({ grid: quiz.id, hashCode: 'not a hash!' }), 'hashCode'],
      [result({ grid: quiz.id, cards: [{ card: 'x', right: true }] }), 'cards'],
    ];
    for (const [body, field] of cases) {
      const res = await play('POST', '/api/public/results', body);
      expect(res.statusCode, field).toBe(400);
      expect(Object.keys(res.json().fields).join(), field).toContain(field);
    }
    const missing = await play('POST', '/api/public/results', result({ grid: 999999 }));
    expect(missing.statusCode).toBe(404);
  });

  it('lists results only for staff, and refuses bad filters', async () => {
    expect((await play('GET', '/api/gameresults')).statusCode).toBe(401);
    expect((await call('GET', '/api/gameresults?student=abc')).statusCode).toBe(400);
  });
});

describe('rate limits', () => {
  it('answers 429 past the results limit of an address', async () => {
    const limited = await setupApp({ env: { RESULTS_PER_MINUTE: '2' } });
    const send = () =>
      limited.app.inject({
        method: 'POST',
        url: '/api/public/results',
        payload: { grid: 999999, playId: playId(), score: 0, max: 1, durationMs: 1 },
      });
    await send();
    await send();
    const third = await send();
    expect(third.statusCode).toBe(429);
    expect(third.json().error).toBe('too_many_attempts');
  });
});
