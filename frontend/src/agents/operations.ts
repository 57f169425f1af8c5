import { graphql } from '../gql';

export const AgentListFields = graphql(`
  fragment AgentListFields on Agent {
    id
    name
    description
    kind
    visibility
    latestVersion
    updatedAt
    owner {
      id
      name
      email
    }
    viewerCan {
      view
      edit
      run
    }
  }
`);

export const AgentsQuery = graphql(`
  query Agents($first: Int!, $after: String, $search: String, $kind: AgentKind, $runnable: Boolean! = false) {
    agents(first: $first, after: $after, search: $search, kind: $kind, runnable: $runnable) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      edges {
        cursor
        node {
          ...AgentListFields
        }
      }
    }
  }
`);

export const AgentToolFields = graphql(`
  fragment AgentToolFields on AgentTool {
    name
    description
    parameters
    readOnly
    endpoint
  }
`);

export const AgentVersionFields = graphql(`
  fragment AgentVersionFields on AgentVersion {
    number
    kind
    label
    createdAt
    model
    modelConnection {
      id
      name
    }
    instructions
    tools {
      ...AgentToolFields
    }
    skills {
      visible {
        id
        name
        description
      }
      hiddenCount
    }
    knowledgeBases {
      visible {
        id
        name
        description
      }
      hiddenCount
    }
    url
    timeoutSeconds
  }
`);

export const AgentHeaderFields = graphql(`
  fragment AgentHeaderFields on Agent {
    ...AgentListFields
    ownedByViewer
    createdAt
  }
`);

export const AgentQuery = graphql(`
  query Agent($id: ID!) {
    agent(id: $id) {
      ...AgentHeaderFields
      currentVersion {
        ...AgentVersionFields
      }
    }
  }
`);

export const AgentVersionQuery = graphql(`
  query AgentVersion($id: ID!, $number: Int!) {
    agent(id: $id) {
      id
      version(number: $number) {
        ...AgentVersionFields
      }
    }
  }
`);

export const AgentVersionsQuery = graphql(`
  query AgentVersions($id: ID!, $before: Int) {
    agent(id: $id) {
      id
      versions(first: 100, before: $before) {
        number
        label
        createdAt
        model
        url
      }
    }
  }
`);

/** What the agent form needs besides the agent: the saved models and the skills one may attach. */
export const AgentFormChoicesQuery = graphql(`
  query AgentFormChoices {
    modelConnections {
      ...ModelConnectionFields
    }
    skills(first: 100) {
      edges {
        node {
          id
          name
          description
        }
      }
    }
  }
`);

export const CreateModelAgentMutation = graphql(`
  mutation CreateModelAgent($input: CreateModelAgentInput!) {
    createModelAgent(input: $input) {
      agent {
        ...AgentHeaderFields
      }
      signingSecret
    }
  }
`);

export const CreateWebhookAgentMutation = graphql(`
  mutation CreateWebhookAgent($input: CreateWebhookAgentInput!) {
    createWebhookAgent(input: $input) {
      agent {
        ...AgentHeaderFields
      }
      signingSecret
    }
  }
`);

/** A local agent: no model, no endpoint, no signing secret; its own code answers through Casebook's clients. */
export const CreateLocalAgentMutation = graphql(`
  mutation CreateLocalAgent($input: CreateLocalAgentInput!) {
    createLocalAgent(input: $input) {
      agent {
        ...AgentHeaderFields
      }
    }
  }
`);

/** What saving a configuration answers, whatever the kind: the agent at its newest version, and whether the save made it. */
export const ConfiguredAgentFields = graphql(`
  fragment ConfiguredAgentFields on ConfigureAgentPayload {
    agent {
      ...AgentHeaderFields
      currentVersion {
        ...AgentVersionFields
      }
    }
    newVersion
  }
`);

export const ConfigureLocalAgentMutation = graphql(`
  mutation ConfigureLocalAgent($input: ConfigureLocalAgentInput!) {
    configureLocalAgent(input: $input) {
      ...ConfiguredAgentFields
    }
  }
`);

export const ConfigureModelAgentMutation = graphql(`
  mutation ConfigureModelAgent($input: ConfigureModelAgentInput!) {
    configureModelAgent(input: $input) {
      ...ConfiguredAgentFields
    }
  }
`);

export const ConfigureWebhookAgentMutation = graphql(`
  mutation ConfigureWebhookAgent($input: ConfigureWebhookAgentInput!) {
    configureWebhookAgent(input: $input) {
      ...ConfiguredAgentFields
    }
  }
`);

export const UpdateAgentDetailsMutation = graphql(`
  mutation UpdateAgentDetails($input: UpdateAgentDetailsInput!) {
    updateAgentDetails(input: $input) {
      agent {
        ...AgentHeaderFields
      }
    }
  }
`);

export const RotateAgentSecretMutation = graphql(`
  mutation RotateAgentSecret($id: ID!) {
    rotateAgentSecret(id: $id) {
      agent {
        id
      }
      signingSecret
    }
  }
`);

export const DeleteAgentMutation = graphql(`
  mutation DeleteAgent($id: ID!) {
    deleteAgent(id: $id) {
      deletedId
    }
  }
`);

export const AgentSharingQuery = graphql(`
  query AgentSharing($id: ID!) {
    agent(id: $id) {
      id
      visibility
      grants {
        user {
          id
          name
          email
        }
        level
        doesNothing
      }
    }
    members {
      user {
        id
        name
        email
      }
    }
  }
`);

export const SetAgentVisibilityMutation = graphql(`
  mutation SetAgentVisibility($id: ID!, $visibility: Visibility!) {
    setAgentVisibility(id: $id, visibility: $visibility) {
      agent {
        id
        visibility
      }
    }
  }
`);

export const ShareAgentMutation = graphql(`
  mutation ShareAgent($id: ID!, $userId: ID!, $level: GrantLevel!) {
    shareAgent(id: $id, userId: $userId, level: $level) {
      grant {
        user {
          id
        }
        level
      }
    }
  }
`);

export const RevokeAgentGrantMutation = graphql(`
  mutation RevokeAgentGrant($id: ID!, $userId: ID!) {
    revokeAgentGrant(id: $id, userId: $userId) {
      agent {
        id
      }
    }
  }
`);

export const SendAgentTestRequestMutation = graphql(`
  mutation SendAgentTestRequest($agentId: ID!) {
    sendAgentTestRequest(agentId: $agentId) {
      ok
      latencyMs
      answer
      toolCalls
      error
    }
  }
`);

export const RunnableDatasetsQuery = graphql(`
  query RunnableDatasets {
    datasets(first: 100) {
      edges {
        node {
          id
          name
        }
      }
    }
  }
`);
