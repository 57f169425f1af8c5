import { graphql } from '../gql';

export const ScoreTargetFields = graphql(`
  fragment ScoreTargetFields on ScoreTarget {
    dataset {
      id
      name
    }
    case {
      id
      input
    }
  }
`);

/** What Score against a case offers for a run: cases asking its question, the closest ones, each dataset's judge. */
export const ScoreTargetsQuery = graphql(`
  query ScoreTargets($runId: ID!, $datasetId: ID) {
    scoreTargets(runId: $runId, datasetId: $datasetId) {
      question
      hasAnswer
      matching {
        ...ScoreTargetFields
      }
      closest {
        ...ScoreTargetFields
      }
      judges {
        dataset {
          id
        }
        enabled
        name
        model
      }
    }
  }
`);

export const ScoreRunMutation = graphql(`
  mutation ScoreRun($input: ScoreRunInput!) {
    scoreRun(input: $input) {
      score {
        id
        outcome
        outcomeReason
        notGradedBy
        results {
          scorer
          status
          score
          mustPass
          skipped
          reason
        }
      }
    }
  }
`);
