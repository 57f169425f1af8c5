import { graphql } from '../gql';

/** A case as a version holds it, every field a version diff may name. */
export const DiffCaseFields = graphql(`
  fragment DiffCaseFields on Case {
    id
    revision
    masked
    input
    history {
      role
      content
    }
    referenceAnswer
    counterExample
    expectedToolCalls {
      tool
      args
    }
    orderMode
    checks {
      ...CheckFields
    }
    tags
    note
    referenceVerified
  }
`);

/** Two versions of a dataset side by side: how many cases were added, removed and changed, and a page of them. */
export const DatasetVersionDiffQuery = graphql(`
  query DatasetVersionDiff($id: ID!, $from: Int!, $to: Int!, $first: Int!, $after: String) {
    dataset(id: $id) {
      id
      versionDiff(from: $from, to: $to) {
        from
        to
        added
        removed
        changed
        changes(first: $first, after: $after) {
          totalCount
          pageInfo {
            hasNextPage
            endCursor
          }
          edges {
            cursor
            node {
              caseId
              kind
              changedFields
              before {
                ...DiffCaseFields
              }
              after {
                ...DiffCaseFields
              }
            }
          }
        }
      }
    }
  }
`);
