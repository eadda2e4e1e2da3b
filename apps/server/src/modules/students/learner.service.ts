import {
  GAME_PAGES,
  gameLink,
  linkForStudent,
  SET_PAGE,
  type GameType,
} from '@school/contract/games';
import { transferTitle } from '@school/contract/bank';
import { isHttpUrl, type LearnerPage } from '@school/contract/learner';
import { api } from '@school/contract/paths';
import type { SchoolDetails } from '@school/contract/school';
import type { Db } from '../../db/client.js';
import { toGameSets, toSets } from '../games/games.shared.js';
import {
  amountText,
  learnerMoneyOf,
  paymentQrPayload,
  statementMonthsOf,
  type LearnerMoney,
} from '../money/money.shared.js';
import { readSchoolDetails } from '../school/school.shared.js';
import { isTimeZone } from '../schedule/schedule.shared.js';
import {
  allGames,
  conversationsOf,
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

/**
 * How the student pays (docs/learner-page.md, How to pay; ADR 040): the school's bank account
 * and the title carrying their payment reference, and the text of the QR code for what they owe
 * now (null: none, so the page shows no code).
 */
export function paymentOf(student: LearnerStudent, money: LearnerMoney, school: SchoolDetails) {
  const name = `${student.name} ${student.surname}`.trim();
  const title = transferTitle(student.paymentReference, name);
  const qr = paymentQrPayload(school.currency, {
    iban: school.iban,
    recipient: school.name,
    title,
    grosze: money.balance,
    taxId: school.taxId,
  });
  const account: LearnerPage['account'] = {
    balance: amountText(money.balance),
    due: amountText(money.due),
    credit: amountText(money.credit),
    currency: school.currency,
    reference: student.paymentReference,
    transferTitle: title,
    iban: school.iban === '' ? null : school.iban,
    schoolName: school.name,
    qrCode: qr === null ? null : api.publicPaymentQr(student.hashCode),
  };
  return { account, qr };
}

/** What is owed, from the ledger: what is left of each charge not covered, oldest first. */
const dueOf = (money: LearnerMoney): LearnerPage['due'] => ({
  lessons: money.open.map((charge) => ({
    date: charge.date,
    course: charge.course,
    adjustment: charge.adjustment,
    amount: amountText(charge.amount),
  })),
  total: amountText(money.due),
});

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
  // what is due is derived: the money read charges what has fallen due first (docs/money.md),
  // so the reads after it see it charged
  const money = await learnerMoneyOf(db, schoolZone, student.id);
  const [locale, next, marks, school, games, conversations, statementMonths] = await Promise.all([
    localeOf(db, student.id),
    nextLessonsOf(db, student.id, schoolZone),
    marksOf(db, student.id, schoolZone),
    readSchoolDetails(db),
    gamesOf(db, student, options.playerBase),
    conversationsOf(db, student.id),
    statementMonthsOf(db, student.id),
  ]);
  return {
    name: `${student.name} ${student.surname}`.trim(),
    locale,
    timeZone: own && isTimeZone(own) ? own : schoolZone,
    nextLessons: next.map((lesson) => ({ ...lesson, meetLink })),
    marks,
    due: dueOf(money),
    account: paymentOf(student, money, school).account,
    statementMonths,
    games,
    conversations,
    botLink: deepLinkOf(options.botUsername, student.hashCode),
  };
}
