/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  fragment ViewerFields on Viewer {\n    user {\n      id\n      name\n      email\n    }\n    organization {\n      id\n      name\n    }\n    role\n    permissions\n    memberships {\n      organization {\n        id\n        name\n      }\n      role\n    }\n    authenticatedBy\n    csrfToken\n  }\n": typeof types.ViewerFieldsFragmentDoc,
    "\n  query Viewer {\n    viewer {\n      ...ViewerFields\n    }\n  }\n": typeof types.ViewerDocument,
    "\n  mutation Login($input: LoginInput!) {\n    login(input: $input) {\n      viewer {\n        ...ViewerFields\n      }\n    }\n  }\n": typeof types.LoginDocument,
    "\n  mutation Logout {\n    logout {\n      signedOut\n    }\n  }\n": typeof types.LogoutDocument,
    "\n  mutation SwitchOrganization($organizationId: ID!) {\n    switchOrganization(organizationId: $organizationId) {\n      viewer {\n        ...ViewerFields\n      }\n    }\n  }\n": typeof types.SwitchOrganizationDocument,
    "\n  mutation Ping($message: String!) {\n    ping(message: $message) {\n      job {\n        id\n        status\n      }\n    }\n  }\n": typeof types.PingDocument,
    "\n  subscription JobProgress($id: ID!) {\n    jobProgress(id: $id) {\n      id\n      status\n      error\n      result\n    }\n  }\n": typeof types.JobProgressDocument,
};
const documents: Documents = {
    "\n  fragment ViewerFields on Viewer {\n    user {\n      id\n      name\n      email\n    }\n    organization {\n      id\n      name\n    }\n    role\n    permissions\n    memberships {\n      organization {\n        id\n        name\n      }\n      role\n    }\n    authenticatedBy\n    csrfToken\n  }\n": types.ViewerFieldsFragmentDoc,
    "\n  query Viewer {\n    viewer {\n      ...ViewerFields\n    }\n  }\n": types.ViewerDocument,
    "\n  mutation Login($input: LoginInput!) {\n    login(input: $input) {\n      viewer {\n        ...ViewerFields\n      }\n    }\n  }\n": types.LoginDocument,
    "\n  mutation Logout {\n    logout {\n      signedOut\n    }\n  }\n": types.LogoutDocument,
    "\n  mutation SwitchOrganization($organizationId: ID!) {\n    switchOrganization(organizationId: $organizationId) {\n      viewer {\n        ...ViewerFields\n      }\n    }\n  }\n": types.SwitchOrganizationDocument,
    "\n  mutation Ping($message: String!) {\n    ping(message: $message) {\n      job {\n        id\n        status\n      }\n    }\n  }\n": types.PingDocument,
    "\n  subscription JobProgress($id: ID!) {\n    jobProgress(id: $id) {\n      id\n      status\n      error\n      result\n    }\n  }\n": types.JobProgressDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ViewerFields on Viewer {\n    user {\n      id\n      name\n      email\n    }\n    organization {\n      id\n      name\n    }\n    role\n    permissions\n    memberships {\n      organization {\n        id\n        name\n      }\n      role\n    }\n    authenticatedBy\n    csrfToken\n  }\n"): (typeof documents)["\n  fragment ViewerFields on Viewer {\n    user {\n      id\n      name\n      email\n    }\n    organization {\n      id\n      name\n    }\n    role\n    permissions\n    memberships {\n      organization {\n        id\n        name\n      }\n      role\n    }\n    authenticatedBy\n    csrfToken\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Viewer {\n    viewer {\n      ...ViewerFields\n    }\n  }\n"): (typeof documents)["\n  query Viewer {\n    viewer {\n      ...ViewerFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Login($input: LoginInput!) {\n    login(input: $input) {\n      viewer {\n        ...ViewerFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation Login($input: LoginInput!) {\n    login(input: $input) {\n      viewer {\n        ...ViewerFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Logout {\n    logout {\n      signedOut\n    }\n  }\n"): (typeof documents)["\n  mutation Logout {\n    logout {\n      signedOut\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SwitchOrganization($organizationId: ID!) {\n    switchOrganization(organizationId: $organizationId) {\n      viewer {\n        ...ViewerFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation SwitchOrganization($organizationId: ID!) {\n    switchOrganization(organizationId: $organizationId) {\n      viewer {\n        ...ViewerFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Ping($message: String!) {\n    ping(message: $message) {\n      job {\n        id\n        status\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation Ping($message: String!) {\n    ping(message: $message) {\n      job {\n        id\n        status\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription JobProgress($id: ID!) {\n    jobProgress(id: $id) {\n      id\n      status\n      error\n      result\n    }\n  }\n"): (typeof documents)["\n  subscription JobProgress($id: ID!) {\n    jobProgress(id: $id) {\n      id\n      status\n      error\n      result\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;