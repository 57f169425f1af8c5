import { graphql } from '../gql';

/**
 * Results → Review answers: every graded answer of a dataset, one answer's
 * evidence and decision, the queue's counts (live), and what a reviewer does:
 * decide, withdraw or undo a decision, send to or withdraw from the queue,
 * score ungraded answers again, and turn a note into a judge criterion.
 */

export const ReviewDecisionFields = graphql(`
  fragment ReviewDecisionFields on ScoreReview {
    state
    rank
    waitingSince
    sentBy
    decision {
      outcome
      note
      decidedBy
      decidedAt
      overrulesScorers
      canUndo
    }
  }
`);

/** A row of the table: enough to show and filter, and to keep in place once decided. */
export const ReviewRowFields = graphql(`
  fragment ReviewRowFields on Score {
    id
    outcome
    finalOutcome
    agentName
    agentVersion
    answeringModel
    createdAt
    source
    sourceRunId
    evidenceMasked
    caseTags
    evalRun {
      id
      createdAt
      datasetVersion
    }
    case {
      id
      masked
      input
    }
    review {
      ...ReviewDecisionFields
    }
  }
`);

export const ReviewAnswersQuery = graphql(`
  query ReviewAnswers($id: ID!, $first: Int!, $after: String, $filter: ReviewAnswersFilter) {
    dataset(id: $id) {
      id
      reviewAnswers(first: $first, after: $after, filter: $filter) {
        totalCount
        pageInfo {
          hasNextPage
          endCursor
        }
        edges {
          cursor
          node {
            ...ReviewRowFields
          }
        }
      }
    }
  }
`);

/** What the filters offer: the agents that answered and the tags of the newest version. */
export const ReviewFilterChoicesQuery = graphql(`
  query ReviewFilterChoices($id: ID!) {
    dataset(id: $id) {
      id
      reviewAgentNames
      tags
    }
  }
`);

/** One answer in the side panel: what the case asked and expected, the answer as graded, who answered, what each scorer found, the decision. */
export const ReviewScoreQuery = graphql(`
  query ReviewScore($id: ID!) {
    score(id: $id) {
      ...ReviewRowFields
      mayScoreAgain
      answer
      answerChars
      answerCut
      toolCalls {
        name
        args
        blocked
      }
      answeringAgentId
      warnings
      datasetVersion
      caseRevision
      pins {
        model
      }
      results {
        scorer
        status
        mustPass
        skipped
        score
        reason
      }
      judgeGrades {
        criterionId
        criterionText
        kind
        scorer
        status
        grade
        verified
        rule
        reason
        quotes {
          text
          verified
        }
      }
      case {
        id
        revision
        masked
        input
        referenceAnswer
        referenceVerified
        counterExample
        orderMode
        expectedToolCalls {
          tool
          args
        }
        checks {
          ...CheckFields
        }
        tags
      }
    }
  }
`);

export const ReviewCountsFields = graphql(`
  fragment ReviewCountsFields on ReviewQueueCounts {
    waiting
    notPassed
    notGraded
    passed
    dataset {
      id
      name
    }
  }
`);

export const ReviewSummaryFields = graphql(`
  fragment ReviewSummaryFields on ReviewQueueSummary {
    waiting
    notPassed
    notGraded
    passed
    datasets {
      ...ReviewCountsFields
    }
    busiest {
      id
      name
    }
  }
`);

export const ReviewQueueSummaryQuery = graphql(`
  query ReviewQueueSummary {
    reviewQueueSummary {
      ...ReviewSummaryFields
    }
  }
`);

export const DatasetReviewCountsQuery = graphql(`
  query DatasetReviewCounts($id: ID!) {
    dataset(id: $id) {
      id
      reviewCounts {
        ...ReviewCountsFields
      }
    }
  }
`);

/** The queue's counts now, then after every change: one dataset's, or across every dataset the reader sees. */
export const ReviewQueueCountsSubscription = graphql(`
  subscription ReviewQueueCounts($datasetId: ID) {
    reviewQueueCounts(datasetId: $datasetId) {
      ...ReviewSummaryFields
    }
  }
`);

export const DecideReviewMutation = graphql(`
  mutation DecideReview($input: DecideReviewInput!) {
    decideReview(input: $input) {
      score {
        id
        finalOutcome
        evidenceMasked
        review {
          ...ReviewDecisionFields
        }
      }
    }
  }
`);

/** What undoing or withdrawing a decision changed: the score, and the one it replaced in the queue. */
export const ReviewChangeFields = graphql(`
  fragment ReviewChangeFields on ReviewChangePayload {
    queued
    score {
      id
      finalOutcome
      review {
        ...ReviewDecisionFields
      }
    }
    replaced {
      id
      review {
        ...ReviewDecisionFields
      }
    }
  }
`);

export const UndoReviewDecisionMutation = graphql(`
  mutation UndoReviewDecision($scoreId: ID!) {
    undoReviewDecision(scoreId: $scoreId) {
      ...ReviewChangeFields
    }
  }
`);

export const WithdrawReviewDecisionMutation = graphql(`
  mutation WithdrawReviewDecision($scoreId: ID!) {
    withdrawReviewDecision(scoreId: $scoreId) {
      ...ReviewChangeFields
    }
  }
`);

export const SendToReviewMutation = graphql(`
  mutation SendToReview($input: SendToReviewInput!) {
    sendToReview(input: $input) {
      queued {
        id
        review {
          ...ReviewDecisionFields
        }
      }
      replaced {
        id
        review {
          ...ReviewDecisionFields
        }
      }
      notQueued {
        reason
        score {
          id
        }
      }
    }
  }
`);

export const WithdrawFromReviewMutation = graphql(`
  mutation WithdrawFromReview($input: WithdrawFromReviewInput!) {
    withdrawFromReview(input: $input) {
      withdrawn {
        id
        review {
          ...ReviewDecisionFields
        }
      }
    }
  }
`);

export const WithdrawWaitingMutation = graphql(`
  mutation WithdrawWaiting($input: WithdrawWaitingInput!) {
    withdrawWaiting(input: $input) {
      withdrawn {
        id
        review {
          ...ReviewDecisionFields
        }
      }
    }
  }
`);

export const ScoreUngradedAgainMutation = graphql(`
  mutation ScoreUngradedAgain($input: ScoreUngradedAgainInput!) {
    scoreUngradedAgain(input: $input) {
      scoreCount
      jobs {
        id
        status
      }
    }
  }
`);

export const MakeCriterionFromNoteMutation = graphql(`
  mutation MakeCriterionFromNote($input: CriterionFromNoteInput!) {
    makeCriterionFromNote(input: $input) {
      scope
      version
      criterionId
      case {
        id
      }
    }
  }
`);
