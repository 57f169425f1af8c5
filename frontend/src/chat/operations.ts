import { graphql } from '../gql';

/** Agents this member may chat with (agents:run on them). */
export const RunnableAgentsQuery = graphql(`
  query RunnableAgents {
    agents(first: 100, runnable: true) {
      edges {
        node {
          id
          name
          kind
          description
        }
      }
    }
  }
`);

/** A conversation of the chat, every turn with the run that wrote each reply. */
export const ChatConversationQuery = graphql(`
  query ChatConversation($id: ID!) {
    conversation(id: $id) {
      id
      title
      ownedByViewer
      agent {
        id
        name
      }
      messages(first: 100) {
        edges {
          node {
            id
            role
            content
            position
            run {
              ...RunDetailFields
            }
          }
        }
      }
    }
  }
`);

export const SendMessageMutation = graphql(`
  mutation SendMessage($input: SendMessageInput!) {
    sendMessage(input: $input) {
      createdConversation
      conversation {
        id
        messageCount
      }
      run {
        ...RunDetailFields
      }
    }
  }
`);
