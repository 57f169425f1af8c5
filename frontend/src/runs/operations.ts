import { graphql } from '../gql';

export const RunStepFields = graphql(`
  fragment RunStepFields on RunStep {
    position
    kind
    text
    toolName
    arguments
    status
    result
    readOnly
  }
`);

export const RatingFields = graphql(`
  fragment RatingFields on Rating {
    value
    comment
    raterEndUser
    createdAt
    updatedAt
    byViewer
    rater {
      id
      name
      email
    }
  }
`);

/** A run as a row of Activity's table. */
export const RunRowFields = graphql(`
  fragment RunRowFields on Run {
    id
    question
    answer
    status
    error
    model
    costUsd
    latencyMs
    isolated
    eval
    hasTranscript
    startedAt
    agentName
    agentVersionNumber
    agent {
      id
      name
    }
    ratingSummary {
      up
      down
    }
    conversation {
      id
      title
      endUser
      owner {
        id
        name
        email
      }
    }
  }
`);

/** A run with everything its detail and the chat show: steps, ratings, where it sits in its conversation. */
export const RunDetailFields = graphql(`
  fragment RunDetailFields on Run {
    ...RunRowFields
    inputTokens
    outputTokens
    messageId
    steps {
      ...RunStepFields
    }
    ratings {
      ...RatingFields
    }
    viewerRating {
      ...RatingFields
    }
    questionMessage {
      id
      position
      content
    }
    message {
      id
      position
    }
    conversation {
      id
      visibility
      ownedByViewer
      privateToAnother
    }
  }
`);

export const RateRunMutation = graphql(`
  mutation RateRun($input: RateRunInput!) {
    rateRun(input: $input) {
      run {
        id
        ratingSummary {
          up
          down
        }
        ratings {
          ...RatingFields
        }
        viewerRating {
          ...RatingFields
        }
      }
    }
  }
`);

export const RemoveRatingMutation = graphql(`
  mutation RemoveRating($runId: ID!) {
    removeRating(runId: $runId) {
      run {
        id
        ratingSummary {
          up
          down
        }
        ratings {
          ...RatingFields
        }
        viewerRating {
          ...RatingFields
        }
      }
    }
  }
`);
