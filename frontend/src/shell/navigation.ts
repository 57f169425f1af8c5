import { IconActivity, IconDatabase, IconMessages, IconRobot, type Icon } from '@tabler/icons-react';

export interface NavItem {
  label: string;
  to: string;
  icon: Icon;
  /** Shown as the link's tooltip-free description under the label in wide layouts. */
  description: string;
}

export interface NavGroup {
  /** Heading over the group; null for the first, unheaded group. */
  heading: string | null;
  items: NavItem[];
}

/**
 * The console's sections. Datasets is the main one; the chat with an agent,
 * Activity, where agents' answers are read and curated, and the agents
 * themselves come next. Results
 * and review and Eval runs join as they are built.
 */
export const NAVIGATION: NavGroup[] = [
  {
    heading: null,
    items: [{ label: 'Datasets', to: '/datasets', icon: IconDatabase, description: 'Cases, results and grading' }],
  },
  {
    heading: 'Agents and answers',
    items: [
      { label: 'Chat', to: '/chat', icon: IconMessages, description: 'Ask an agent, rate its answers' },
      { label: 'Activity', to: '/activity', icon: IconActivity, description: 'Runs, their steps and ratings' },
      { label: 'Agents', to: '/agents', icon: IconRobot, description: 'Model and webhook agents, their versions' },
    ],
  },
];
