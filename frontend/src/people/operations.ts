import { graphql } from '../gql';

/** The members a person may be chosen from, and the organization's retention. */
export const PersonalDataPageQuery = graphql(`
  query PersonalDataPage {
    members {
      role
      user {
        id
        name
        email
      }
    }
    viewer {
      organization {
        id
        conversationRetentionDays
      }
    }
  }
`);

export const PersonDataExportQuery = graphql(`
  query PersonDataExport($person: PersonInput!) {
    personDataExport(person: $person) {
      filename
      contentType
      content
    }
  }
`);

export const ErasePersonMutation = graphql(`
  mutation ErasePerson($input: PersonInput!) {
    erasePerson(input: $input) {
      job {
        id
        status
        result
        error
      }
    }
  }
`);

export const ErasureProgressSubscription = graphql(`
  subscription ErasureProgress($id: ID!) {
    jobProgress(id: $id) {
      id
      status
      error
      result
    }
  }
`);

export const SetConversationRetentionMutation = graphql(`
  mutation SetConversationRetention($days: Int) {
    setConversationRetention(days: $days) {
      days
    }
  }
`);
