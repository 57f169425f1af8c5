import { graphql } from '../gql';

export const PingMutation = graphql(`
  mutation Ping($message: String!) {
    ping(message: $message) {
      job {
        id
        status
      }
    }
  }
`);

export const JobProgressSubscription = graphql(`
  subscription JobProgress($id: ID!) {
    jobProgress(id: $id) {
      id
      status
      error
      result
    }
  }
`);
