import { graphql } from '../gql';

/** The agents a generation may test: those the member may view. */
export const GenerationAgentsQuery = graphql(`
  query GenerationAgents {
    agents(first: 100) {
      edges {
        node {
          id
          name
          kind
        }
      }
    }
  }
`);

export const GenerationEstimateQuery = graphql(`
  query GenerationEstimate($datasetId: ID!, $agentId: ID!, $sources: [String!]!, $count: Int!, $focusTag: String) {
    generationEstimate(datasetId: $datasetId, agentId: $agentId, sources: $sources, count: $count, focusTag: $focusTag) {
      sources {
        source
        cases
        draftsFrom
        draftsFromText
      }
      costText
      fingerprint
    }
  }
`);

export const GenerationFields = graphql(`
  fragment GenerationFields on Generation {
    id
    status
    count
    sources
    kept
    unreadable
    ruleBroken
    runId
    error
    job {
      id
      status
    }
  }
`);

export const StartGenerationMutation = graphql(`
  mutation StartGeneration($datasetId: ID!, $agentId: ID!, $sources: [String!]!, $count: Int!, $fingerprint: String!, $focusTag: String) {
    startGeneration(datasetId: $datasetId, agentId: $agentId, sources: $sources, count: $count, fingerprint: $fingerprint, focusTag: $focusTag) {
      ...GenerationFields
    }
  }
`);

export const GenerationQuery = graphql(`
  query Generation($id: ID!) {
    generation(id: $id) {
      ...GenerationFields
    }
  }
`);

export const GenerationJobSubscription = graphql(`
  subscription GenerationJob($id: ID!) {
    jobProgress(id: $id) {
      id
      status
      error
    }
  }
`);

export const ProposedCaseCountQuery = graphql(`
  query ProposedCaseCount($id: ID!) {
    dataset(id: $id) {
      id
      proposedCaseCount
    }
  }
`);

export const ProposedCaseFields = graphql(`
  fragment ProposedCaseFields on ProposedCase {
    id
    source
    input
    referenceAnswer
    counterExample
    expectedToolCalls {
      tool
    }
    checks {
      ...CheckFields
    }
    tags
    note
    knowledgeDocumentId
    knowledgeBase {
      id
      name
    }
    passageId
    category
    questionMessageId
    conversationId
  }
`);

export const ProposedCasesQuery = graphql(`
  query ProposedCases($id: ID!, $first: Int!, $after: String) {
    dataset(id: $id) {
      id
      proposedCaseCount
      proposedCases(first: $first, after: $after) {
        edges {
          node {
            ...ProposedCaseFields
          }
        }
        pageInfo {
          hasNextPage
          endCursor
        }
        totalCount
      }
    }
  }
`);

export const AcceptProposedCasesMutation = graphql(`
  mutation AcceptProposedCases($ids: [ID!]!, $edits: [ProposedCaseEditInput!], $allowTwins: Boolean) {
    acceptProposedCases(ids: $ids, edits: $edits, allowTwins: $allowTwins) {
      version
      accepted
      twins {
        proposedCaseId
        cases {
          id
          input
          masked
          changedInVersion
          tags
        }
      }
      dataset {
        id
        latestVersion
        caseCount
        proposedCaseCount
      }
    }
  }
`);

export const DismissProposedCasesMutation = graphql(`
  mutation DismissProposedCases($ids: [ID!]!) {
    dismissProposedCases(ids: $ids) {
      dismissed
    }
  }
`);

export const GeneratorModelQuery = graphql(`
  query GeneratorModel($id: ID!) {
    dataset(id: $id) {
      id
      generatorModel {
        modelConnectionId
        model
      }
    }
  }
`);

export const SetGeneratorModelMutation = graphql(`
  mutation SetGeneratorModel($datasetId: ID!, $modelConnectionId: ID, $model: String) {
    setGeneratorModel(datasetId: $datasetId, modelConnectionId: $modelConnectionId, model: $model) {
      dataset {
        id
        generatorModel {
          modelConnectionId
          model
        }
      }
    }
  }
`);
