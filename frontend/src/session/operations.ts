import { graphql } from '../gql';

export const ViewerFields = graphql(`
  fragment ViewerFields on Viewer {
    user {
      id
      name
      email
    }
    organization {
      id
      name
    }
    role
    permissions
    mayIssueApiKeys
    memberships {
      organization {
        id
        name
      }
      role
    }
    authenticatedBy
    csrfToken
  }
`);

export const ViewerQuery = graphql(`
  query Viewer {
    viewer {
      ...ViewerFields
    }
  }
`);

export const LoginMutation = graphql(`
  mutation Login($input: LoginInput!) {
    login(input: $input) {
      viewer {
        ...ViewerFields
      }
    }
  }
`);

export const LogoutMutation = graphql(`
  mutation Logout {
    logout {
      signedOut
    }
  }
`);

export const SwitchOrganizationMutation = graphql(`
  mutation SwitchOrganization($organizationId: ID!) {
    switchOrganization(organizationId: $organizationId) {
      viewer {
        ...ViewerFields
      }
    }
  }
`);
