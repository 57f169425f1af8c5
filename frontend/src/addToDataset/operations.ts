import { graphql } from '../gql';

/** The case Add to dataset would make of a reply, for the dialog's preview. */
export const CaseDraftQuery = graphql(`
  query CaseDraft($runId: ID!) {
    run(id: $runId) {
      id
      caseDraft {
        question
        history {
          role
          content
        }
        answer
        suggestedKeepAs
        expectedToolCalls
        note
        conversationOwnerName
      }
    }
  }
`);

/** Datasets this member may add to. */
export const EditableDatasetsQuery = graphql(`
  query EditableDatasets {
    datasets(first: 100, editable: true) {
      edges {
        node {
          id
          name
          latestVersion
          visibility
        }
      }
    }
  }
`);

export const AddCaseFromMessageMutation = graphql(`
  mutation AddCaseFromMessage($input: AddCaseFromMessageInput!) {
    addCaseFromMessage(input: $input) {
      version
      case {
        id
      }
      dataset {
        id
        name
        latestVersion
      }
    }
  }
`);
