import {
  GAME_PAGES,
  gameLink,
  linkForStudent,
  SET_PAGE,
  type GameType,
} from '@school/contract/games';
import { isHttpUrl, type LearnerPage } from '@school/contract/learner';
import type { Db } from '../../db/client.js';
import { toGameSets, toSets } from '../games/games.shared.js';
import { settleParticipants } from '../money/money.shared.js';
import { isTimeZone, lessonAmount } from '../schedule/schedule.shared.js';
import {
  allGames,
  conversationsOf,
  dueLessonsOf,
  lastPlaysOf,
  localeOf,
  marksOf,
  nextLessonsOf,
  type LearnerStudent,
} from './learner.queries.js';
import { deepLinkOf } from './students.queries.js';

export interface LearnerOptions {
  /** the player's address: GAMES_BASE_URL, else this server's /play */
  playerBase: string;
  botUsername?: string;
  /** the school's time zone, in which lesson times are (BOT_TIMEZONE) */
  schoolZone: string;
}

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);

/**
 * The games on the learner's page: every game set and set ready to play, and every one the
 * student played (ready or not any more), each with the link that records the student's play
 * and the last score.
 */
async function gamesOf(
  db: Db,
  student: LearnerStudent,
  base: string,
): Promise<LearnerPage['games']> {
  const [{ grids, playlists }, plays] = await Promise.all([
    allGames(db),
    lastPlaysOf(db, student.id),
  ]);
  const [gameSets, setList] = await Promise.all([
    toGameSets(
      db,
      grids.map((g) => ({ ...g, createdAt: '' })),
      base,
    ),
    toSets(
      db,
      playlists.map((s) => ({ ...s, createdAt: '' })),
      base,
    ),
  ]);
  const lastOf = (gridId: number | null, setId: number | null) => {
    const play = plays.find((p) => p.gridId === gridId && p.setId === setId);
    return play ? { score: play.score, max: play.max, playedAt: play.playedAt } : null;
  };
  const listed = [
    ...gameSets
      .filter((g) => g.playable || plays.some((p) => p.gridId === g.id))
      .map((g) => ({ name: g.name, link: g.link, isSet: false, last: lastOf(g.id, null) })),
    ...setList
      .filter((s) => s.playable || plays.some((p) => p.setId === s.id))
      .map((s) => ({ name: s.name, link: s.link, isSet: true, last: lastOf(null, s.id) })),
  ];
  // a play whose game set or set went (results keep them, so only an odd row would be left)
  for (const play of plays) {
    const kept =
      play.gridId === null
        ? setList.some((s) => s.id === play.setId)
        : gameSets.some((g) => g.id === play.gridId);
    if (kept) continue;
    const link =
      play.gridId === null
        ? gameLink(base, SET_PAGE, play.setId ?? 0)
        : gameLink(base, GAME_PAGES[play.type as GameType] ?? 'grid', play.gridId);
    listed.push({
      name: play.name,
      link,
      isSet: play.gridId === null,
      last: lastOf(play.gridId, play.setId),
    });
  }
  return listed
    .sort(byName)
    .map((game) => ({ ...game, link: linkForStudent(game.link, student.hashCode) }));
}

/** Everything the learner's own page shows (docs/learner-page.md), for one student. */
export async function learnerPageOf(
  db: Db,
  student: LearnerStudent,
  options: LearnerOptions,
): Promise<LearnerPage> {
  const { schoolZone } = options;
  const own = student.timezone.trim();
  // gMeetId is free text: only an http(s) address becomes a link
  const meetLink = isHttpUrl(student.gMeetId) ? student.gMeetId.trim() : '';
  // what is due is derived: what has fallen due is charged first (docs/money.md)
  await settleParticipants(db, { student: student.id });
  const [locale, next, marks, due, games, conversations] = await Promise.all([
    localeOf(db, student.id),
    nextLessonsOf(db, student.id, schoolZone),
    marksOf(db, student.id, schoolZone),
    dueLessonsOf(db, student.id, schoolZone),
    gamesOf(db, student, options.playerBase),
    conversationsOf(db, student.id),
  ]);
  const dueLessons = due.map((d) => ({
    start: d.start,
    course: d.course,
    amount: lessonAmount(d.price, d.duration, 1),
  }));
  // summed in grosze, so many lessons add up exactly
  const totalCents = dueLessons.reduce((sum, d) => sum + Math.round(d.amount * 100), 0);
  return {
    name: `${student.name} ${student.surname}`.trim(),
    locale,
    timeZone: own && isTimeZone(own) ? own : schoolZone,
    nextLessons: next.map((lesson) => ({ ...lesson, meetLink })),
    marks,
    due: { lessons: dueLessons, total: totalCents / 100 },
    games,
    conversations,
    botLink: deepLinkOf(options.botUsername, student.hashCode),
  };
}
