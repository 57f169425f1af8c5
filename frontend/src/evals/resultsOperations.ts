import { graphql } from '../gql';

/**
 * What a run found: its summary, the per-case table, the comparison with an
 * earlier run, and what it sends to review.
 */

export const EvalAgentSummaryFields = graphql(`
  fragment EvalAgentSummaryFields on EvalAgentSummary {
    agentId
    agentName
    agentVersion
    passed
    failed
    notGraded
    passRate
    decided
    overruled
    costUsd
    latencyP50Ms
    latencyP95Ms
    qualityMean
    qualityMin
    qualityMax
  }
`);

export const EvalAnswerFields = graphql(`
  fragment EvalAnswerFields on Score {
    id
    outcome
    outcomeReason
    notGradedBy
    quality
    repetition
    answer
    answerCut
    toolCalls {
      name
      args
      blocked
    }
    costUsd
    latencyMs
    agentName
    agentVersion
    results {
      scorer
      status
      mustPass
      skipped
      reason
    }
    finalOutcome
    sourceRunId
    datasetVersion
    caseRevision
    review {
      state
      decision {
        outcome
        decidedBy
        decidedAt
        overrulesScorers
      }
    }
  }
`);

export const EvalCaseResultFields = graphql(`
  fragment EvalCaseResultFields on EvalCaseResult {
    case {
      id
      revision
      masked
      input
      referenceAnswer
      tags
    }
    agentId
    agentName
    outcome
    scores {
      id
      outcome
      quality
      repetition
    }
    medianScore {
      ...EvalAnswerFields
    }
    qualityMean
    qualityMin
    qualityMax
    baselineOutcome
    flip
    confirmed
    scorersOutcome
    decided
    decision {
      outcome
      decidedBy
      decidedAt
      overrulesScorers
    }
    answerPreview
    failingScorer
    failingReason
  }
`);

export const EvalRunResultsQuery = graphql(`
  query EvalRunResults($id: ID!, $agentId: ID, $outcome: ScoreOutcome, $tag: String, $flipped: Boolean, $decided: Boolean, $search: String, $first: Int!, $after: String) {
    evalRun(id: $id) {
      id
      resultCounts(agentId: $agentId, outcome: $outcome, tag: $tag, flipped: $flipped, decided: $decided, search: $search) {
        total
        outcomes {
          outcome
          count
        }
        agents {
          agentId
          agentName
          count
        }
        tags {
          tag
          count
        }
        flipped
        notFlipped
        decided
        notDecided
      }
      results(agentId: $agentId, outcome: $outcome, tag: $tag, flipped: $flipped, decided: $decided, search: $search, first: $first, after: $after) {
        totalCount
        pageInfo {
          hasNextPage
          endCursor
        }
        edges {
          cursor
          node {
            ...EvalCaseResultFields
          }
        }
      }
    }
  }
`);

/** The per-case table with a column per agent: a row per case, every agent's result beside the others; totalCount counts cases. */
export const EvalRunCaseRowsQuery = graphql(`
  query EvalRunCaseRows($id: ID!, $outcome: ScoreOutcome, $tag: String, $flipped: Boolean, $decided: Boolean, $search: String, $first: Int!, $after: String) {
    evalRun(id: $id) {
      id
      resultCounts(outcome: $outcome, tag: $tag, flipped: $flipped, decided: $decided, search: $search) {
        total
        outcomes {
          outcome
          count
        }
        agents {
          agentId
          agentName
          count
        }
        tags {
          tag
          count
        }
        flipped
        notFlipped
        decided
        notDecided
      }
      caseRows(outcome: $outcome, tag: $tag, flipped: $flipped, decided: $decided, search: $search, first: $first, after: $after) {
        totalCount
        pageInfo {
          hasNextPage
          endCursor
        }
        edges {
          cursor
          node {
            results {
              ...EvalCaseResultFields
            }
          }
        }
      }
    }
  }
`);

export const EvalComparisonQuery = graphql(`
  query EvalComparison($id: ID!, $with: ID) {
    evalRun(id: $id) {
      id
      comparison(with: $with) {
        baseline {
          id
          datasetVersion
          createdAt
          status
          agents {
            agentId
            agentName
            agentVersion
            versionLabel
          }
        }
        sameVersion
        note
        comparedCases
        regressions {
          ...EvalCaseResultFields
        }
        improvements {
          ...EvalCaseResultFields
        }
        confirmedRegressions
        passRateBefore
        passRateAfter
      }
    }
  }
`);

export const EvalReviewCandidatesQuery = graphql(`
  query EvalReviewCandidates($id: ID!) {
    evalRunReviewCandidates(id: $id) {
      ...EvalAnswerFields
      case {
        id
        input
        masked
      }
    }
  }
`);

/** A page of one run's answers by one agent, to find the answer it gave to a case (the other side of a comparison). */
export const EvalAnswersInRunQuery = graphql(`
  query EvalAnswersInRun($id: ID!, $agentId: ID, $first: Int!, $after: String) {
    evalRun(id: $id) {
      id
      results(agentId: $agentId, first: $first, after: $after) {
        pageInfo {
          hasNextPage
          endCursor
        }
        edges {
          node {
            case {
              id
            }
            agentId
            outcome
            medianScore {
              ...EvalAnswerFields
            }
          }
        }
      }
    }
  }
`);

/** A run's summary: per agent side by side, per scorer and per tag. */
export const EvalRunSummaryQuery = graphql(`
  query EvalRunSummary($id: ID!) {
    evalRun(id: $id) {
      id
      summary {
        agents {
          ...EvalAgentSummaryFields
        }
        scorers {
          agentId
          scorer
          passed
          failed
          notGraded
          passRate
          decided
          overruled
        }
        tags {
          agentId
          tag
          passed
          failed
          notGraded
          passRate
          decided
          overruled
        }
        decidedSinceEnd
        atEnd {
          agents {
            agentId
            agentName
            passed
            failed
            passRate
          }
        }
      }
    }
  }
`);

/** The pass rate of each agent over the dataset's runs, newest first, for the chart over versions. */
export const EvalPassRatesQuery = graphql(`
  query EvalPassRates($datasetId: ID!, $first: Int!) {
    evalRuns(datasetId: $datasetId, first: $first) {
      edges {
        node {
          id
          datasetVersion
          createdAt
          summary {
            agents {
              agentId
              agentName
              passRate
            }
          }
        }
      }
    }
  }
`);

/** The dataset's pass-rate trend: a point per ended run, oldest first, with its end date, its version and every agent (decisions counting). */
export const EvalTrendQuery = graphql(`
  query EvalTrend($datasetId: ID!, $first: Int!) {
    evalTrend(datasetId: $datasetId, first: $first) {
      runId
      endedAt
      startedAt
      datasetVersion
      agents {
        agentId
        agentName
        passRate
      }
    }
  }
`);
