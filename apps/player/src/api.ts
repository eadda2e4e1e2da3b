import type { CardText } from '@school/contract/game-rules';
import type { LearnerPage } from '@school/contract/learner';

/** What the player reads (the public API's answers: apps/server public.routes.ts). */
export interface Game {
  name: string;
  type: number;
  cards: CardText[];
}
export interface Playlist {
  id: number;
  name: string;
  games: Game[];
}

export class NotFound extends Error {}

const API = '/api/public';

async function read<T>(path: string): Promise<T> {
  const res = await fetch(`${API}${path}`, { headers: { accept: 'application/json' } });
  if (res.status === 404 || res.status === 400) throw new NotFound(path);
  if (!res.ok) throw new Error(`${res.status}`);
  return (await res.json()) as T;
}

/** A game set alone is a playlist of one game; a set plays its games in order. */
export async function loadGame(id: number): Promise<Playlist> {
  const game = await read<Game & { id: number }>(`/games/${id}`);
  return { id: game.id, name: game.name, games: [game] };
}
export const loadSet = (id: number) => read<Playlist>(`/sets/${id}`);

export interface PlayResult {
  grid?: number;
  set?: number;
  hashCode: string;
  playId: string;
  score: number;
  max: number;
  durationMs: number;
  cards: { game: number; card: number; right: boolean }[];
}

/** Sends a play's result; true when the server took it. */
export async function sendResult(result: PlayResult): Promise<boolean> {
  try {
    const res = await fetch(`${API}/results`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(result),
      keepalive: true,
    });
    return res.ok;
  } catch {
    return false;
  }
}

/** The learner's own page by their hashCode (docs/learner-page.md); NotFound for any 404. */
export const loadLearnerPage = (hashCode: string) =>
  read<LearnerPage>(`/students/${encodeURIComponent(hashCode)}`);
