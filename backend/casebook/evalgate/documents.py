"""The GraphQL documents ``casebook eval`` sends - the same ones docs/eval-runs.md shows
for other CI systems."""

ESTIMATE = """
mutation Estimate($input: EvalRunInput!) {
  estimateEvalRun(input: $input) {
    datasetVersion cases anonymisedLeftOut answers
    agents { agent { id name } agentVersion costText }
    judgeCostText totalCostText confirmation
  }
}
"""

START = """
mutation Start($input: EvalRunInput!, $confirmation: String!) {
  startEvalRun(input: $input, confirmation: $confirmation) { id datasetVersion status }
}
"""

PROGRESS_FIELDS = """
  runId status statusReason total answered scored passed failed notGraded
  costUsd etaSeconds sequence
"""

PROGRESS_SUBSCRIPTION = f"""
subscription Progress($id: ID!) {{
  evalRunProgress(id: $id) {{ {PROGRESS_FIELDS} }}
}}
"""

PROGRESS_POLL = f"""
query Progress($id: ID!) {{
  evalRun(id: $id) {{ progress {{ {PROGRESS_FIELDS} }} }}
}}
"""

LAST_RUNS = """
query LastRuns($datasetId: ID!) {
  evalRuns(datasetId: $datasetId, first: 50) {
    edges { node { id status createdAt agents { agent { id } } } }
  }
}
"""

SUMMARY = """
query Summary($id: ID!) {
  evalRun(id: $id) {
    id datasetVersion status statusReason
    dataset { id name }
    summary {
      agents {
        agentId agentName agentVersion passed failed notGraded passRate costUsd
        latencyP50Ms latencyP95Ms qualityMean qualityMin qualityMax
      }
    }
    comparison {
      baseline { id datasetVersion }
      sameVersion note comparedCases confirmedRegressions passRateBefore passRateAfter
      regressions { case { id input } agentName confirmed }
      improvements { case { id } agentName confirmed }
    }
  }
}
"""

RESULTS_PAGE = """
query Results($id: ID!, $after: String) {
  evalRun(id: $id) {
    results(first: 100, after: $after) {
      pageInfo { hasNextPage endCursor }
      edges {
        node {
          case { id input tags }
          agentId agentName outcome flip confirmed qualityMean
          medianScore { id outcomeReason latencyMs }
          scores { latencyMs }
        }
      }
    }
  }
}
"""
