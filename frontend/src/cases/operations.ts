import { graphql } from '../gql';

/** Every case change makes a version: the dataset, its versions and its case lists are read again. */
export const CASE_CHANGE_CONTEXT = { additionalTypenames: ['Dataset', 'DatasetVersion', 'CaseConnection', 'Case'] };

/** A check as the API shows it: one member set, named after the check's type. */
export const CheckFields = graphql(`
  fragment CheckFields on Check {
    contains {
      value
      path
      caseSensitive
    }
    notContains {
      value
      path
      caseSensitive
    }
    equals {
      value
      path
      caseSensitive
    }
    regex {
      value
      path
      caseSensitive
    }
    jsonSchema {
      schema
      path
    }
    maxCostUsd {
      value
    }
    maxLatencyMs {
      value
    }
    length {
      unit
      min
      max
      path
    }
    judge {
      criterion
    }
  }
`);

export const CaseRowFields = graphql(`
  fragment CaseRowFields on Case {
    id
    revision
    changedInVersion
    source
    masked
    input
    history {
      role
    }
    referenceAnswer
    counterExample
    expectedToolCalls {
      tool
    }
    checks {
      ...CheckFields
    }
    tags
    referenceVerified
    anonymisedAt
  }
`);

export const CaseFields = graphql(`
  fragment CaseFields on Case {
    id
    revision
    changedInVersion
    source
    sourceLink {
      runId
      conversationId
      messageId
      questionMessageId
      knowledgeDocumentId
      passageId
    }
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
    createdAt
    revisedAt
    anonymisedAt
  }
`);

export const DatasetCasesQuery = graphql(`
  query DatasetCases($id: ID!, $version: Int, $first: Int!, $after: String, $tag: String, $source: String, $search: String) {
    dataset(id: $id) {
      id
      cases(version: $version, first: $first, after: $after, tag: $tag, source: $source, search: $search) {
        totalCount
        pageInfo {
          hasNextPage
          endCursor
        }
        edges {
          cursor
          node {
            ...CaseRowFields
          }
        }
      }
    }
  }
`);

export const DatasetTagsQuery = graphql(`
  query DatasetTags($id: ID!, $version: Int) {
    dataset(id: $id) {
      id
      tags(version: $version)
    }
  }
`);

export const CaseQuery = graphql(`
  query Case($id: ID!, $version: Int) {
    case(id: $id, version: $version) {
      ...CaseFields
    }
  }
`);

export const AddCaseMutation = graphql(`
  mutation AddCase($datasetId: ID!, $case: CaseInput!, $allowTwin: Boolean!) {
    addCase(datasetId: $datasetId, case: $case, allowTwin: $allowTwin) {
      case {
        ...CaseFields
      }
      version
      twins {
        id
        input
        masked
        changedInVersion
        tags
      }
    }
  }
`);

export const UpdateCaseMutation = graphql(`
  mutation UpdateCase($id: ID!, $baseVersion: Int!, $case: CaseInput!) {
    updateCase(id: $id, baseVersion: $baseVersion, case: $case) {
      case {
        ...CaseFields
      }
      version
      changed
    }
  }
`);

export const RemoveCaseMutation = graphql(`
  mutation RemoveCase($id: ID!, $baseVersion: Int) {
    removeCase(id: $id, baseVersion: $baseVersion) {
      removedCaseId
      version
    }
  }
`);

export const ImportCasesMutation = graphql(`
  mutation ImportCases($datasetId: ID!, $file: Upload!) {
    importCases(datasetId: $datasetId, file: $file) {
      version
      imported
      redacted
    }
  }
`);

export const ImportColumnsQuery = graphql(`
  query ImportColumns {
    caseImportColumns
  }
`);

export const ImportTemplateQuery = graphql(`
  query ImportTemplate {
    caseImportTemplate
  }
`);

export const ExportCasesQuery = graphql(`
  query ExportCases($id: ID!, $format: String!, $version: Int) {
    dataset(id: $id) {
      id
      export(format: $format, version: $version) {
        filename
        contentType
        content
        caseCount
      }
    }
  }
`);
