import { graphql } from '../gql';

export const ScorerSwitchesFields = graphql(`
  fragment ScorerSwitchesFields on ScoringConfig {
    checks {
      enabled
      mustPass
    }
    toolCalls {
      enabled
      mustPass
    }
    judge {
      enabled
      mustPass
    }
    reference {
      enabled
      mustPass
    }
    structured {
      enabled
      mustPass
    }
  }
`);

export const DatasetScorersQuery = graphql(`
  query DatasetScorers($id: ID!) {
    dataset(id: $id) {
      id
      scoring {
        ...ScorerSwitchesFields
      }
    }
  }
`);

export const ModelConnectionFields = graphql(`
  fragment ModelConnectionFields on ModelConnection {
    id
    name
    provider
    baseUrl
    models
    keyHint
  }
`);

export const StructuredModelFields = graphql(`
  fragment StructuredModelFields on StructuredModelChoice {
    local
    connectionId
    model
  }
`);

export const ScoringFields = graphql(`
  fragment ScoringFields on ScoringConfig {
    checks {
      enabled
      mustPass
      defaultChecks {
        ...CheckFields
      }
    }
    toolCalls {
      enabled
      mustPass
    }
    judge {
      enabled
      mustPass
      connectionId
      model
      instructions
      criteria {
        id
        text
      }
      scale
      passAt
      yesNoGrading
    }
    reference {
      enabled
      mustPass
    }
    structured {
      enabled
      mustPass
      strictness
      passAt
      embeddingModel {
        ...StructuredModelFields
      }
      judgeModel {
        ...StructuredModelFields
      }
      exactOnlyNotice
      localEmbeddingsInstalled
    }
  }
`);

export const DatasetScoringQuery = graphql(`
  query DatasetScoring($id: ID!) {
    dataset(id: $id) {
      id
      scoring {
        ...ScoringFields
      }
    }
    modelConnections {
      ...ModelConnectionFields
    }
  }
`);

export const ScoringCoverageQuery = graphql(`
  query ScoringCoverage($id: ID!, $unsaved: ScoringInput) {
    dataset(id: $id) {
      id
      scoring {
        coverage(unsaved: $unsaved) {
          caseCount
          checks
          toolCalls
          judge
          reference
          counterExample
          nothingGrades
          referenceOffered
          structured
          unverifiedReferences
        }
      }
    }
  }
`);

export const UpdateScoringMutation = graphql(`
  mutation UpdateScoring($datasetId: ID!, $patch: ScoringInput!) {
    updateScoring(datasetId: $datasetId, patch: $patch) {
      scoring {
        ...ScoringFields
        ...ScorerSwitchesFields
      }
    }
  }
`);

export const SuggestRuleQuery = graphql(`
  query SuggestRule($criterion: String!) {
    suggestRule(criterion: $criterion) {
      ...CheckFields
    }
  }
`);

export const AddModelConnectionMutation = graphql(`
  mutation AddModelConnection($input: AddModelConnectionInput!) {
    addModelConnection(input: $input) {
      connection {
        ...ModelConnectionFields
      }
    }
  }
`);
