import {
  Building2,
  FileBarChart,
  Inbox,
  Link as LinkIcon,
  ListOrdered,
  Mail,
  Megaphone,
  PenLine,
  Receipt,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { paths } from '#shared/paths';

/** One sidebar destination. */
export interface DashboardNavItem {
  label: string;
  to: string;
  icon: LucideIcon;
  /** Active only on exactly `to`, not on its sub-paths. */
  end?: boolean;
  /** Also active on any path under this prefix (Campaigns owns the campaign detail pages). */
  activePrefix?: string;
  /** A live count shown beside the label, by what it counts. */
  badge?: DashboardNavBadge;
}

/** The counts a sidebar entry can show: the conversations with an unread reply. */
export type DashboardNavBadge = 'inbox-unread';

/** The sidebar's main entries, in order (docs/product.md#sidebar); desktop and mobile sidebars render this one list. */
export const dashboardNavItems: readonly DashboardNavItem[] = [
  { label: 'Campaigns', to: paths.dashboard, icon: Megaphone, end: true, activePrefix: paths.campaign('') },
  { label: 'Contacts', to: paths.contacts, icon: Users },
  { label: 'Inbox', to: paths.inbox, icon: Inbox, badge: 'inbox-unread' },
  { label: 'Email Accounts', to: paths.emails, icon: Mail },
  { label: 'Email Sequences', to: paths.sequences, icon: ListOrdered },
  { label: 'Live Links', to: paths.liveLinks, icon: LinkIcon },
  { label: 'Placements', to: paths.placements, icon: Receipt },
  { label: 'Clients', to: paths.clients, icon: Building2 },
  { label: 'Reports', to: paths.reports, icon: FileBarChart },
  { label: 'Guest Posts', to: paths.guestPosts, icon: PenLine },
];

/**
 * The sidebar of a member with the Client role (docs/decisions/040-client-role.md): their client's
 * placements and report, the pages CLIENT_PATHS of app/routes/dashboard.tsx lets them open.
 */
export const clientNavItems: readonly DashboardNavItem[] = [
  { label: 'Placements', to: paths.placements, icon: Receipt },
  { label: 'Reports', to: paths.reports, icon: FileBarChart },
];
