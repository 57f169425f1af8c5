import { Button, Center, EmptyState, Loader, Menu, Paper, SimpleGrid, Stack } from '@mantine/core';
import { IconLayoutDashboard, IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useQuery, useSubscription } from 'urql';
import { OrganizationEvalRunsSubscription } from '../evals/operations';
import { useViewer } from '../session/SessionProvider';
import { PageHeader } from '../shell/PageHeader';
import { DASHBOARD_CARDS, type DashboardCardId, setCardShown, shownCards } from './dashboardCards';
import { FirstStepsCard } from './FirstStepsCard';
import { JobPathCard } from './JobPathCard';
import { DashboardLatestRunQuery } from './operations';
import { WaitingForReviewCard } from './WaitingForReviewCard';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * The newest eval run the reader may see, read again whenever a run starts or
 * ends anywhere in the organization; null while there is none (or runs are
 * not the reader's to see), undefined until it is known.
 */
function useLatestRun() {
  const readsRuns = useViewer().permissions.includes('runs:view');
  const [{ data, error }, reread] = useQuery({ query: DashboardLatestRunQuery, pause: !readsRuns, requestPolicy: 'cache-and-network' });
  const [{ data: event }] = useSubscription({ query: OrganizationEvalRunsSubscription, pause: !readsRuns });
  const eventKey = event ? `${event.organizationEvalRuns.kind}:${event.organizationEvalRuns.run.id}` : null;
  useEffect(() => {
    if (eventKey !== null) reread({ requestPolicy: 'network-only' });
  }, [eventKey, reread]);
  if (!readsRuns || error) return null;
  return data ? (data.evalRuns.edges[0]?.node ?? null) : undefined;
}

/**
 * The first screen: what Casebook is for, walked on the newest run (the
 * cases, the run and its comparison, the waiting review, run it again) - or
 * a new organization's first steps - above live cards over what needs
 * attention, each removable and added back from Add a card.
 */
export function DashboardPage() {
  const viewer = useViewer();
  const latest = useLatestRun();
  const scope = { userId: viewer.user.id, organizationId: viewer.organization.id };
  const [shown, setShown] = useState(() => shownCards(storage(), scope));
  const change = (id: DashboardCardId, on: boolean) => setShown(setCardShown(storage(), scope, id, on));
  const hidden = DASHBOARD_CARDS.filter((card) => !shown.includes(card.id));
  return (
    <>
      <PageHeader
        title="Dashboard"
        description="Test sets for your agents: did the last change make the agent better or worse? The path below walks it; the cards show what waits for you, live."
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
      <Stack gap="md" mb="md">
        {latest === undefined ? (
          <Center py="md">
            <Loader size="sm" aria-label="Loading the latest run" />
          </Center>
        ) : latest ? (
          <JobPathCard run={latest} />
        ) : (
          <FirstStepsCard />
        )}
      </Stack>
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
