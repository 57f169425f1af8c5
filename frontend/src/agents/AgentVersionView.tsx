import { Accordion, Badge, Card, Code, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconLock, IconTool } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatExact } from '../common/time';
import type { AgentToolFieldsFragment, AgentVersionFieldsFragment } from '../gql/graphql';
import { AgentKnowledgeBases } from '../knowledge/AgentKnowledgeBases';
import { Markdown } from '../markdown/Markdown';
import { countOf } from '../common/count';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.4}>
        {label}
      </Text>
      <div>{children}</div>
    </Stack>
  );
}

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" p="lg" component="section" aria-label={title}>
      <Title order={2} fz="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

/** One declared tool: its name and flags, expanding to what it does, where it runs and its arguments' schema. */
export function ToolItem({ tool, kind }: { tool: AgentToolFieldsFragment; kind: AgentVersionFieldsFragment['kind'] }) {
  return (
    <Accordion.Item value={tool.name}>
      <Accordion.Control icon={<IconTool size={16} aria-hidden />}>
        <Group gap="xs">
          <Code>{tool.name}</Code>
          {tool.readOnly ? (
            <Badge size="xs" variant="light" color="teal">
              Read-only
            </Badge>
          ) : (
            <Badge size="xs" variant="light" color="orange">
              Changes something
            </Badge>
          )}
        </Group>
      </Accordion.Control>
      <Accordion.Panel>
        <Stack gap="xs">
          <Text size="sm">{tool.description || <Text span c="dimmed" size="sm">No description.</Text>}</Text>
          {kind === 'MODEL' && (
            <Text size="sm">
              Executed at: {tool.endpoint ? <Code>{tool.endpoint}</Code> : <Text span c="dimmed" size="sm">no endpoint — a call answers “not available here”</Text>}
            </Text>
          )}
          {tool.parameters == null ? (
            <Text size="sm" c="dimmed">
              No arguments declared.
            </Text>
          ) : (
            <Code block aria-label={`Arguments of ${tool.name}`}>
              {JSON.stringify(tool.parameters, null, 2)}
            </Code>
          )}
        </Stack>
      </Accordion.Panel>
    </Accordion.Item>
  );
}

/**
 * An agent version as it stands: what answers (a local agent's: the label its
 * client named the version by), its instructions, skills and
 * knowledge bases, and its tools. `editableAgentId` is given for the newest
 * version of an agent the reader may edit, whose knowledge bases can change.
 */
export function AgentVersionView({ version, editableAgentId }: { version: AgentVersionFieldsFragment; editableAgentId?: string | undefined }) {
  const model = version.kind === 'MODEL';
  return (
    <Stack gap="lg">
      <Card withBorder radius="md" p="lg">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          {model ? (
            <>
              <Fact label="Model">
                <Code>{version.model}</Code>
              </Fact>
              <Fact label="Connection">
                {version.modelConnection ? <Text size="sm">{version.modelConnection.name}</Text> : <Text size="sm" c="red.8">Deleted since: it cannot answer until another is chosen</Text>}
              </Fact>
            </>
          ) : version.kind === 'LOCAL' ? (
            <>
              <Fact label="Answered by">
                <Text size="sm">Your code, through Casebook’s clients</Text>
              </Fact>
              <Fact label="Version label">
                {version.label ? (
                  <Code style={{ overflowWrap: 'anywhere' }} data-testid="version-label">
                    {version.label}
                  </Code>
                ) : (
                  <Text size="sm" c="dimmed">
                    None: this version was made by editing its tools
                  </Text>
                )}
              </Fact>
            </>
          ) : (
            <>
              <Fact label="Endpoint">
                <Code style={{ overflowWrap: 'anywhere' }}>{version.url}</Code>
              </Fact>
              <Fact label="Timeout">
                <Text size="sm">{version.timeoutSeconds ?? 30} s</Text>
              </Fact>
            </>
          )}
          <Fact label="Saved">
            <Text size="sm">{formatExact(version.createdAt)}</Text>
          </Fact>
        </SimpleGrid>
      </Card>
      {model && (
        <Block title="Instructions">
          {version.instructions.trim() ? <Markdown>{version.instructions}</Markdown> : <Text size="sm" c="dimmed">No instructions.</Text>}
        </Block>
      )}
      {model && (
        <Block title="Skills">
          {version.skills.visible.length === 0 && version.skills.hiddenCount === 0 ? (
            <Text size="sm" c="dimmed">
              It uses no skill.
            </Text>
          ) : (
            <Stack gap="xs">
              <List size="sm" spacing={4}>
                {version.skills.visible.map((skill) => (
                  <List.Item key={skill.id}>
                    <Text span fw={550} size="sm">
                      {skill.name}
                    </Text>
                    {skill.description && (
                      <Text span c="dimmed" size="sm">
                        {' '}
                        — {skill.description}
                      </Text>
                    )}
                  </List.Item>
                ))}
              </List>
              {version.skills.hiddenCount > 0 && (
                <Group gap={6}>
                  <IconLock size={14} aria-hidden />
                  <Text size="sm" c="dimmed">
                    It also uses {countOf(version.skills.hiddenCount, 'skill', 'skills')} you may not view.
                  </Text>
                </Group>
              )}
            </Stack>
          )}
        </Block>
      )}
      {model && (
        <Block title="Knowledge bases">
          <AgentKnowledgeBases version={version} editableAgentId={editableAgentId} />
        </Block>
      )}
      <Block title="Tools">
        {version.tools.length === 0 ? (
          <Text size="sm" c="dimmed">
            It declares no tool.
          </Text>
        ) : (
          <Accordion multiple variant="contained" chevronPosition="left">
            {version.tools.map((tool) => (
              <ToolItem key={tool.name} tool={tool} kind={version.kind} />
            ))}
          </Accordion>
        )}
      </Block>
    </Stack>
  );
}
