import { graphql } from '../gql';

export const RunsQuery = graphql(`
  query Runs($filter: RunFilterInput, $first: Int!, $after: String) {
    runs(filter: $filter, first: $first, after: $after) {
      pageInfo {
        hasNextPage
        endCursor
      }
      edges {
        cursor
        node {
          ...RunRowFields
        }
      }
    }
  }
`);

export const RunQuery = graphql(`
  query Run($id: ID!) {
    run(id: $id) {
      ...RunDetailFields
      agentVersion {
        number
      }
    }
  }
`);

/** The dataset Activity adds to when opened from its **Add from Activity**. */
export const TargetDatasetQuery = graphql(`
  query TargetDataset($id: ID!) {
    dataset(id: $id) {
      id
      name
      latestVersion
      viewerCan {
        edit
        run
      }
    }
  }
`);
