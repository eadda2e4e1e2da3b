import { Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { LoadingState } from '../components/LoadingState';
import type { TitleKey } from '../components/PlaceholderScreen';
import { useSession } from '../lib/session';
import { lazyNamed } from './lazyNamed';
import { collapseLeadingSlashes } from './paths';

// The logged-in layout (side navigation and its icons) is not part of the login page's download.
const AppShell = lazyNamed(() => import('./shell/AppShell'), 'AppShell');
const LoginScreen = lazyNamed(() => import('../features/auth/LoginScreen'), 'LoginScreen');
const LogoutScreen = lazyNamed(() => import('../features/auth/LogoutScreen'), 'LogoutScreen');
const DashboardScreen = lazyNamed(
  () => import('../features/dashboard/DashboardScreen'),
  'DashboardScreen',
);
const SettingsScreen = lazyNamed(
  () => import('../features/settings/SettingsScreen'),
  'SettingsScreen',
);
const UsersScreen = lazyNamed(() => import('../features/users/UsersScreen'), 'UsersScreen');
const ProjectsScreen = lazyNamed(
  () => import('../features/users/ProjectsScreen'),
  'ProjectsScreen',
);
const GroupsScreen = lazyNamed(() => import('../features/users/GroupsScreen'), 'GroupsScreen');
const ClientsScreen = lazyNamed(() => import('../features/clients/ClientsScreen'), 'ClientsScreen');
const ClientDetailScreen = lazyNamed(
  () => import('../features/clients/ClientDetailScreen'),
  'ClientDetailScreen',
);
const PipelineScreen = lazyNamed(
  () => import('../features/pipeline/PipelineScreen'),
  'PipelineScreen',
);
const PlaceholderScreen = lazyNamed(
  () => import('../components/PlaceholderScreen'),
  'PlaceholderScreen',
);
const NotFoundScreen = lazyNamed(() => import('./NotFoundScreen'), 'NotFoundScreen');

/** SPEC §2 routes whose screens are not built yet: they show their title only. */
const PLACEHOLDER_ROUTES: readonly { path: string; titleKey: TitleKey }[] = [
  { path: '/games', titleKey: 'titles.games' },
  { path: '/grid', titleKey: 'titles.grid' },
  { path: '/quiz', titleKey: 'titles.quiz' },
  { path: '/letters', titleKey: 'titles.letters' },
  { path: '/matching', titleKey: 'titles.matching' },
  { path: '/set', titleKey: 'titles.set' },
  { path: '/gridcards/:id', titleKey: 'titles.gridCards' },
  { path: '/quizcards/:id', titleKey: 'titles.quizCards' },
  { path: '/letters/:id', titleKey: 'titles.letterCards' },
  { path: '/matchexamples/:id', titleKey: 'titles.matchExamples' },
  { path: '/setcards/:id', titleKey: 'titles.setCards' },
  { path: '/schedule', titleKey: 'titles.schedule' },
  { path: '/students', titleKey: 'titles.students' },
  { path: '/students/:id', titleKey: 'titles.student' },
  { path: '/cardocuments/bycar/:id', titleKey: 'titles.studentDocuments' },
  { path: '/conversations', titleKey: 'titles.conversations' },
  { path: '/conversations/:id', titleKey: 'titles.answers' },
  // SPEC: //messages/byconvprogress/{id}; see paths.ts for the double slash.
  { path: '/messages/byconvprogress/:id', titleKey: 'titles.messages' },
];

/** SPEC §2: while the start-up check runs, a loading state; logged out, every app route -> /login. */
function RequireSession() {
  const { isChecking, session } = useSession();
  if (isChecking) {
    // The shell's code downloads while the session check runs, not after it.
    void AppShell.preload();
    return <LoadingState fullPage />;
  }
  if (!session.isLoggedIn) return <Navigate to="/login" replace />;
  return <AppShell />;
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
          <Route index element={<DashboardScreen />} />
          <Route path="/dashboard" element={<DashboardScreen />} />
          <Route path="/settings" element={<SettingsScreen />} />
          <Route path="/users" element={<UsersScreen />} />
          <Route path="/projects" element={<ProjectsScreen />} />
          <Route path="/groups" element={<GroupsScreen />} />
          <Route path="/clients" element={<ClientsScreen />} />
          <Route path="/clients/:id" element={<ClientDetailScreen />} />
          <Route path="/pipeline" element={<PipelineScreen />} />
          {PLACEHOLDER_ROUTES.map(({ path, titleKey }) => (
            // key: the same component on another route must start fresh (closed panels etc.).
            <Route
              key={path}
              path={path}
              element={<PlaceholderScreen key={path} titleKey={titleKey} />}
            />
          ))}
          <Route path="*" element={<NotFoundScreen />} />
        </Route>
      </Routes>
    </Suspense>
  );
}
