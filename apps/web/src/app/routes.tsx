import { Suspense, type ComponentType, type ReactNode } from 'react';
import { matchPath, Navigate, Route, Routes, useLocation } from 'react-router';
import { LoadingState } from '../components/LoadingState';
import { loadAppTexts, loadScreenTexts } from '../i18n/loggedInTexts';
import { useSession } from '../lib/session';
import { homeOf, mayOpen } from '../lib/access';
import { lazyNamed, type PreloadableComponent } from './lazyNamed';
import { NotAvailableScreen } from './NotAvailableScreen';
import { collapseLeadingSlashes } from './paths';
import { SCREEN_TEXTS, type ScreenName } from './screenTexts';

// The logged-in layout (side navigation and its icons) is not part of the login page's download.
// The shell comes with the texts of the logged-in frame and the dashboard (not the login page's).
const AppShell = lazyNamed(
  () => Promise.all([import('./shell/AppShell'), loadAppTexts()]).then(([shell]) => shell),
  'AppShell',
);
/** A logged-in screen other than the dashboard: it comes with the parts of the texts it uses. */
function screenNamed<P extends object, K extends ScreenName>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
): PreloadableComponent<P> {
  return lazyNamed(
    () => Promise.all([load(), loadScreenTexts(SCREEN_TEXTS[name])]).then(([module]) => module),
    name,
  );
}

const LoginScreen = lazyNamed(() => import('../features/auth/LoginScreen'), 'LoginScreen');
const LogoutScreen = lazyNamed(() => import('../features/auth/LogoutScreen'), 'LogoutScreen');
const DashboardScreen = lazyNamed(
  () => import('../features/dashboard/DashboardScreen'),
  'DashboardScreen',
);
const SettingsScreen = screenNamed(
  () => import('../features/settings/SettingsScreen'),
  'SettingsScreen',
);
const UsersScreen = screenNamed(() => import('../features/users/UsersScreen'), 'UsersScreen');
const ProfileScreen = screenNamed(() => import('../features/users/ProfileScreen'), 'ProfileScreen');
const ProjectsScreen = screenNamed(
  () => import('../features/users/ProjectsScreen'),
  'ProjectsScreen',
);
const GroupsScreen = screenNamed(() => import('../features/users/GroupsScreen'), 'GroupsScreen');
const ClientsScreen = screenNamed(
  () => import('../features/clients/ClientsScreen'),
  'ClientsScreen',
);
const ClientDetailScreen = screenNamed(
  () => import('../features/clients/ClientDetailScreen'),
  'ClientDetailScreen',
);
const PipelineScreen = screenNamed(
  () => import('../features/pipeline/PipelineScreen'),
  'PipelineScreen',
);
const StudentsScreen = screenNamed(
  () => import('../features/students/StudentsScreen'),
  'StudentsScreen',
);
const StudentDetailScreen = screenNamed(
  () => import('../features/students/StudentDetailScreen'),
  'StudentDetailScreen',
);
const DocumentsScreen = screenNamed(
  () => import('../features/students/DocumentsScreen'),
  'DocumentsScreen',
);
const ScheduleScreen = screenNamed(
  () => import('../features/schedule/ScheduleScreen'),
  'ScheduleScreen',
);
const ConversationsScreen = screenNamed(
  () => import('../features/bot/ConversationsScreen'),
  'ConversationsScreen',
);
const ConversationScreen = screenNamed(
  () => import('../features/bot/ConversationScreen'),
  'ConversationScreen',
);
const MessagesScreen = screenNamed(
  () => import('../features/bot/MessagesScreen'),
  'MessagesScreen',
);
const games = () => import('../features/games/GameSetsScreens');
const cards = () => import('../features/games/CardsScreens');
const GamesScreen = screenNamed(() => import('../features/games/GamesScreen'), 'GamesScreen');
const GridScreen = screenNamed(games, 'GridScreen');
const QuizScreen = screenNamed(games, 'QuizScreen');
const LettersScreen = screenNamed(games, 'LettersScreen');
const MatchingScreen = screenNamed(games, 'MatchingScreen');
const GridCardsScreen = screenNamed(cards, 'GridCardsScreen');
const QuizCardsScreen = screenNamed(cards, 'QuizCardsScreen');
const LetterCardsScreen = screenNamed(cards, 'LetterCardsScreen');
const MatchExamplesScreen = screenNamed(cards, 'MatchExamplesScreen');
const SetsScreen = screenNamed(() => import('../features/games/SetsScreen'), 'SetsScreen');
const SetCardsScreen = screenNamed(
  () => import('../features/games/SetCardsScreen'),
  'SetCardsScreen',
);
const AuditScreen = screenNamed(() => import('../features/audit/AuditScreen'), 'AuditScreen');
const PaymentsScreen = screenNamed(
  () => import('../features/money/PaymentsScreen'),
  'PaymentsScreen',
);
const UnmatchedScreen = screenNamed(
  () => import('../features/money/UnmatchedScreen'),
  'UnmatchedScreen',
);
const BalancesScreen = screenNamed(
  () => import('../features/money/BalancesScreen'),
  'BalancesScreen',
);
const InvoicesScreen = screenNamed(
  () => import('../features/money/InvoicesScreen'),
  'InvoicesScreen',
);
const PayrollScreen = screenNamed(
  () => import('../features/payroll/PayrollScreen'),
  'PayrollScreen',
);
const NotFoundScreen = lazyNamed(() => import('./NotFoundScreen'), 'NotFoundScreen');

