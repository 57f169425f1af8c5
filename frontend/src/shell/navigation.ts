import { IconDatabase, type Icon } from '@tabler/icons-react';

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
 * The console's sections. Datasets is the main one; Results and review, Eval
 * runs and Activity join here as they are built, each as an item or a group.
 */
export const NAVIGATION: NavGroup[] = [
  {
    heading: null,
    items: [{ label: 'Datasets', to: '/datasets', icon: IconDatabase, description: 'Cases, results and grading' }],
  },
];
