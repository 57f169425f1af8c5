import { graphql } from '../gql';

/**
 * How the dataset's answers reach review (Review by a person, low-confidence
 * verdicts), and how far the judge agrees with the people who review them.
 */

export const ReviewSettingsQuery = graphql(`
  query ReviewSettings($id: ID!) {
    dataset(id: $id) {
      id
      reviewSettings {
        reviewByPerson
        routeLowConfidence
      }
    }
  }
`);

export const UpdateReviewSettingsMutation = graphql(`
  mutation UpdateReviewSettings($input: ReviewSettingsInput!) {
    updateReviewSettings(input: $input) {
      settings {
        reviewByPerson
        routeLowConfidence
      }
    }
  }
`);

export const CriterionTrustFields = graphql(`
  fragment CriterionTrustFields on CriterionTrust {
    criterionId
    criterionText
    decided
    bothPass
    bothFail
    judgePassPersonFail
    judgeFailPersonPass
    agreement
    kappa
    repeatedAnswers
    flipped
    flipRate
    quotes
    unverifiedQuotes
    unverifiedQuoteRate
  }
`);

export const JudgeTrustQuery = graphql(`
  query JudgeTrust($id: ID!) {
    dataset(id: $id) {
      id
      judgeTrust {
        verdict {
          ...CriterionTrustFields
        }
        criteria {
          ...CriterionTrustFields
        }
      }
    }
  }
`);
