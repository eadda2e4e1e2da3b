import type { ScreenPart } from '../i18n/loggedInTexts';

/**
 * The parts of the screens' texts (i18n/loggedInTexts.ts) each lazy screen awaits with its code:
 * those that the screen and the components it renders use, and no other (ADR 021). By the
 * name the screen's module exports; a unit test checks each against the keys its modules name.
 */
export const SCREEN_TEXTS = {
  SettingsScreen: ['settings', 'history', 'shared'],
  UsersScreen: ['settings', 'payroll', 'shared'],
  ProfileScreen: ['settings', 'payroll'],
  ProjectsScreen: ['settings'],
  GroupsScreen: ['settings'],
  ClientsScreen: ['clients', 'import'],
  ClientDetailScreen: ['clients', 'history', 'shared'],
  PipelineScreen: ['pipeline'],
  StudentsScreen: ['students', 'import'],
  StudentDetailScreen: ['students', 'history', 'shared'],
  DocumentsScreen: ['students'],
  ScheduleScreen: ['schedule', 'history', 'shared'],
  ConversationsScreen: ['bot'],
  ConversationScreen: ['bot'],
  MessagesScreen: ['bot'],
  GamesScreen: ['games'],
  GridScreen: ['games', 'shared'],
  QuizScreen: ['games', 'shared'],
  LettersScreen: ['games', 'shared'],
  MatchingScreen: ['games', 'shared'],
  GridCardsScreen: ['games', 'shared'],
  QuizCardsScreen: ['games', 'shared'],
  LetterCardsScreen: ['games', 'shared'],
  MatchExamplesScreen: ['games', 'shared'],
  SetsScreen: ['games', 'shared'],
  SetCardsScreen: ['games', 'shared'],
  AuditScreen: ['history', 'shared'],
  // the payments' method names and the void dialog are the student account's
  PaymentsScreen: ['money', 'students', 'import'],
  UnmatchedScreen: ['money'],
  BalancesScreen: ['money'],
  InvoicesScreen: ['money'],
  PayrollScreen: ['payroll'],
} as const satisfies Record<string, readonly ScreenPart[]>;

export type ScreenName = keyof typeof SCREEN_TEXTS;
