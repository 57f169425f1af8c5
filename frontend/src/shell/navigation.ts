import { IconActivity, IconBooks, IconDatabase, IconLayoutDashboard, IconMessages, IconRobot, IconUserShield, type Icon } from '@tabler/icons-react';

export interface NavItem {
  label: string;
  to: string;
  icon: Icon;
  /** Shown as the link's tooltip-free description under the label in wide layouts. */
  description: string;
  /** Shown only to a viewer holding this permission. */
  permission?: string;
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
export function navigationFor(permissions: readonly string[]): NavGroup[] {
  return NAVIGATION.map((group) => ({
    ...group,
    items: group.items.filter((item) => !item.permission || permissions.includes(item.permission)),
  })).filter((group) => group.items.length > 0);
}
