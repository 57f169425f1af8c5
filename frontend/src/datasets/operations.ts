import { graphql } from '../gql';

export const DatasetListFields = graphql(`
  fragment DatasetListFields on Dataset {
    id
    name
    description
    visibility
    latestVersion
    ownedByViewer
    updatedAt
    caseCount
  }
`);

export const DatasetsQuery = graphql(`
  query Datasets($first: Int!, $after: String, $search: String) {
    datasets(first: $first, after: $after, search: $search) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      edges {
        cursor
        node {
          ...DatasetListFields
        }
      }
    }
  }
`);

export const DatasetHeaderFields = graphql(`
  fragment DatasetHeaderFields on Dataset {
    id
    name
    description
    visibility
    latestVersion
    ownedByViewer
    createdAt
    updatedAt
    viewerCan {
      view
      edit
      run
      readRuns
    }
  }
`);

export const DatasetQuery = graphql(`
  query Dataset($id: ID!) {
    dataset(id: $id) {
      ...DatasetHeaderFields
    }
  }
`);

export const DatasetVersionFields = graphql(`
  fragment DatasetVersionFields on DatasetVersion {
    number
    action
    summary
    caseCount
    createdAt
  }
`);

export const DatasetVersionsQuery = graphql(`
  query DatasetVersions($id: ID!) {
    dataset(id: $id) {
      id
      versions(first: 100) {
        ...DatasetVersionFields
      }
    }
  }
`);

export const DatasetVersionQuery = graphql(`
  query DatasetVersion($id: ID!, $number: Int!) {
    dataset(id: $id) {
      id
      version(number: $number) {
        ...DatasetVersionFields
      }
    }
  }
`);

export const CreateDatasetMutation = graphql(`
  mutation CreateDataset($input: CreateDatasetInput!) {
    createDataset(input: $input) {
      dataset {
        ...DatasetHeaderFields
      }
    }
  }
`);

export const UpdateDatasetDetailsMutation = graphql(`
  mutation UpdateDatasetDetails($input: UpdateDatasetDetailsInput!) {
    updateDatasetDetails(input: $input) {
      dataset {
        ...DatasetHeaderFields
      }
    }
  }
`);

export const DeleteDatasetMutation = graphql(`
  mutation DeleteDataset($id: ID!) {
    deleteDataset(id: $id) {
      deletedId
    }
  }
`);

export const DatasetSharingQuery = graphql(`
  query DatasetSharing($id: ID!) {
    dataset(id: $id) {
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

export const SetDatasetVisibilityMutation = graphql(`
  mutation SetDatasetVisibility($id: ID!, $visibility: Visibility!) {
    setDatasetVisibility(id: $id, visibility: $visibility) {
      dataset {
        id
        visibility
      }
    }
  }
`);

export const ShareDatasetMutation = graphql(`
  mutation ShareDataset($id: ID!, $userId: ID!, $level: GrantLevel!) {
    shareDataset(id: $id, userId: $userId, level: $level) {
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

export const RevokeDatasetGrantMutation = graphql(`
  mutation RevokeDatasetGrant($id: ID!, $userId: ID!) {
    revokeDatasetGrant(id: $id, userId: $userId) {
      dataset {
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
