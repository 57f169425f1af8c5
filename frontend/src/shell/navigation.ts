import { IconActivity, IconBooks, IconBuilding, IconDatabase, IconKey, IconLayoutDashboard, IconMessages, IconPlugConnected, IconRobot, IconUsers, IconUserShield, type Icon } from '@tabler/icons-react';

export interface NavItem {
  label: string;
  to: string;
  icon: Icon;
  /** Shown as the link's tooltip-free description under the label in wide layouts. */
  description: string;
  /** Shown only to a viewer holding this permission. */
  permission?: string;
  /** Shown only to a viewer who may mint API keys (a Viewer, or a read-only key, mints none). */
  needsKeyIssuing?: boolean;
}

/** What decides which links a viewer is shown. */
export interface NavAccess {
  permissions: readonly string[];
  mayIssueApiKeys: boolean;
}

export interface NavGroup {
  /** Heading over the group; null for the first, unheaded group. */
  heading: string | null;
  items: NavItem[];
}

/**
 * The console's sections. Datasets is the main one; the chat with an agent,
 * Activity, where agents' answers are read and curated, and the agents
 * themselves with the knowledge bases they look things up in come next. The dashboard, first, shows what waits for review
 * across the datasets. Results and review live in each dataset.
 */
export const NAVIGATION: NavGroup[] = [
  {
    heading: null,
    items: [
      { label: 'Dashboard', to: '/dashboard', icon: IconLayoutDashboard, description: 'What waits for review, live' },
      { label: 'Datasets', to: '/datasets', icon: IconDatabase, description: 'Cases, results and grading' },
    ],
  },
  {
    heading: 'Agents and answers',
    items: [
      { label: 'Chat', to: '/chat', icon: IconMessages, description: 'Ask an agent, rate its answers' },
      { label: 'Activity', to: '/activity', icon: IconActivity, description: 'Runs, their steps and ratings' },
      { label: 'Agents', to: '/agents', icon: IconRobot, description: 'Model, webhook and local agents, their versions' },
      // Knowledge bases are governed by the agents permissions (docs/knowledge.md).
      { label: 'Knowledge', to: '/knowledge', icon: IconBooks, description: 'Documents agents look things up in', permission: 'agents:view' },
    ],
  },
  {
    heading: 'Organization',
    items: [
      { label: 'Members', to: '/organization/members', icon: IconUsers, description: 'People, their roles, what each may do', permission: 'organization:manage' },
      { label: 'API keys', to: '/organization/api-keys', icon: IconKey, description: 'Keys for CI and integrations', needsKeyIssuing: true },
      { label: 'Model connections', to: '/organization/models', icon: IconPlugConnected, description: 'Providers the judge and agents call', permission: 'connections:manage' },
      { label: 'Organization', to: '/organization/settings', icon: IconBuilding, description: 'Name and retention', permission: 'organization:manage' },
      {
        label: 'Personal data',
        to: '/personal-data',
        icon: IconUserShield,
        description: 'Erasure, data exports, retention',
        permission: 'organization:manage',
      },
    ],
  },
];

/** The groups and links a viewer with these permissions is shown; a group left empty is not. */
export function navigationFor({ permissions, mayIssueApiKeys }: NavAccess): NavGroup[] {
  return NAVIGATION.map((group) => ({
    ...group,
    items: group.items.filter((item) => (!item.permission || permissions.includes(item.permission)) && (!item.needsKeyIssuing || mayIssueApiKeys)),
  })).filter((group) => group.items.length > 0);
}