/** Routes (docs/screens.md) whose screens are not built yet: they show their title only. */

/** The built screens of the logged-in app by route (`/` shows the dashboard too). */
const SCREENS: readonly { path: string; Screen: PreloadableComponent<object> }[] = [
  { path: '/dashboard', Screen: DashboardScreen },
  { path: '/settings', Screen: SettingsScreen },
  { path: '/users', Screen: UsersScreen },
  { path: '/profile', Screen: ProfileScreen },
  { path: '/projects', Screen: ProjectsScreen },
  { path: '/groups', Screen: GroupsScreen },
  { path: '/clients', Screen: ClientsScreen },
  { path: '/clients/:id', Screen: ClientDetailScreen },
  { path: '/pipeline', Screen: PipelineScreen },
  { path: '/students', Screen: StudentsScreen },
  { path: '/students/:id', Screen: StudentDetailScreen },
  { path: '/cardocuments/bycar/:id', Screen: DocumentsScreen },
  { path: '/schedule', Screen: ScheduleScreen },
  { path: '/conversations', Screen: ConversationsScreen },
  { path: '/conversations/:id', Screen: ConversationScreen },
  // docs/screens.md: //messages/byconvprogress/{id}; see paths.ts for the double slash.
  { path: '/messages/byconvprogress/:id', Screen: MessagesScreen },
  { path: '/games', Screen: GamesScreen },
  { path: '/grid', Screen: GridScreen },
  { path: '/quiz', Screen: QuizScreen },
  { path: '/letters', Screen: LettersScreen },
  { path: '/matching', Screen: MatchingScreen },
  { path: '/gridcards/:id', Screen: GridCardsScreen },
  { path: '/quizcards/:id', Screen: QuizCardsScreen },
  { path: '/letters/:id', Screen: LetterCardsScreen },
  { path: '/matchexamples/:id', Screen: MatchExamplesScreen },
  { path: '/set', Screen: SetsScreen },
  { path: '/setcards/:id', Screen: SetCardsScreen },
  { path: '/audit', Screen: AuditScreen },
  { path: '/payments', Screen: PaymentsScreen },
  { path: '/payments/unmatched', Screen: UnmatchedScreen },
  { path: '/balances', Screen: BalancesScreen },
  { path: '/invoices', Screen: InvoicesScreen },
  { path: '/payroll', Screen: PayrollScreen },
];

/**
 * Starts downloading the shell's code and the screen's at `pathname` (if it is an app screen):
 * called as the app mounts, and again while the session check runs.
 */
export function preloadRoute(pathname: string): void {
  void AppShell.preload();
  const collapsed = collapseLeadingSlashes(pathname);
  const path = collapsed === '/' ? '/dashboard' : collapsed;
  const screen = SCREENS.find((item) => matchPath(item.path, path))?.Screen;
  if (screen) void screen.preload();
}

/** docs/screens.md: while the start-up check runs, a loading state; logged out, every app route -> /login. */
function RequireSession() {
  const { isChecking, session } = useSession();
  const { pathname } = useLocation();
  if (isChecking) {
    // The shell's and the screen's code download while the session check runs, not after it.
    preloadRoute(pathname);
    return <LoadingState fullPage />;
  }
  if (!session.isLoggedIn) return <Navigate to="/login" replace />;
  return <AppShell />;
}

/** A screen of a domain the user's role may not read shows so (docs/roles.md), not a blank page. */
function ForRole({ path, children }: { path: string; children: ReactNode }) {
  const { session } = useSession();
  if (!session.isLoggedIn) return null;
  if (!mayOpen(session.role, path)) return <NotAvailableScreen home={homeOf(session.role)} />;
  return children;
}

/** `/`: the dashboard, or where the role starts when the dashboard is not for it. */
function Home() {
  const { session } = useSession();
  if (!session.isLoggedIn) return null;
  const home = homeOf(session.role);
  return home === '/dashboard' ? <DashboardScreen /> : <Navigate to={home} replace />;
}

export function AppRoutes() {
  const location = useLocation();
  const pathname = collapseLeadingSlashes(location.pathname);
  const matchedLocation = pathname === location.pathname ? location : { ...location, pathname };

  return (
    <Suspense fallback={<LoadingState fullPage />}>
      <Routes location={matchedLocation}>
        <Route path="/login" element={<LoginScreen />} />
        <Route path="/logout" element={<LogoutScreen />} />
        <Route element={<RequireSession />}>
          <Route index element={<Home />} />
          {SCREENS.map(({ path, Screen }) => (
            // key: the same component on another route must start fresh (closed panels etc.)
            <Route
              key={path}
              path={path}
              element={
                <ForRole path={path}>
                  <Screen key={path} />
                </ForRole>
              }
            />
          ))}
          <Route path="*" element={<NotFoundScreen />} />
        </Route>
      </Routes>
    </Suspense>
  );
}
