import { graphql } from '../gql';

export const KnowledgeBaseListFields = graphql(`
  fragment KnowledgeBaseListFields on KnowledgeBase {
    id
    name
    description
    visibility
    ownedByViewer
    updatedAt
    documents(first: 1) {
      totalCount
    }
  }
`);

export const KnowledgeBasesQuery = graphql(`
  query KnowledgeBases($first: Int!, $after: String, $search: String) {
    knowledgeBases(first: $first, after: $after, search: $search) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      edges {
        cursor
        node {
          ...KnowledgeBaseListFields
        }
      }
    }
  }
`);

export const KnowledgeBaseHeaderFields = graphql(`
  fragment KnowledgeBaseHeaderFields on KnowledgeBase {
    id
    name
    description
    visibility
    ownedByViewer
    createdAt
    updatedAt
  }
`);

export const KnowledgeBaseQuery = graphql(`
  query KnowledgeBase($id: ID!) {
    knowledgeBase(id: $id) {
      ...KnowledgeBaseHeaderFields
    }
  }
`);

export const KnowledgeDocumentFields = graphql(`
  fragment KnowledgeDocumentFields on KnowledgeDocument {
    id
    title
    filename
    kind
    sizeBytes
    passageCount
    createdAt
  }
`);

export const KnowledgeDocumentsQuery = graphql(`
  query KnowledgeDocuments($id: ID!, $first: Int!, $after: String) {
    knowledgeBase(id: $id) {
      id
      documents(first: $first, after: $after) {
        totalCount
        pageInfo {
          hasNextPage
          endCursor
        }
        edges {
          cursor
          node {
            ...KnowledgeDocumentFields
          }
        }
      }
    }
  }
`);

export const KnowledgePassagesQuery = graphql(`
  query KnowledgePassages($documentId: ID!, $first: Int!, $after: String) {
    node(id: $documentId) {
      __typename
      id
      ... on KnowledgeDocument {
        title
        passages(first: $first, after: $after) {
          totalCount
          pageInfo {
            hasNextPage
            endCursor
          }
          edges {
            cursor
            node {
              ordinal
              headingPath
              text
            }
          }
        }
      }
    }
  }
`);

export const SearchKnowledgeQuery = graphql(`
  query SearchKnowledge($query: String!, $baseIds: [ID!], $first: Int!, $after: String) {
    searchKnowledge(query: $query, baseIds: $baseIds, first: $first, after: $after) {
      pageInfo {
        hasNextPage
        endCursor
      }
      edges {
        cursor
        node {
          rank
          passage {
            ordinal
            heading
            text
            documentId
          }
          document {
            id
            title
            filename
          }
        }
      }
    }
  }
`);

export const CreateKnowledgeBaseMutation = graphql(`
  mutation CreateKnowledgeBase($input: CreateKnowledgeBaseInput!) {
    createKnowledgeBase(input: $input) {
      knowledgeBase {
        ...KnowledgeBaseHeaderFields
      }
    }
  }
`);

export const UpdateKnowledgeBaseMutation = graphql(`
  mutation UpdateKnowledgeBase($input: UpdateKnowledgeBaseInput!) {
    updateKnowledgeBase(input: $input) {
      knowledgeBase {
        ...KnowledgeBaseHeaderFields
      }
    }
  }
`);

export const DeleteKnowledgeBaseMutation = graphql(`
  mutation DeleteKnowledgeBase($id: ID!) {
    deleteKnowledgeBase(id: $id) {
      deletedId
    }
  }
`);

export const UploadKnowledgeDocumentMutation = graphql(`
  mutation UploadKnowledgeDocument($knowledgeBaseId: ID!, $file: Upload!, $title: String) {
    uploadKnowledgeDocument(knowledgeBaseId: $knowledgeBaseId, file: $file, title: $title) {
      document {
        ...KnowledgeDocumentFields
      }
      knowledgeBase {
        id
        updatedAt
      }
    }
  }
`);

export const DeleteKnowledgeDocumentMutation = graphql(`
  mutation DeleteKnowledgeDocument($id: ID!) {
    deleteKnowledgeDocument(id: $id) {
      deletedId
      knowledgeBase {
        id
        updatedAt
      }
    }
  }
`);

export const KnowledgeBaseSharingQuery = graphql(`
  query KnowledgeBaseSharing($id: ID!) {
    knowledgeBase(id: $id) {
      id
      visibility
      ownedByViewer
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
      role
    }
  }
`);

export const SetKnowledgeBaseVisibilityMutation = graphql(`
  mutation SetKnowledgeBaseVisibility($id: ID!, $visibility: Visibility!) {
    setKnowledgeBaseVisibility(id: $id, visibility: $visibility) {
      knowledgeBase {
        id
        visibility
      }
    }
  }
`);

export const ShareKnowledgeBaseMutation = graphql(`
  mutation ShareKnowledgeBase($id: ID!, $userId: ID!, $level: GrantLevel!) {
    shareKnowledgeBase(id: $id, userId: $userId, level: $level) {
      grant {
        user {
          id
        }
        level
        doesNothing
      }
    }
  }
`);

export const RevokeKnowledgeBaseGrantMutation = graphql(`
  mutation RevokeKnowledgeBaseGrant($id: ID!, $userId: ID!) {
    revokeKnowledgeBaseGrant(id: $id, userId: $userId) {
      knowledgeBase {
        id
        grants {
          user {
            id
          }
          level
          doesNothing
        }
      }
    }
  }
`);

export const AttachKnowledgeBaseMutation = graphql(`
  mutation AttachKnowledgeBase($agentId: ID!, $knowledgeBaseId: ID!) {
    attachKnowledgeBase(agentId: $agentId, knowledgeBaseId: $knowledgeBaseId) {
      newVersion
      version {
        number
      }
      agent {
        id
        latestVersion
      }
    }
  }
`);

export const DetachKnowledgeBaseMutation = graphql(`
  mutation DetachKnowledgeBase($agentId: ID!, $knowledgeBaseId: ID!) {
    detachKnowledgeBase(agentId: $agentId, knowledgeBaseId: $knowledgeBaseId) {
      newVersion
      version {
        number
      }
      agent {
        id
        latestVersion
      }
    }
  }
`);

export const KnowledgeBaseChoicesQuery = graphql(`
  query KnowledgeBaseChoices($search: String) {
    knowledgeBases(first: 50, search: $search) {
      edges {
        node {
          id
          name
        }
      }
    }
  }
`);
