import { graphql } from '../gql';

/** The newest eval run the reader can see, with what the dashboard's path names of it. */
export const DashboardLatestRunQuery = graphql(`
  query DashboardLatestRun {
    evalRuns(first: 1) {
      edges {
        node {
          id
          status
          createdAt
          dataset {
            id
            name
            caseCount
          }
          agents {
            agentId
            agent {
              id
              name
            }
            agentName
            agentVersion
            versionLabel
          }
          baseline {
            id
          }
          progress {
            total
            passed
            failed
            notGraded
          }
          comparison {
            comparedCases
            confirmedRegressions
            regressions {
              confirmed
            }
            improvements {
              confirmed
            }
          }
        }
      }
    }
  }
`);

/** What an organization has yet: the first steps' ticks. */
export const DashboardFirstStepsQuery = graphql(`
  query DashboardFirstSteps {
    datasets(first: 1) {
      totalCount
      edges {
        node {
          id
        }
      }
    }
    agents(first: 1) {
      totalCount
    }
    modelConnections {
      id
    }
  }
`);
