import { graphql } from '../gql';

export const EvalProgressFields = graphql(`
  fragment EvalProgressFields on EvalProgress {
    runId
    status
    statusReason
    total
    answered
    scored
    passed
    failed
    notGraded
    costUsd
    etaSeconds
    sequence
  }
`);

export const EvalRunListFields = graphql(`
  fragment EvalRunListFields on EvalRun {
    id
    datasetVersion
    status
    statusReason
    repetitions
    tags
    concurrency
    startedBy
    createdAt
    finishedAt
    agents {
      agentId
      agent {
        id
        name
      }
      agentName
      agentVersion
      kind
      versionLabel
    }
    baseline {
      id
      datasetVersion
      createdAt
    }
    progress {
      ...EvalProgressFields
    }
  }
`);

/** The runs of a dataset, newest first. */
export const EvalRunsQuery = graphql(`
  query EvalRuns($datasetId: ID!, $first: Int!, $after: String) {
    evalRuns(datasetId: $datasetId, first: $first, after: $after) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      edges {
        cursor
        node {
          ...EvalRunListFields
        }
      }
    }
  }
`);

/** What the start dialog chooses from: versions, tags of the version, runnable agents, whether the reader may start. */
export const EvalStartOptionsQuery = graphql(`
  query EvalStartOptions($datasetId: ID!, $version: Int) {
    dataset(id: $datasetId) {
      id
      latestVersion
      tags(version: $version)
      versions(first: 100) {
        number
        caseCount
        createdAt
      }
      evalAccess {
        canStart
        reason
      }
    }
    agents(first: 100, runnable: true) {
      edges {
        node {
          id
          name
          kind
          latestVersion
        }
      }
    }
  }
`);

export const EvalAccessQuery = graphql(`
  query EvalAccess($datasetId: ID!) {
    dataset(id: $datasetId) {
      id
      evalAccess {
        canStart
        reason
      }
    }
  }
`);

export const EstimateEvalRunMutation = graphql(`
  mutation EstimateEvalRun($input: EvalRunInput!) {
    estimateEvalRun(input: $input) {
      datasetVersion
      cases
      anonymisedLeftOut
      answers
      agents {
        agent {
          id
          name
          kind
        }
        agentVersion
        versionLabel
        newVersion
        costUsd
        costText
      }
      judgeCostUsd
      judgeCostText
      totalCostText
      confirmation
    }
  }
`);

export const StartEvalRunMutation = graphql(`
  mutation StartEvalRun($input: EvalRunInput!, $confirmation: String!) {
    startEvalRun(input: $input, confirmation: $confirmation) {
      ...EvalRunListFields
    }
  }
`);

export const CancelEvalRunMutation = graphql(`
  mutation CancelEvalRun($id: ID!) {
    cancelEvalRun(id: $id) {
      ...EvalRunListFields
    }
  }
`);

/** A run's progress now: read again while the run answers, until it is over. */
export const EvalRunProgressQuery = graphql(`
  query EvalRunProgressNow($id: ID!) {
    evalRun(id: $id) {
      id
      status
      finishedAt
      progress {
        ...EvalProgressFields
      }
    }
  }
`);

export const EvalClientWorkFields = graphql(`
  fragment EvalClientWorkFields on EvalClientWork {
    waiting
    held
    lastSeenAt
  }
`);

/** A run's page: what it ran and how far it is. */
export const EvalRunQuery = graphql(`
  query EvalRun($id: ID!) {
    evalRun(id: $id) {
      ...EvalRunListFields
      clientWork {
        ...EvalClientWorkFields
      }
      cases
      anonymisedLeftOut
      budgetUsd
      confirmFlips
      startedAt
      dataset {
        id
        latestVersion
      }
    }
  }
`);

/** Who answers a run with a local agent now: the items waiting for a client, those held, when a client was last seen. Read again while the run is active. */
export const EvalRunClientWorkQuery = graphql(`
  query EvalRunClientWork($id: ID!) {
    evalRun(id: $id) {
      id
      clientWork {
        ...EvalClientWorkFields
      }
    }
  }
`);

/** A run's progress now, then each change, until it is over. */
export const EvalRunProgressSubscription = graphql(`
  subscription EvalRunProgress($id: ID!) {
    evalRunProgress(id: $id) {
      ...EvalProgressFields
    }
  }
`);

/** Runs of the organization the reader may see, as they start and finish. */
export const OrganizationEvalRunsSubscription = graphql(`
  subscription OrganizationEvalRuns {
    organizationEvalRuns {
      kind
      run {
        id
        dataset {
          id
        }
      }
    }
  }
`);
