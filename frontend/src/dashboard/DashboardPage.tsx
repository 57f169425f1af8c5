import { Button, EmptyState, Menu, Paper, SimpleGrid } from '@mantine/core';
import { IconLayoutDashboard, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useViewer } from '../session/SessionProvider';
import { PageHeader } from '../shell/PageHeader';
import { DASHBOARD_CARDS, type DashboardCardId, setCardShown, shownCards } from './dashboardCards';
import { WaitingForReviewCard } from './WaitingForReviewCard';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The dashboard: live cards over what needs attention, each removable and added back from Add a card. */
export function DashboardPage() {
  const viewer = useViewer();
  const scope = { userId: viewer.user.id, organizationId: viewer.organization.id };
  const [shown, setShown] = useState(() => shownCards(storage(), scope));
  const change = (id: DashboardCardId, on: boolean) => setShown(setCardShown(storage(), scope, id, on));
  const hidden = DASHBOARD_CARDS.filter((card) => !shown.includes(card.id));
  return (
    <>
      <PageHeader
        title="Dashboard"
        description="What waits for you across the datasets you can see, live."
        actions={
          hidden.length > 0 && (
            <Menu position="bottom-end">
              <Menu.Target>
                <Button variant="default" leftSection={<IconPlus size={16} aria-hidden />}>
                  Add a card
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {hidden.map((card) => (
                  <Menu.Item key={card.id} onClick={() => change(card.id, true)}>
                    {card.title}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          )
        }
      />
      {shown.length === 0 ? (
        <Paper withBorder radius="md" py={48} px="xl">
          <EmptyState icon={<IconLayoutDashboard size={28} stroke={1.5} />} title="No card on the dashboard" description="Add a card to see it here." />
        </Paper>
      ) : (
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
          {shown.includes('waiting-for-review') && <WaitingForReviewCard onRemove={() => change('waiting-for-review', false)} />}
        </SimpleGrid>
      )}
    </>
  );
}

export default DashboardPage;
