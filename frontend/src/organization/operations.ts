import { graphql } from '../gql';

export const MembersPageQuery = graphql(`
  query MembersPage {
    members {
      role
      joinedAt
      user {
        id
        name
        email
      }
    }
    roles {
      role
      permissions {
        permission
        reach
      }
    }
  }
`);

export const AddMemberMutation = graphql(`
  mutation AddMember($input: AddMemberInput!) {
    addMember(input: $input) {
      member {
        role
        user {
          id
          name
          email
        }
      }
    }
  }
`);

export const ChangeMemberRoleMutation = graphql(`
  mutation ChangeMemberRole($userId: ID!, $role: Role!) {
    changeMemberRole(userId: $userId, role: $role) {
      member {
        role
        user {
          id
        }
      }
    }
  }
`);

export const RemoveMemberMutation = graphql(`
  mutation RemoveMember($userId: ID!) {
    removeMember(userId: $userId) {
      removedUserId
    }
  }
`);

export const ApiKeyFields = graphql(`
  fragment ApiKeyFields on ApiKey {
    id
    name
    prefix
    scopes
    status
    createdAt
    expiresAt
    revokedAt
    lastUsedAt
  }
`);

export const ApiKeysQuery = graphql(`
  query ApiKeys($after: String) {
    apiKeys(first: 50, after: $after) {
      edges {
        node {
          ...ApiKeyFields
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);

export const CreateApiKeyMutation = graphql(`
  mutation CreateApiKey($input: CreateApiKeyInput!) {
    createApiKey(input: $input) {
      secret
      apiKey {
        ...ApiKeyFields
      }
    }
  }
`);

export const RevokeApiKeyMutation = graphql(`
  mutation RevokeApiKey($id: ID!) {
    revokeApiKey(id: $id) {
      apiKey {
        ...ApiKeyFields
      }
    }
  }
`);

export const ModelConnectionsPageQuery = graphql(`
  query ModelConnectionsPage {
    modelConnections {
      ...ModelConnectionFields
      createdAt
    }
    defaultEmbeddingModel {
      local
      connectionId
      model
    }
  }
`);

export const TestModelConnectionMutation = graphql(`
  mutation TestModelConnection($id: ID!, $model: String) {
    testModelConnection(id: $id, model: $model) {
      model
      ok
      latencyMs
      reply
      error
    }
  }
`);

export const DeleteModelConnectionMutation = graphql(`
  mutation DeleteModelConnection($id: ID!) {
    deleteModelConnection(id: $id) {
      deletedId
    }
  }
`);

export const SetDefaultEmbeddingModelMutation = graphql(`
  mutation SetDefaultEmbeddingModel($input: EmbeddingModelChoiceInput) {
    setDefaultEmbeddingModel(input: $input) {
      embeddingModel {
        local
        connectionId
        model
      }
    }
  }
`);

export const OrganizationPageQuery = graphql(`
  query OrganizationPage {
    viewer {
      organization {
        id
        name
        conversationRetentionDays
      }
    }
  }
`);

export const RenameOrganizationMutation = graphql(`
  mutation RenameOrganization($name: String!) {
    renameOrganization(name: $name) {
      organization {
        id
        name
      }
    }
  }
`);
