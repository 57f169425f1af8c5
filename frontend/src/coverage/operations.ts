import { graphql } from '../gql';

export const CoverageGapFields = graphql(`
  fragment CoverageGapFields on CoverageGap {
    tag
    reason
    cases
    failing
    suggestedSource
    suggestedCount
  }
`);

/** The newest version's cases by tag and by source, and the gaps worth generating for. */
export const DatasetCoverageQuery = graphql(`
  query DatasetCoverage($id: ID!) {
    dataset(id: $id) {
      id
      latestVersion
      coverage {
        cases
        untagged
        fewBelow
        byTag {
          tag
          cases
          failing
        }
        bySource {
          source
          cases
        }
        gaps {
          ...CoverageGapFields
        }
      }
    }
  }
`);
