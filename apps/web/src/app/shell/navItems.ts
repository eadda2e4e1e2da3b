import {
  Bot,
  CalendarDays,
  Contact,
  FileText,
  FolderKanban,
  Gamepad2,
  GraduationCap,
  Layers,
  LayoutDashboard,
  LogOut,
  Scale,
  ScrollText,
  Settings,
  SquareKanban,
  UserCog,
  UsersRound,
  Wallet,
  type LucideIcon,
} from 'lucide-react';
import type { Dictionary } from '../../i18n/i18n';

type TitleKey = `titles.${keyof Dictionary['titles']}`;

export interface NavItem {
  to: string;
  labelKey: TitleKey | 'nav.bot' | 'nav.logout';
  icon: LucideIcon;
  /** Paths (prefixes) that belong to this section, so detail screens keep it highlighted. */
  sections: readonly string[];
}

/** Side navigation (docs/screens.md), in that order. */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/dashboard', labelKey: 'titles.dashboard', icon: LayoutDashboard, sections: ['/'] },
  { to: '/set', labelKey: 'titles.set', icon: Layers, sections: ['/setcards'] },
  {
    to: '/games',
    labelKey: 'titles.games',
    icon: Gamepad2,
    sections: [
      '/grid',
      '/quiz',
      '/letters',
      '/matching',
      '/gridcards',
      '/quizcards',
      '/matchexamples',
    ],
  },
  { to: '/clients', labelKey: 'titles.clients', icon: Contact, sections: [] },
  { to: '/pipeline', labelKey: 'titles.pipeline', icon: SquareKanban, sections: [] },
  { to: '/schedule', labelKey: 'titles.schedule', icon: CalendarDays, sections: [] },
  { to: '/projects', labelKey: 'titles.projects', icon: FolderKanban, sections: [] },
  { to: '/users', labelKey: 'titles.users', icon: UserCog, sections: [] },
  { to: '/payroll', labelKey: 'titles.payroll', icon: Wallet, sections: [] },
  {
    to: '/students',
    labelKey: 'titles.students',
    icon: GraduationCap,
    sections: ['/cardocuments'],
  },
  { to: '/payments', labelKey: 'titles.payments', icon: Wallet, sections: [] },
  { to: '/balances', labelKey: 'titles.balances', icon: Scale, sections: [] },
  { to: '/invoices', labelKey: 'titles.invoices', icon: FileText, sections: [] },
  { to: '/conversations', labelKey: 'nav.bot', icon: Bot, sections: ['/messages'] },
  { to: '/groups', labelKey: 'titles.groups', icon: UsersRound, sections: [] },
  { to: '/settings', labelKey: 'titles.settings', icon: Settings, sections: [] },
  { to: '/audit', labelKey: 'titles.audit', icon: ScrollText, sections: [] },
  { to: '/logout', labelKey: 'nav.logout', icon: LogOut, sections: [] },
];

function startsSection(pathname: string, prefix: string): boolean {
  if (prefix === '/') return pathname === '/';
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

export function isCurrentSection(item: NavItem, pathname: string): boolean {
  return [item.to, ...item.sections].some((prefix) => startsSection(pathname, prefix));
}
