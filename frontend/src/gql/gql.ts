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
    "\n  query Runs($filter: RunFilterInput, $first: Int!, $after: String) {\n    runs(filter: $filter, first: $first, after: $after) {\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      edges {\n        cursor\n        node {\n          ...RunRowFields\n        }\n      }\n    }\n  }\n": typeof types.RunsDocument,
    "\n  query Run($id: ID!) {\n    run(id: $id) {\n      ...RunDetailFields\n      agentVersion {\n        number\n      }\n    }\n  }\n": typeof types.RunDocument,
    "\n  query TargetDataset($id: ID!) {\n    dataset(id: $id) {\n      id\n      name\n      latestVersion\n      viewerCan {\n        edit\n        run\n      }\n    }\n  }\n": typeof types.TargetDatasetDocument,
    "\n  query CaseDraft($runId: ID!) {\n    run(id: $runId) {\n      id\n      caseDraft {\n        question\n        history {\n          role\n          content\n        }\n        answer\n        suggestedKeepAs\n        expectedToolCalls\n        note\n        conversationOwnerName\n      }\n    }\n  }\n": typeof types.CaseDraftDocument,
    "\n  query EditableDatasets {\n    datasets(first: 100, editable: true) {\n      edges {\n        node {\n          id\n          name\n          latestVersion\n          visibility\n        }\n      }\n    }\n  }\n": typeof types.EditableDatasetsDocument,
    "\n  mutation AddCaseFromMessage($input: AddCaseFromMessageInput!) {\n    addCaseFromMessage(input: $input) {\n      version\n      case {\n        id\n      }\n      dataset {\n        id\n        name\n        latestVersion\n      }\n    }\n  }\n": typeof types.AddCaseFromMessageDocument,
    "\n  fragment AgentListFields on Agent {\n    id\n    name\n    description\n    kind\n    visibility\n    latestVersion\n    updatedAt\n    owner {\n      id\n      name\n      email\n    }\n    viewerCan {\n      view\n      edit\n      run\n    }\n  }\n": typeof types.AgentListFieldsFragmentDoc,
    "\n  query Agents($first: Int!, $after: String, $search: String, $kind: AgentKind, $runnable: Boolean! = false) {\n    agents(first: $first, after: $after, search: $search, kind: $kind, runnable: $runnable) {\n      totalCount\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      edges {\n        cursor\n        node {\n          ...AgentListFields\n        }\n      }\n    }\n  }\n": typeof types.AgentsDocument,
    "\n  fragment AgentToolFields on AgentTool {\n    name\n    description\n    parameters\n    readOnly\n    endpoint\n  }\n": typeof types.AgentToolFieldsFragmentDoc,
    "\n  fragment AgentVersionFields on AgentVersion {\n    number\n    kind\n    createdAt\n    model\n    modelConnection {\n      id\n      name\n    }\n    instructions\n    tools {\n      ...AgentToolFields\n    }\n    skills {\n      visible {\n        id\n        name\n        description\n      }\n      hiddenCount\n    }\n    url\n    timeoutSeconds\n  }\n": typeof types.AgentVersionFieldsFragmentDoc,
    "\n  fragment AgentHeaderFields on Agent {\n    ...AgentListFields\n    ownedByViewer\n    createdAt\n  }\n": typeof types.AgentHeaderFieldsFragmentDoc,
    "\n  query Agent($id: ID!) {\n    agent(id: $id) {\n      ...AgentHeaderFields\n      currentVersion {\n        ...AgentVersionFields\n      }\n    }\n  }\n": typeof types.AgentDocument,
    "\n  query AgentVersion($id: ID!, $number: Int!) {\n    agent(id: $id) {\n      id\n      version(number: $number) {\n        ...AgentVersionFields\n      }\n    }\n  }\n": typeof types.AgentVersionDocument,
    "\n  query AgentVersions($id: ID!, $before: Int) {\n    agent(id: $id) {\n      id\n      versions(first: 100, before: $before) {\n        number\n        createdAt\n        model\n        url\n      }\n    }\n  }\n": typeof types.AgentVersionsDocument,
    "\n  query AgentFormChoices {\n    modelConnections {\n      ...ModelConnectionFields\n    }\n    skills(first: 100) {\n      edges {\n        node {\n          id\n          name\n          description\n        }\n      }\n    }\n  }\n": typeof types.AgentFormChoicesDocument,
    "\n  mutation CreateModelAgent($input: CreateModelAgentInput!) {\n    createModelAgent(input: $input) {\n      agent {\n        ...AgentHeaderFields\n      }\n      signingSecret\n    }\n  }\n": typeof types.CreateModelAgentDocument,
    "\n  mutation CreateWebhookAgent($input: CreateWebhookAgentInput!) {\n    createWebhookAgent(input: $input) {\n      agent {\n        ...AgentHeaderFields\n      }\n      signingSecret\n    }\n  }\n": typeof types.CreateWebhookAgentDocument,
    "\n  mutation ConfigureModelAgent($input: ConfigureModelAgentInput!) {\n    configureModelAgent(input: $input) {\n      agent {\n        ...AgentHeaderFields\n        currentVersion {\n          ...AgentVersionFields\n        }\n      }\n      newVersion\n    }\n  }\n": typeof types.ConfigureModelAgentDocument,
    "\n  mutation ConfigureWebhookAgent($input: ConfigureWebhookAgentInput!) {\n    configureWebhookAgent(input: $input) {\n      agent {\n        ...AgentHeaderFields\n        currentVersion {\n          ...AgentVersionFields\n        }\n      }\n      newVersion\n    }\n  }\n": typeof types.ConfigureWebhookAgentDocument,
    "\n  mutation UpdateAgentDetails($input: UpdateAgentDetailsInput!) {\n    updateAgentDetails(input: $input) {\n      agent {\n        ...AgentHeaderFields\n      }\n    }\n  }\n": typeof types.UpdateAgentDetailsDocument,
    "\n  mutation RotateAgentSecret($id: ID!) {\n    rotateAgentSecret(id: $id) {\n      agent {\n        id\n      }\n      signingSecret\n    }\n  }\n": typeof types.RotateAgentSecretDocument,
    "\n  mutation DeleteAgent($id: ID!) {\n    deleteAgent(id: $id) {\n      deletedId\n    }\n  }\n": typeof types.DeleteAgentDocument,
    "\n  query AgentSharing($id: ID!) {\n    agent(id: $id) {\n      id\n      visibility\n      grants {\n        user {\n          id\n          name\n          email\n        }\n        level\n        doesNothing\n      }\n    }\n    members {\n      user {\n        id\n        name\n        email\n      }\n    }\n  }\n": typeof types.AgentSharingDocument,
    "\n  mutation SetAgentVisibility($id: ID!, $visibility: Visibility!) {\n    setAgentVisibility(id: $id, visibility: $visibility) {\n      agent {\n        id\n        visibility\n      }\n    }\n  }\n": typeof types.SetAgentVisibilityDocument,
    "\n  mutation ShareAgent($id: ID!, $userId: ID!, $level: GrantLevel!) {\n    shareAgent(id: $id, userId: $userId, level: $level) {\n      grant {\n        user {\n          id\n        }\n        level\n      }\n    }\n  }\n": typeof types.ShareAgentDocument,
    "\n  mutation RevokeAgentGrant($id: ID!, $userId: ID!) {\n    revokeAgentGrant(id: $id, userId: $userId) {\n      agent {\n        id\n      }\n    }\n  }\n": typeof types.RevokeAgentGrantDocument,
    "\n  fragment CheckFields on Check {\n    contains {\n      value\n      path\n      caseSensitive\n    }\n    notContains {\n      value\n      path\n      caseSensitive\n    }\n    equals {\n      value\n      path\n      caseSensitive\n    }\n    regex {\n      value\n      path\n      caseSensitive\n    }\n    jsonSchema {\n      schema\n      path\n    }\n    maxCostUsd {\n      value\n    }\n    maxLatencyMs {\n      value\n    }\n    length {\n      unit\n      min\n      max\n      path\n    }\n    judge {\n      criterion\n    }\n  }\n": typeof types.CheckFieldsFragmentDoc,
    "\n  fragment CaseRowFields on Case {\n    id\n    revision\n    changedInVersion\n    source\n    masked\n    input\n    history {\n      role\n    }\n    referenceAnswer\n    counterExample\n    expectedToolCalls {\n      tool\n    }\n    checks {\n      ...CheckFields\n    }\n    tags\n    referenceVerified\n  }\n": typeof types.CaseRowFieldsFragmentDoc,
    "\n  fragment CaseFields on Case {\n    id\n    revision\n    changedInVersion\n    source\n    sourceLink {\n      runId\n      conversationId\n      messageId\n    }\n    masked\n    input\n    history {\n      role\n      content\n    }\n    referenceAnswer\n    counterExample\n    expectedToolCalls {\n      tool\n      args\n    }\n    orderMode\n    checks {\n      ...CheckFields\n    }\n    tags\n    note\n    referenceVerified\n    createdAt\n    revisedAt\n  }\n": typeof types.CaseFieldsFragmentDoc,
    "\n  query DatasetCases($id: ID!, $version: Int, $first: Int!, $after: String, $tag: String, $source: String, $search: String) {\n    dataset(id: $id) {\n      id\n      cases(version: $version, first: $first, after: $after, tag: $tag, source: $source, search: $search) {\n        totalCount\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n        edges {\n          cursor\n          node {\n            ...CaseRowFields\n          }\n        }\n      }\n    }\n  }\n": typeof types.DatasetCasesDocument,
    "\n  query DatasetTags($id: ID!, $version: Int) {\n    dataset(id: $id) {\n      id\n      tags(version: $version)\n    }\n  }\n": typeof types.DatasetTagsDocument,
    "\n  query Case($id: ID!, $version: Int) {\n    case(id: $id, version: $version) {\n      ...CaseFields\n    }\n  }\n": typeof types.CaseDocument,
    "\n  mutation AddCase($datasetId: ID!, $case: CaseInput!, $allowTwin: Boolean!) {\n    addCase(datasetId: $datasetId, case: $case, allowTwin: $allowTwin) {\n      case {\n        ...CaseFields\n      }\n      version\n      twins {\n        id\n        input\n        masked\n        changedInVersion\n        tags\n      }\n    }\n  }\n": typeof types.AddCaseDocument,
    "\n  mutation UpdateCase($id: ID!, $baseVersion: Int!, $case: CaseInput!) {\n    updateCase(id: $id, baseVersion: $baseVersion, case: $case) {\n      case {\n        ...CaseFields\n      }\n      version\n      changed\n    }\n  }\n": typeof types.UpdateCaseDocument,
    "\n  mutation RemoveCase($id: ID!, $baseVersion: Int) {\n    removeCase(id: $id, baseVersion: $baseVersion) {\n      removedCaseId\n      version\n    }\n  }\n": typeof types.RemoveCaseDocument,
    "\n  mutation ImportCases($datasetId: ID!, $file: Upload!) {\n    importCases(datasetId: $datasetId, file: $file) {\n      version\n      imported\n      redacted\n    }\n  }\n": typeof types.ImportCasesDocument,
    "\n  query ImportColumns {\n    caseImportColumns\n  }\n": typeof types.ImportColumnsDocument,
    "\n  query ImportTemplate {\n    caseImportTemplate\n  }\n": typeof types.ImportTemplateDocument,
    "\n  query ExportCases($id: ID!, $format: String!, $version: Int) {\n    dataset(id: $id) {\n      id\n      export(format: $format, version: $version) {\n        filename\n        contentType\n        content\n        caseCount\n      }\n    }\n  }\n": typeof types.ExportCasesDocument,
    "\n  query RunnableAgents {\n    agents(first: 100, runnable: true) {\n      edges {\n        node {\n          id\n          name\n          kind\n          description\n        }\n      }\n    }\n  }\n": typeof types.RunnableAgentsDocument,
    "\n  query ChatConversation($id: ID!) {\n    conversation(id: $id) {\n      id\n      title\n      ownedByViewer\n      agent {\n        id\n        name\n      }\n      messages(first: 100) {\n        edges {\n          node {\n            id\n            role\n            content\n            position\n            run {\n              ...RunDetailFields\n            }\n          }\n        }\n      }\n    }\n  }\n": typeof types.ChatConversationDocument,
    "\n  mutation SendMessage($input: SendMessageInput!) {\n    sendMessage(input: $input) {\n      createdConversation\n      conversation {\n        id\n        messageCount\n      }\n      run {\n        ...RunDetailFields\n      }\n    }\n  }\n": typeof types.SendMessageDocument,
    "\n  fragment DatasetListFields on Dataset {\n    id\n    name\n    description\n    visibility\n    latestVersion\n    ownedByViewer\n    updatedAt\n    caseCount\n  }\n": typeof types.DatasetListFieldsFragmentDoc,
    "\n  query Datasets($first: Int!, $after: String, $search: String) {\n    datasets(first: $first, after: $after, search: $search) {\n      totalCount\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      edges {\n        cursor\n        node {\n          ...DatasetListFields\n        }\n      }\n    }\n  }\n": typeof types.DatasetsDocument,
    "\n  fragment DatasetHeaderFields on Dataset {\n    id\n    name\n    description\n    visibility\n    latestVersion\n    ownedByViewer\n    createdAt\n    updatedAt\n    viewerCan {\n      view\n      edit\n      run\n      readRuns\n    }\n  }\n": typeof types.DatasetHeaderFieldsFragmentDoc,
    "\n  query Dataset($id: ID!) {\n    dataset(id: $id) {\n      ...DatasetHeaderFields\n    }\n  }\n": typeof types.DatasetDocument,
    "\n  fragment DatasetVersionFields on DatasetVersion {\n    number\n    action\n    summary\n    caseCount\n    createdAt\n  }\n": typeof types.DatasetVersionFieldsFragmentDoc,
    "\n  query DatasetVersions($id: ID!) {\n    dataset(id: $id) {\n      id\n      versions(first: 100) {\n        ...DatasetVersionFields\n      }\n    }\n  }\n": typeof types.DatasetVersionsDocument,
    "\n  query DatasetVersion($id: ID!, $number: Int!) {\n    dataset(id: $id) {\n      id\n      version(number: $number) {\n        ...DatasetVersionFields\n      }\n    }\n  }\n": typeof types.DatasetVersionDocument,
    "\n  mutation CreateDataset($input: CreateDatasetInput!) {\n    createDataset(input: $input) {\n      dataset {\n        ...DatasetHeaderFields\n      }\n    }\n  }\n": typeof types.CreateDatasetDocument,
    "\n  mutation UpdateDatasetDetails($input: UpdateDatasetDetailsInput!) {\n    updateDatasetDetails(input: $input) {\n      dataset {\n        ...DatasetHeaderFields\n      }\n    }\n  }\n": typeof types.UpdateDatasetDetailsDocument,
    "\n  mutation DeleteDataset($id: ID!) {\n    deleteDataset(id: $id) {\n      deletedId\n    }\n  }\n": typeof types.DeleteDatasetDocument,
    "\n  query DatasetSharing($id: ID!) {\n    dataset(id: $id) {\n      id\n      visibility\n      ownedByViewer\n      grants {\n        user {\n          id\n          name\n          email\n        }\n        level\n        doesNothing\n      }\n    }\n    members {\n      user {\n        id\n        name\n        email\n      }\n      role\n    }\n  }\n": typeof types.DatasetSharingDocument,
    "\n  mutation SetDatasetVisibility($id: ID!, $visibility: Visibility!) {\n    setDatasetVisibility(id: $id, visibility: $visibility) {\n      dataset {\n        id\n        visibility\n      }\n    }\n  }\n": typeof types.SetDatasetVisibilityDocument,
    "\n  mutation ShareDataset($id: ID!, $userId: ID!, $level: GrantLevel!) {\n    shareDataset(id: $id, userId: $userId, level: $level) {\n      grant {\n        user {\n          id\n        }\n        level\n        doesNothing\n      }\n    }\n  }\n": typeof types.ShareDatasetDocument,
    "\n  mutation RevokeDatasetGrant($id: ID!, $userId: ID!) {\n    revokeDatasetGrant(id: $id, userId: $userId) {\n      dataset {\n        id\n        grants {\n          user {\n            id\n          }\n          level\n          doesNothing\n        }\n      }\n    }\n  }\n": typeof types.RevokeDatasetGrantDocument,
    "\n  fragment ScorerSwitchesFields on ScoringConfig {\n    checks {\n      enabled\n      mustPass\n    }\n    toolCalls {\n      enabled\n      mustPass\n    }\n    judge {\n      enabled\n      mustPass\n    }\n    reference {\n      enabled\n      mustPass\n    }\n    structured {\n      enabled\n      mustPass\n    }\n  }\n": typeof types.ScorerSwitchesFieldsFragmentDoc,
    "\n  query DatasetScorers($id: ID!) {\n    dataset(id: $id) {\n      id\n      scoring {\n        ...ScorerSwitchesFields\n      }\n    }\n  }\n": typeof types.DatasetScorersDocument,
    "\n  fragment ModelConnectionFields on ModelConnection {\n    id\n    name\n    provider\n    baseUrl\n    models\n    keyHint\n  }\n": typeof types.ModelConnectionFieldsFragmentDoc,
    "\n  fragment StructuredModelFields on StructuredModelChoice {\n    local\n    connectionId\n    model\n  }\n": typeof types.StructuredModelFieldsFragmentDoc,
    "\n  fragment ScoringFields on ScoringConfig {\n    checks {\n      enabled\n      mustPass\n      defaultChecks {\n        ...CheckFields\n      }\n    }\n    toolCalls {\n      enabled\n      mustPass\n    }\n    judge {\n      enabled\n      mustPass\n      connectionId\n      model\n      instructions\n      criteria {\n        id\n        text\n      }\n      scale\n      passAt\n      yesNoGrading\n    }\n    reference {\n      enabled\n      mustPass\n    }\n    structured {\n      enabled\n      mustPass\n      strictness\n      passAt\n      embeddingModel {\n        ...StructuredModelFields\n      }\n      judgeModel {\n        ...StructuredModelFields\n      }\n      exactOnlyNotice\n      localEmbeddingsInstalled\n    }\n  }\n": typeof types.ScoringFieldsFragmentDoc,
    "\n  query DatasetScoring($id: ID!) {\n    dataset(id: $id) {\n      id\n      scoring {\n        ...ScoringFields\n      }\n    }\n    modelConnections {\n      ...ModelConnectionFields\n    }\n  }\n": typeof types.DatasetScoringDocument,
    "\n  query ScoringCoverage($id: ID!, $unsaved: ScoringInput) {\n    dataset(id: $id) {\n      id\n      scoring {\n        coverage(unsaved: $unsaved) {\n          caseCount\n          checks\n          toolCalls\n          judge\n          reference\n          counterExample\n          nothingGrades\n          referenceOffered\n          structured\n          unverifiedReferences\n        }\n      }\n    }\n  }\n": typeof types.ScoringCoverageDocument,
    "\n  mutation UpdateScoring($datasetId: ID!, $patch: ScoringInput!) {\n    updateScoring(datasetId: $datasetId, patch: $patch) {\n      scoring {\n        ...ScoringFields\n        ...ScorerSwitchesFields\n      }\n    }\n  }\n": typeof types.UpdateScoringDocument,
    "\n  query SuggestRule($criterion: String!) {\n    suggestRule(criterion: $criterion) {\n      ...CheckFields\n    }\n  }\n": typeof types.SuggestRuleDocument,
    "\n  mutation AddModelConnection($input: AddModelConnectionInput!) {\n    addModelConnection(input: $input) {\n      connection {\n        ...ModelConnectionFields\n      }\n    }\n  }\n": typeof types.AddModelConnectionDocument,
    "\n  fragment RunStepFields on RunStep {\n    position\n    kind\n    text\n    toolName\n    arguments\n    status\n    result\n    readOnly\n  }\n": typeof types.RunStepFieldsFragmentDoc,
    "\n  fragment RatingFields on Rating {\n    value\n    comment\n    raterEndUser\n    createdAt\n    updatedAt\n    byViewer\n    rater {\n      id\n      name\n      email\n    }\n  }\n": typeof types.RatingFieldsFragmentDoc,
    "\n  fragment RunRowFields on Run {\n    id\n    question\n    answer\n    status\n    error\n    model\n    costUsd\n    latencyMs\n    isolated\n    eval\n    hasTranscript\n    startedAt\n    agentName\n    agentVersionNumber\n    agent {\n      id\n      name\n    }\n    ratingSummary {\n      up\n      down\n    }\n    conversation {\n      id\n      title\n      endUser\n      owner {\n        id\n        name\n        email\n      }\n    }\n  }\n": typeof types.RunRowFieldsFragmentDoc,
    "\n  fragment RunDetailFields on Run {\n    ...RunRowFields\n    inputTokens\n    outputTokens\n    messageId\n    steps {\n      ...RunStepFields\n    }\n    ratings {\n      ...RatingFields\n    }\n    viewerRating {\n      ...RatingFields\n    }\n    questionMessage {\n      id\n      position\n      content\n    }\n    message {\n      id\n      position\n    }\n    conversation {\n      id\n      visibility\n      ownedByViewer\n      privateToAnother\n    }\n  }\n": typeof types.RunDetailFieldsFragmentDoc,
    "\n  mutation RateRun($input: RateRunInput!) {\n    rateRun(input: $input) {\n      run {\n        id\n        ratingSummary {\n          up\n          down\n        }\n        ratings {\n          ...RatingFields\n        }\n        viewerRating {\n          ...RatingFields\n        }\n      }\n    }\n  }\n": typeof types.RateRunDocument,
    "\n  mutation RemoveRating($runId: ID!) {\n    removeRating(runId: $runId) {\n      run {\n        id\n        ratingSummary {\n          up\n          down\n        }\n        ratings {\n          ...RatingFields\n        }\n        viewerRating {\n          ...RatingFields\n        }\n      }\n    }\n  }\n": typeof types.RemoveRatingDocument,
    "\n  fragment ScoreTargetFields on ScoreTarget {\n    dataset {\n      id\n      name\n    }\n    case {\n      id\n      input\n    }\n  }\n": typeof types.ScoreTargetFieldsFragmentDoc,
    "\n  query ScoreTargets($runId: ID!, $datasetId: ID) {\n    scoreTargets(runId: $runId, datasetId: $datasetId) {\n      question\n      hasAnswer\n      matching {\n        ...ScoreTargetFields\n      }\n      closest {\n        ...ScoreTargetFields\n      }\n      judges {\n        dataset {\n          id\n        }\n        enabled\n        name\n        model\n      }\n    }\n  }\n": typeof types.ScoreTargetsDocument,
    "\n  mutation ScoreRun($input: ScoreRunInput!) {\n    scoreRun(input: $input) {\n      score {\n        id\n        outcome\n        outcomeReason\n        notGradedBy\n        results {\n          scorer\n          status\n          score\n          mustPass\n          skipped\n          reason\n        }\n      }\n    }\n  }\n": typeof types.ScoreRunDocument,
    "\n  fragment ViewerFields on Viewer {\n    user {\n      id\n      name\n      email\n    }\n    organization {\n      id\n      name\n    }\n    role\n    permissions\n    memberships {\n      organization {\n        id\n        name\n      }\n      role\n    }\n    authenticatedBy\n    csrfToken\n  }\n": typeof types.ViewerFieldsFragmentDoc,
    "\n  query Viewer {\n    viewer {\n      ...ViewerFields\n    }\n  }\n": typeof types.ViewerDocument,
    "\n  mutation Login($input: LoginInput!) {\n    login(input: $input) {\n      viewer {\n        ...ViewerFields\n      }\n    }\n  }\n": typeof types.LoginDocument,
    "\n  mutation Logout {\n    logout {\n      signedOut\n    }\n  }\n": typeof types.LogoutDocument,
    "\n  mutation SwitchOrganization($organizationId: ID!) {\n    switchOrganization(organizationId: $organizationId) {\n      viewer {\n        ...ViewerFields\n      }\n    }\n  }\n": typeof types.SwitchOrganizationDocument,
    "\n  mutation Ping($message: String!) {\n    ping(message: $message) {\n      job {\n        id\n        status\n      }\n    }\n  }\n": typeof types.PingDocument,
    "\n  subscription JobProgress($id: ID!) {\n    jobProgress(id: $id) {\n      id\n      status\n      error\n      result\n    }\n  }\n": typeof types.JobProgressDocument,
};
const documents: Documents = {
    "\n  query Runs($filter: RunFilterInput, $first: Int!, $after: String) {\n    runs(filter: $filter, first: $first, after: $after) {\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      edges {\n        cursor\n        node {\n          ...RunRowFields\n        }\n      }\n    }\n  }\n": types.RunsDocument,
    "\n  query Run($id: ID!) {\n    run(id: $id) {\n      ...RunDetailFields\n      agentVersion {\n        number\n      }\n    }\n  }\n": types.RunDocument,
    "\n  query TargetDataset($id: ID!) {\n    dataset(id: $id) {\n      id\n      name\n      latestVersion\n      viewerCan {\n        edit\n        run\n      }\n    }\n  }\n": types.TargetDatasetDocument,
    "\n  query CaseDraft($runId: ID!) {\n    run(id: $runId) {\n      id\n      caseDraft {\n        question\n        history {\n          role\n          content\n        }\n        answer\n        suggestedKeepAs\n        expectedToolCalls\n        note\n        conversationOwnerName\n      }\n    }\n  }\n": types.CaseDraftDocument,
    "\n  query EditableDatasets {\n    datasets(first: 100, editable: true) {\n      edges {\n        node {\n          id\n          name\n          latestVersion\n          visibility\n        }\n      }\n    }\n  }\n": types.EditableDatasetsDocument,
    "\n  mutation AddCaseFromMessage($input: AddCaseFromMessageInput!) {\n    addCaseFromMessage(input: $input) {\n      version\n      case {\n        id\n      }\n      dataset {\n        id\n        name\n        latestVersion\n      }\n    }\n  }\n": types.AddCaseFromMessageDocument,
    "\n  fragment AgentListFields on Agent {\n    id\n    name\n    description\n    kind\n    visibility\n    latestVersion\n    updatedAt\n    owner {\n      id\n      name\n      email\n    }\n    viewerCan {\n      view\n      edit\n      run\n    }\n  }\n": types.AgentListFieldsFragmentDoc,
    "\n  query Agents($first: Int!, $after: String, $search: String, $kind: AgentKind, $runnable: Boolean! = false) {\n    agents(first: $first, after: $after, search: $search, kind: $kind, runnable: $runnable) {\n      totalCount\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      edges {\n        cursor\n        node {\n          ...AgentListFields\n        }\n      }\n    }\n  }\n": types.AgentsDocument,
    "\n  fragment AgentToolFields on AgentTool {\n    name\n    description\n    parameters\n    readOnly\n    endpoint\n  }\n": types.AgentToolFieldsFragmentDoc,
    "\n  fragment AgentVersionFields on AgentVersion {\n    number\n    kind\n    createdAt\n    model\n    modelConnection {\n      id\n      name\n    }\n    instructions\n    tools {\n      ...AgentToolFields\n    }\n    skills {\n      visible {\n        id\n        name\n        description\n      }\n      hiddenCount\n    }\n    url\n    timeoutSeconds\n  }\n": types.AgentVersionFieldsFragmentDoc,
    "\n  fragment AgentHeaderFields on Agent {\n    ...AgentListFields\n    ownedByViewer\n    createdAt\n  }\n": types.AgentHeaderFieldsFragmentDoc,
    "\n  query Agent($id: ID!) {\n    agent(id: $id) {\n      ...AgentHeaderFields\n      currentVersion {\n        ...AgentVersionFields\n      }\n    }\n  }\n": types.AgentDocument,
    "\n  query AgentVersion($id: ID!, $number: Int!) {\n    agent(id: $id) {\n      id\n      version(number: $number) {\n        ...AgentVersionFields\n      }\n    }\n  }\n": types.AgentVersionDocument,
    "\n  query AgentVersions($id: ID!, $before: Int) {\n    agent(id: $id) {\n      id\n      versions(first: 100, before: $before) {\n        number\n        createdAt\n        model\n        url\n      }\n    }\n  }\n": types.AgentVersionsDocument,
    "\n  query AgentFormChoices {\n    modelConnections {\n      ...ModelConnectionFields\n    }\n    skills(first: 100) {\n      edges {\n        node {\n          id\n          name\n          description\n        }\n      }\n    }\n  }\n": types.AgentFormChoicesDocument,
    "\n  mutation CreateModelAgent($input: CreateModelAgentInput!) {\n    createModelAgent(input: $input) {\n      agent {\n        ...AgentHeaderFields\n      }\n      signingSecret\n    }\n  }\n": types.CreateModelAgentDocument,
    "\n  mutation CreateWebhookAgent($input: CreateWebhookAgentInput!) {\n    createWebhookAgent(input: $input) {\n      agent {\n        ...AgentHeaderFields\n      }\n      signingSecret\n    }\n  }\n": types.CreateWebhookAgentDocument,
    "\n  mutation ConfigureModelAgent($input: ConfigureModelAgentInput!) {\n    configureModelAgent(input: $input) {\n      agent {\n        ...AgentHeaderFields\n        currentVersion {\n          ...AgentVersionFields\n        }\n      }\n      newVersion\n    }\n  }\n": types.ConfigureModelAgentDocument,
    "\n  mutation ConfigureWebhookAgent($input: ConfigureWebhookAgentInput!) {\n    configureWebhookAgent(input: $input) {\n      agent {\n        ...AgentHeaderFields\n        currentVersion {\n          ...AgentVersionFields\n        }\n      }\n      newVersion\n    }\n  }\n": types.ConfigureWebhookAgentDocument,
    "\n  mutation UpdateAgentDetails($input: UpdateAgentDetailsInput!) {\n    updateAgentDetails(input: $input) {\n      agent {\n        ...AgentHeaderFields\n      }\n    }\n  }\n": types.UpdateAgentDetailsDocument,
    "\n  mutation RotateAgentSecret($id: ID!) {\n    rotateAgentSecret(id: $id) {\n      agent {\n        id\n      }\n      signingSecret\n    }\n  }\n": types.RotateAgentSecretDocument,
    "\n  mutation DeleteAgent($id: ID!) {\n    deleteAgent(id: $id) {\n      deletedId\n    }\n  }\n": types.DeleteAgentDocument,
    "\n  query AgentSharing($id: ID!) {\n    agent(id: $id) {\n      id\n      visibility\n      grants {\n        user {\n          id\n          name\n          email\n        }\n        level\n        doesNothing\n      }\n    }\n    members {\n      user {\n        id\n        name\n        email\n      }\n    }\n  }\n": types.AgentSharingDocument,
    "\n  mutation SetAgentVisibility($id: ID!, $visibility: Visibility!) {\n    setAgentVisibility(id: $id, visibility: $visibility) {\n      agent {\n        id\n        visibility\n      }\n    }\n  }\n": types.SetAgentVisibilityDocument,
    "\n  mutation ShareAgent($id: ID!, $userId: ID!, $level: GrantLevel!) {\n    shareAgent(id: $id, userId: $userId, level: $level) {\n      grant {\n        user {\n          id\n        }\n        level\n      }\n    }\n  }\n": types.ShareAgentDocument,
    "\n  mutation RevokeAgentGrant($id: ID!, $userId: ID!) {\n    revokeAgentGrant(id: $id, userId: $userId) {\n      agent {\n        id\n      }\n    }\n  }\n": types.RevokeAgentGrantDocument,
    "\n  fragment CheckFields on Check {\n    contains {\n      value\n      path\n      caseSensitive\n    }\n    notContains {\n      value\n      path\n      caseSensitive\n    }\n    equals {\n      value\n      path\n      caseSensitive\n    }\n    regex {\n      value\n      path\n      caseSensitive\n    }\n    jsonSchema {\n      schema\n      path\n    }\n    maxCostUsd {\n      value\n    }\n    maxLatencyMs {\n      value\n    }\n    length {\n      unit\n      min\n      max\n      path\n    }\n    judge {\n      criterion\n    }\n  }\n": types.CheckFieldsFragmentDoc,
    "\n  fragment CaseRowFields on Case {\n    id\n    revision\n    changedInVersion\n    source\n    masked\n    input\n    history {\n      role\n    }\n    referenceAnswer\n    counterExample\n    expectedToolCalls {\n      tool\n    }\n    checks {\n      ...CheckFields\n    }\n    tags\n    referenceVerified\n  }\n": types.CaseRowFieldsFragmentDoc,
    "\n  fragment CaseFields on Case {\n    id\n    revision\n    changedInVersion\n    source\n    sourceLink {\n      runId\n      conversationId\n      messageId\n    }\n    masked\n    input\n    history {\n      role\n      content\n    }\n    referenceAnswer\n    counterExample\n    expectedToolCalls {\n      tool\n      args\n    }\n    orderMode\n    checks {\n      ...CheckFields\n    }\n    tags\n    note\n    referenceVerified\n    createdAt\n    revisedAt\n  }\n": types.CaseFieldsFragmentDoc,
    "\n  query DatasetCases($id: ID!, $version: Int, $first: Int!, $after: String, $tag: String, $source: String, $search: String) {\n    dataset(id: $id) {\n      id\n      cases(version: $version, first: $first, after: $after, tag: $tag, source: $source, search: $search) {\n        totalCount\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n        edges {\n          cursor\n          node {\n            ...CaseRowFields\n          }\n        }\n      }\n    }\n  }\n": types.DatasetCasesDocument,
    "\n  query DatasetTags($id: ID!, $version: Int) {\n    dataset(id: $id) {\n      id\n      tags(version: $version)\n    }\n  }\n": types.DatasetTagsDocument,
    "\n  query Case($id: ID!, $version: Int) {\n    case(id: $id, version: $version) {\n      ...CaseFields\n    }\n  }\n": types.CaseDocument,
    "\n  mutation AddCase($datasetId: ID!, $case: CaseInput!, $allowTwin: Boolean!) {\n    addCase(datasetId: $datasetId, case: $case, allowTwin: $allowTwin) {\n      case {\n        ...CaseFields\n      }\n      version\n      twins {\n        id\n        input\n        masked\n        changedInVersion\n        tags\n      }\n    }\n  }\n": types.AddCaseDocument,
    "\n  mutation UpdateCase($id: ID!, $baseVersion: Int!, $case: CaseInput!) {\n    updateCase(id: $id, baseVersion: $baseVersion, case: $case) {\n      case {\n        ...CaseFields\n      }\n      version\n      changed\n    }\n  }\n": types.UpdateCaseDocument,
    "\n  mutation RemoveCase($id: ID!, $baseVersion: Int) {\n    removeCase(id: $id, baseVersion: $baseVersion) {\n      removedCaseId\n      version\n    }\n  }\n": types.RemoveCaseDocument,
    "\n  mutation ImportCases($datasetId: ID!, $file: Upload!) {\n    importCases(datasetId: $datasetId, file: $file) {\n      version\n      imported\n      redacted\n    }\n  }\n": types.ImportCasesDocument,
    "\n  query ImportColumns {\n    caseImportColumns\n  }\n": types.ImportColumnsDocument,
    "\n  query ImportTemplate {\n    caseImportTemplate\n  }\n": types.ImportTemplateDocument,
    "\n  query ExportCases($id: ID!, $format: String!, $version: Int) {\n    dataset(id: $id) {\n      id\n      export(format: $format, version: $version) {\n        filename\n        contentType\n        content\n        caseCount\n      }\n    }\n  }\n": types.ExportCasesDocument,
    "\n  query RunnableAgents {\n    agents(first: 100, runnable: true) {\n      edges {\n        node {\n          id\n          name\n          kind\n          description\n        }\n      }\n    }\n  }\n": types.RunnableAgentsDocument,
    "\n  query ChatConversation($id: ID!) {\n    conversation(id: $id) {\n      id\n      title\n      ownedByViewer\n      agent {\n        id\n        name\n      }\n      messages(first: 100) {\n        edges {\n          node {\n            id\n            role\n            content\n            position\n            run {\n              ...RunDetailFields\n            }\n          }\n        }\n      }\n    }\n  }\n": types.ChatConversationDocument,
    "\n  mutation SendMessage($input: SendMessageInput!) {\n    sendMessage(input: $input) {\n      createdConversation\n      conversation {\n        id\n        messageCount\n      }\n      run {\n        ...RunDetailFields\n      }\n    }\n  }\n": types.SendMessageDocument,
    "\n  fragment DatasetListFields on Dataset {\n    id\n    name\n    description\n    visibility\n    latestVersion\n    ownedByViewer\n    updatedAt\n    caseCount\n  }\n": types.DatasetListFieldsFragmentDoc,
    "\n  query Datasets($first: Int!, $after: String, $search: String) {\n    datasets(first: $first, after: $after, search: $search) {\n      totalCount\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      edges {\n        cursor\n        node {\n          ...DatasetListFields\n        }\n      }\n    }\n  }\n": types.DatasetsDocument,
    "\n  fragment DatasetHeaderFields on Dataset {\n    id\n    name\n    description\n    visibility\n    latestVersion\n    ownedByViewer\n    createdAt\n    updatedAt\n    viewerCan {\n      view\n      edit\n      run\n      readRuns\n    }\n  }\n": types.DatasetHeaderFieldsFragmentDoc,
    "\n  query Dataset($id: ID!) {\n    dataset(id: $id) {\n      ...DatasetHeaderFields\n    }\n  }\n": types.DatasetDocument,
    "\n  fragment DatasetVersionFields on DatasetVersion {\n    number\n    action\n    summary\n    caseCount\n    createdAt\n  }\n": types.DatasetVersionFieldsFragmentDoc,
    "\n  query DatasetVersions($id: ID!) {\n    dataset(id: $id) {\n      id\n      versions(first: 100) {\n        ...DatasetVersionFields\n      }\n    }\n  }\n": types.DatasetVersionsDocument,
    "\n  query DatasetVersion($id: ID!, $number: Int!) {\n    dataset(id: $id) {\n      id\n      version(number: $number) {\n        ...DatasetVersionFields\n      }\n    }\n  }\n": types.DatasetVersionDocument,
    "\n  mutation CreateDataset($input: CreateDatasetInput!) {\n    createDataset(input: $input) {\n      dataset {\n        ...DatasetHeaderFields\n      }\n    }\n  }\n": types.CreateDatasetDocument,
    "\n  mutation UpdateDatasetDetails($input: UpdateDatasetDetailsInput!) {\n    updateDatasetDetails(input: $input) {\n      dataset {\n        ...DatasetHeaderFields\n      }\n    }\n  }\n": types.UpdateDatasetDetailsDocument,
    "\n  mutation DeleteDataset($id: ID!) {\n    deleteDataset(id: $id) {\n      deletedId\n    }\n  }\n": types.DeleteDatasetDocument,
    "\n  query DatasetSharing($id: ID!) {\n    dataset(id: $id) {\n      id\n      visibility\n      ownedByViewer\n      grants {\n        user {\n          id\n          name\n          email\n        }\n        level\n        doesNothing\n      }\n    }\n    members {\n      user {\n        id\n        name\n        email\n      }\n      role\n    }\n  }\n": types.DatasetSharingDocument,
    "\n  mutation SetDatasetVisibility($id: ID!, $visibility: Visibility!) {\n    setDatasetVisibility(id: $id, visibility: $visibility) {\n      dataset {\n        id\n        visibility\n      }\n    }\n  }\n": types.SetDatasetVisibilityDocument,
    "\n  mutation ShareDataset($id: ID!, $userId: ID!, $level: GrantLevel!) {\n    shareDataset(id: $id, userId: $userId, level: $level) {\n      grant {\n        user {\n          id\n        }\n        level\n        doesNothing\n      }\n    }\n  }\n": types.ShareDatasetDocument,
    "\n  mutation RevokeDatasetGrant($id: ID!, $userId: ID!) {\n    revokeDatasetGrant(id: $id, userId: $userId) {\n      dataset {\n        id\n        grants {\n          user {\n            id\n          }\n          level\n          doesNothing\n        }\n      }\n    }\n  }\n": types.RevokeDatasetGrantDocument,
    "\n  fragment ScorerSwitchesFields on ScoringConfig {\n    checks {\n      enabled\n      mustPass\n    }\n    toolCalls {\n      enabled\n      mustPass\n    }\n    judge {\n      enabled\n      mustPass\n    }\n    reference {\n      enabled\n      mustPass\n    }\n    structured {\n      enabled\n      mustPass\n    }\n  }\n": types.ScorerSwitchesFieldsFragmentDoc,
    "\n  query DatasetScorers($id: ID!) {\n    dataset(id: $id) {\n      id\n      scoring {\n        ...ScorerSwitchesFields\n      }\n    }\n  }\n": types.DatasetScorersDocument,
    "\n  fragment ModelConnectionFields on ModelConnection {\n    id\n    name\n    provider\n    baseUrl\n    models\n    keyHint\n  }\n": types.ModelConnectionFieldsFragmentDoc,
    "\n  fragment StructuredModelFields on StructuredModelChoice {\n    local\n    connectionId\n    model\n  }\n": types.StructuredModelFieldsFragmentDoc,
    "\n  fragment ScoringFields on ScoringConfig {\n    checks {\n      enabled\n      mustPass\n      defaultChecks {\n        ...CheckFields\n      }\n    }\n    toolCalls {\n      enabled\n      mustPass\n    }\n    judge {\n      enabled\n      mustPass\n      connectionId\n      model\n      instructions\n      criteria {\n        id\n        text\n      }\n      scale\n      passAt\n      yesNoGrading\n    }\n    reference {\n      enabled\n      mustPass\n    }\n    structured {\n      enabled\n      mustPass\n      strictness\n      passAt\n      embeddingModel {\n        ...StructuredModelFields\n      }\n      judgeModel {\n        ...StructuredModelFields\n      }\n      exactOnlyNotice\n      localEmbeddingsInstalled\n    }\n  }\n": types.ScoringFieldsFragmentDoc,
    "\n  query DatasetScoring($id: ID!) {\n    dataset(id: $id) {\n      id\n      scoring {\n        ...ScoringFields\n      }\n    }\n    modelConnections {\n      ...ModelConnectionFields\n    }\n  }\n": types.DatasetScoringDocument,
    "\n  query ScoringCoverage($id: ID!, $unsaved: ScoringInput) {\n    dataset(id: $id) {\n      id\n      scoring {\n        coverage(unsaved: $unsaved) {\n          caseCount\n          checks\n          toolCalls\n          judge\n          reference\n          counterExample\n          nothingGrades\n          referenceOffered\n          structured\n          unverifiedReferences\n        }\n      }\n    }\n  }\n": types.ScoringCoverageDocument,
    "\n  mutation UpdateScoring($datasetId: ID!, $patch: ScoringInput!) {\n    updateScoring(datasetId: $datasetId, patch: $patch) {\n      scoring {\n        ...ScoringFields\n        ...ScorerSwitchesFields\n      }\n    }\n  }\n": types.UpdateScoringDocument,
    "\n  query SuggestRule($criterion: String!) {\n    suggestRule(criterion: $criterion) {\n      ...CheckFields\n    }\n  }\n": types.SuggestRuleDocument,
    "\n  mutation AddModelConnection($input: AddModelConnectionInput!) {\n    addModelConnection(input: $input) {\n      connection {\n        ...ModelConnectionFields\n      }\n    }\n  }\n": types.AddModelConnectionDocument,
    "\n  fragment RunStepFields on RunStep {\n    position\n    kind\n    text\n    toolName\n    arguments\n    status\n    result\n    readOnly\n  }\n": types.RunStepFieldsFragmentDoc,
    "\n  fragment RatingFields on Rating {\n    value\n    comment\n    raterEndUser\n    createdAt\n    updatedAt\n    byViewer\n    rater {\n      id\n      name\n      email\n    }\n  }\n": types.RatingFieldsFragmentDoc,
    "\n  fragment RunRowFields on Run {\n    id\n    question\n    answer\n    status\n    error\n    model\n    costUsd\n    latencyMs\n    isolated\n    eval\n    hasTranscript\n    startedAt\n    agentName\n    agentVersionNumber\n    agent {\n      id\n      name\n    }\n    ratingSummary {\n      up\n      down\n    }\n    conversation {\n      id\n      title\n      endUser\n      owner {\n        id\n        name\n        email\n      }\n    }\n  }\n": types.RunRowFieldsFragmentDoc,
    "\n  fragment RunDetailFields on Run {\n    ...RunRowFields\n    inputTokens\n    outputTokens\n    messageId\n    steps {\n      ...RunStepFields\n    }\n    ratings {\n      ...RatingFields\n    }\n    viewerRating {\n      ...RatingFields\n    }\n    questionMessage {\n      id\n      position\n      content\n    }\n    message {\n      id\n      position\n    }\n    conversation {\n      id\n      visibility\n      ownedByViewer\n      privateToAnother\n    }\n  }\n": types.RunDetailFieldsFragmentDoc,
    "\n  mutation RateRun($input: RateRunInput!) {\n    rateRun(input: $input) {\n      run {\n        id\n        ratingSummary {\n          up\n          down\n        }\n        ratings {\n          ...RatingFields\n        }\n        viewerRating {\n          ...RatingFields\n        }\n      }\n    }\n  }\n": types.RateRunDocument,
    "\n  mutation RemoveRating($runId: ID!) {\n    removeRating(runId: $runId) {\n      run {\n        id\n        ratingSummary {\n          up\n          down\n        }\n        ratings {\n          ...RatingFields\n        }\n        viewerRating {\n          ...RatingFields\n        }\n      }\n    }\n  }\n": types.RemoveRatingDocument,
    "\n  fragment ScoreTargetFields on ScoreTarget {\n    dataset {\n      id\n      name\n    }\n    case {\n      id\n      input\n    }\n  }\n": types.ScoreTargetFieldsFragmentDoc,
    "\n  query ScoreTargets($runId: ID!, $datasetId: ID) {\n    scoreTargets(runId: $runId, datasetId: $datasetId) {\n      question\n      hasAnswer\n      matching {\n        ...ScoreTargetFields\n      }\n      closest {\n        ...ScoreTargetFields\n      }\n      judges {\n        dataset {\n          id\n        }\n        enabled\n        name\n        model\n      }\n    }\n  }\n": types.ScoreTargetsDocument,
    "\n  mutation ScoreRun($input: ScoreRunInput!) {\n    scoreRun(input: $input) {\n      score {\n        id\n        outcome\n        outcomeReason\n        notGradedBy\n        results {\n          scorer\n          status\n          score\n          mustPass\n          skipped\n          reason\n        }\n      }\n    }\n  }\n": types.ScoreRunDocument,
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
export function graphql(source: "\n  query Runs($filter: RunFilterInput, $first: Int!, $after: String) {\n    runs(filter: $filter, first: $first, after: $after) {\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      edges {\n        cursor\n        node {\n          ...RunRowFields\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query Runs($filter: RunFilterInput, $first: Int!, $after: String) {\n    runs(filter: $filter, first: $first, after: $after) {\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      edges {\n        cursor\n        node {\n          ...RunRowFields\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Run($id: ID!) {\n    run(id: $id) {\n      ...RunDetailFields\n      agentVersion {\n        number\n      }\n    }\n  }\n"): (typeof documents)["\n  query Run($id: ID!) {\n    run(id: $id) {\n      ...RunDetailFields\n      agentVersion {\n        number\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TargetDataset($id: ID!) {\n    dataset(id: $id) {\n      id\n      name\n      latestVersion\n      viewerCan {\n        edit\n        run\n      }\n    }\n  }\n"): (typeof documents)["\n  query TargetDataset($id: ID!) {\n    dataset(id: $id) {\n      id\n      name\n      latestVersion\n      viewerCan {\n        edit\n        run\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CaseDraft($runId: ID!) {\n    run(id: $runId) {\n      id\n      caseDraft {\n        question\n        history {\n          role\n          content\n        }\n        answer\n        suggestedKeepAs\n        expectedToolCalls\n        note\n        conversationOwnerName\n      }\n    }\n  }\n"): (typeof documents)["\n  query CaseDraft($runId: ID!) {\n    run(id: $runId) {\n      id\n      caseDraft {\n        question\n        history {\n          role\n          content\n        }\n        answer\n        suggestedKeepAs\n        expectedToolCalls\n        note\n        conversationOwnerName\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query EditableDatasets {\n    datasets(first: 100, editable: true) {\n      edges {\n        node {\n          id\n          name\n          latestVersion\n          visibility\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query EditableDatasets {\n    datasets(first: 100, editable: true) {\n      edges {\n        node {\n          id\n          name\n          latestVersion\n          visibility\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AddCaseFromMessage($input: AddCaseFromMessageInput!) {\n    addCaseFromMessage(input: $input) {\n      version\n      case {\n        id\n      }\n      dataset {\n        id\n        name\n        latestVersion\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation AddCaseFromMessage($input: AddCaseFromMessageInput!) {\n    addCaseFromMessage(input: $input) {\n      version\n      case {\n        id\n      }\n      dataset {\n        id\n        name\n        latestVersion\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AgentListFields on Agent {\n    id\n    name\n    description\n    kind\n    visibility\n    latestVersion\n    updatedAt\n    owner {\n      id\n      name\n      email\n    }\n    viewerCan {\n      view\n      edit\n      run\n    }\n  }\n"): (typeof documents)["\n  fragment AgentListFields on Agent {\n    id\n    name\n    description\n    kind\n    visibility\n    latestVersion\n    updatedAt\n    owner {\n      id\n      name\n      email\n    }\n    viewerCan {\n      view\n      edit\n      run\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Agents($first: Int!, $after: String, $search: String, $kind: AgentKind, $runnable: Boolean! = false) {\n    agents(first: $first, after: $after, search: $search, kind: $kind, runnable: $runnable) {\n      totalCount\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      edges {\n        cursor\n        node {\n          ...AgentListFields\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query Agents($first: Int!, $after: String, $search: String, $kind: AgentKind, $runnable: Boolean! = false) {\n    agents(first: $first, after: $after, search: $search, kind: $kind, runnable: $runnable) {\n      totalCount\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      edges {\n        cursor\n        node {\n          ...AgentListFields\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AgentToolFields on AgentTool {\n    name\n    description\n    parameters\n    readOnly\n    endpoint\n  }\n"): (typeof documents)["\n  fragment AgentToolFields on AgentTool {\n    name\n    description\n    parameters\n    readOnly\n    endpoint\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AgentVersionFields on AgentVersion {\n    number\n    kind\n    createdAt\n    model\n    modelConnection {\n      id\n      name\n    }\n    instructions\n    tools {\n      ...AgentToolFields\n    }\n    skills {\n      visible {\n        id\n        name\n        description\n      }\n      hiddenCount\n    }\n    url\n    timeoutSeconds\n  }\n"): (typeof documents)["\n  fragment AgentVersionFields on AgentVersion {\n    number\n    kind\n    createdAt\n    model\n    modelConnection {\n      id\n      name\n    }\n    instructions\n    tools {\n      ...AgentToolFields\n    }\n    skills {\n      visible {\n        id\n        name\n        description\n      }\n      hiddenCount\n    }\n    url\n    timeoutSeconds\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AgentHeaderFields on Agent {\n    ...AgentListFields\n    ownedByViewer\n    createdAt\n  }\n"): (typeof documents)["\n  fragment AgentHeaderFields on Agent {\n    ...AgentListFields\n    ownedByViewer\n    createdAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Agent($id: ID!) {\n    agent(id: $id) {\n      ...AgentHeaderFields\n      currentVersion {\n        ...AgentVersionFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query Agent($id: ID!) {\n    agent(id: $id) {\n      ...AgentHeaderFields\n      currentVersion {\n        ...AgentVersionFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AgentVersion($id: ID!, $number: Int!) {\n    agent(id: $id) {\n      id\n      version(number: $number) {\n        ...AgentVersionFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query AgentVersion($id: ID!, $number: Int!) {\n    agent(id: $id) {\n      id\n      version(number: $number) {\n        ...AgentVersionFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AgentVersions($id: ID!, $before: Int) {\n    agent(id: $id) {\n      id\n      versions(first: 100, before: $before) {\n        number\n        createdAt\n        model\n        url\n      }\n    }\n  }\n"): (typeof documents)["\n  query AgentVersions($id: ID!, $before: Int) {\n    agent(id: $id) {\n      id\n      versions(first: 100, before: $before) {\n        number\n        createdAt\n        model\n        url\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AgentFormChoices {\n    modelConnections {\n      ...ModelConnectionFields\n    }\n    skills(first: 100) {\n      edges {\n        node {\n          id\n          name\n          description\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query AgentFormChoices {\n    modelConnections {\n      ...ModelConnectionFields\n    }\n    skills(first: 100) {\n      edges {\n        node {\n          id\n          name\n          description\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateModelAgent($input: CreateModelAgentInput!) {\n    createModelAgent(input: $input) {\n      agent {\n        ...AgentHeaderFields\n      }\n      signingSecret\n    }\n  }\n"): (typeof documents)["\n  mutation CreateModelAgent($input: CreateModelAgentInput!) {\n    createModelAgent(input: $input) {\n      agent {\n        ...AgentHeaderFields\n      }\n      signingSecret\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateWebhookAgent($input: CreateWebhookAgentInput!) {\n    createWebhookAgent(input: $input) {\n      agent {\n        ...AgentHeaderFields\n      }\n      signingSecret\n    }\n  }\n"): (typeof documents)["\n  mutation CreateWebhookAgent($input: CreateWebhookAgentInput!) {\n    createWebhookAgent(input: $input) {\n      agent {\n        ...AgentHeaderFields\n      }\n      signingSecret\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConfigureModelAgent($input: ConfigureModelAgentInput!) {\n    configureModelAgent(input: $input) {\n      agent {\n        ...AgentHeaderFields\n        currentVersion {\n          ...AgentVersionFields\n        }\n      }\n      newVersion\n    }\n  }\n"): (typeof documents)["\n  mutation ConfigureModelAgent($input: ConfigureModelAgentInput!) {\n    configureModelAgent(input: $input) {\n      agent {\n        ...AgentHeaderFields\n        currentVersion {\n          ...AgentVersionFields\n        }\n      }\n      newVersion\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConfigureWebhookAgent($input: ConfigureWebhookAgentInput!) {\n    configureWebhookAgent(input: $input) {\n      agent {\n        ...AgentHeaderFields\n        currentVersion {\n          ...AgentVersionFields\n        }\n      }\n      newVersion\n    }\n  }\n"): (typeof documents)["\n  mutation ConfigureWebhookAgent($input: ConfigureWebhookAgentInput!) {\n    configureWebhookAgent(input: $input) {\n      agent {\n        ...AgentHeaderFields\n        currentVersion {\n          ...AgentVersionFields\n        }\n      }\n      newVersion\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateAgentDetails($input: UpdateAgentDetailsInput!) {\n    updateAgentDetails(input: $input) {\n      agent {\n        ...AgentHeaderFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateAgentDetails($input: UpdateAgentDetailsInput!) {\n    updateAgentDetails(input: $input) {\n      agent {\n        ...AgentHeaderFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RotateAgentSecret($id: ID!) {\n    rotateAgentSecret(id: $id) {\n      agent {\n        id\n      }\n      signingSecret\n    }\n  }\n"): (typeof documents)["\n  mutation RotateAgentSecret($id: ID!) {\n    rotateAgentSecret(id: $id) {\n      agent {\n        id\n      }\n      signingSecret\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteAgent($id: ID!) {\n    deleteAgent(id: $id) {\n      deletedId\n    }\n  }\n"): (typeof documents)["\n  mutation DeleteAgent($id: ID!) {\n    deleteAgent(id: $id) {\n      deletedId\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AgentSharing($id: ID!) {\n    agent(id: $id) {\n      id\n      visibility\n      grants {\n        user {\n          id\n          name\n          email\n        }\n        level\n        doesNothing\n      }\n    }\n    members {\n      user {\n        id\n        name\n        email\n      }\n    }\n  }\n"): (typeof documents)["\n  query AgentSharing($id: ID!) {\n    agent(id: $id) {\n      id\n      visibility\n      grants {\n        user {\n          id\n          name\n          email\n        }\n        level\n        doesNothing\n      }\n    }\n    members {\n      user {\n        id\n        name\n        email\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetAgentVisibility($id: ID!, $visibility: Visibility!) {\n    setAgentVisibility(id: $id, visibility: $visibility) {\n      agent {\n        id\n        visibility\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation SetAgentVisibility($id: ID!, $visibility: Visibility!) {\n    setAgentVisibility(id: $id, visibility: $visibility) {\n      agent {\n        id\n        visibility\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ShareAgent($id: ID!, $userId: ID!, $level: GrantLevel!) {\n    shareAgent(id: $id, userId: $userId, level: $level) {\n      grant {\n        user {\n          id\n        }\n        level\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation ShareAgent($id: ID!, $userId: ID!, $level: GrantLevel!) {\n    shareAgent(id: $id, userId: $userId, level: $level) {\n      grant {\n        user {\n          id\n        }\n        level\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevokeAgentGrant($id: ID!, $userId: ID!) {\n    revokeAgentGrant(id: $id, userId: $userId) {\n      agent {\n        id\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation RevokeAgentGrant($id: ID!, $userId: ID!) {\n    revokeAgentGrant(id: $id, userId: $userId) {\n      agent {\n        id\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment CheckFields on Check {\n    contains {\n      value\n      path\n      caseSensitive\n    }\n    notContains {\n      value\n      path\n      caseSensitive\n    }\n    equals {\n      value\n      path\n      caseSensitive\n    }\n    regex {\n      value\n      path\n      caseSensitive\n    }\n    jsonSchema {\n      schema\n      path\n    }\n    maxCostUsd {\n      value\n    }\n    maxLatencyMs {\n      value\n    }\n    length {\n      unit\n      min\n      max\n      path\n    }\n    judge {\n      criterion\n    }\n  }\n"): (typeof documents)["\n  fragment CheckFields on Check {\n    contains {\n      value\n      path\n      caseSensitive\n    }\n    notContains {\n      value\n      path\n      caseSensitive\n    }\n    equals {\n      value\n      path\n      caseSensitive\n    }\n    regex {\n      value\n      path\n      caseSensitive\n    }\n    jsonSchema {\n      schema\n      path\n    }\n    maxCostUsd {\n      value\n    }\n    maxLatencyMs {\n      value\n    }\n    length {\n      unit\n      min\n      max\n      path\n    }\n    judge {\n      criterion\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment CaseRowFields on Case {\n    id\n    revision\n    changedInVersion\n    source\n    masked\n    input\n    history {\n      role\n    }\n    referenceAnswer\n    counterExample\n    expectedToolCalls {\n      tool\n    }\n    checks {\n      ...CheckFields\n    }\n    tags\n    referenceVerified\n  }\n"): (typeof documents)["\n  fragment CaseRowFields on Case {\n    id\n    revision\n    changedInVersion\n    source\n    masked\n    input\n    history {\n      role\n    }\n    referenceAnswer\n    counterExample\n    expectedToolCalls {\n      tool\n    }\n    checks {\n      ...CheckFields\n    }\n    tags\n    referenceVerified\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment CaseFields on Case {\n    id\n    revision\n    changedInVersion\n    source\n    sourceLink {\n      runId\n      conversationId\n      messageId\n    }\n    masked\n    input\n    history {\n      role\n      content\n    }\n    referenceAnswer\n    counterExample\n    expectedToolCalls {\n      tool\n      args\n    }\n    orderMode\n    checks {\n      ...CheckFields\n    }\n    tags\n    note\n    referenceVerified\n    createdAt\n    revisedAt\n  }\n"): (typeof documents)["\n  fragment CaseFields on Case {\n    id\n    revision\n    changedInVersion\n    source\n    sourceLink {\n      runId\n      conversationId\n      messageId\n    }\n    masked\n    input\n    history {\n      role\n      content\n    }\n    referenceAnswer\n    counterExample\n    expectedToolCalls {\n      tool\n      args\n    }\n    orderMode\n    checks {\n      ...CheckFields\n    }\n    tags\n    note\n    referenceVerified\n    createdAt\n    revisedAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DatasetCases($id: ID!, $version: Int, $first: Int!, $after: String, $tag: String, $source: String, $search: String) {\n    dataset(id: $id) {\n      id\n      cases(version: $version, first: $first, after: $after, tag: $tag, source: $source, search: $search) {\n        totalCount\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n        edges {\n          cursor\n          node {\n            ...CaseRowFields\n          }\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query DatasetCases($id: ID!, $version: Int, $first: Int!, $after: String, $tag: String, $source: String, $search: String) {\n    dataset(id: $id) {\n      id\n      cases(version: $version, first: $first, after: $after, tag: $tag, source: $source, search: $search) {\n        totalCount\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n        edges {\n          cursor\n          node {\n            ...CaseRowFields\n          }\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DatasetTags($id: ID!, $version: Int) {\n    dataset(id: $id) {\n      id\n      tags(version: $version)\n    }\n  }\n"): (typeof documents)["\n  query DatasetTags($id: ID!, $version: Int) {\n    dataset(id: $id) {\n      id\n      tags(version: $version)\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Case($id: ID!, $version: Int) {\n    case(id: $id, version: $version) {\n      ...CaseFields\n    }\n  }\n"): (typeof documents)["\n  query Case($id: ID!, $version: Int) {\n    case(id: $id, version: $version) {\n      ...CaseFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AddCase($datasetId: ID!, $case: CaseInput!, $allowTwin: Boolean!) {\n    addCase(datasetId: $datasetId, case: $case, allowTwin: $allowTwin) {\n      case {\n        ...CaseFields\n      }\n      version\n      twins {\n        id\n        input\n        masked\n        changedInVersion\n        tags\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation AddCase($datasetId: ID!, $case: CaseInput!, $allowTwin: Boolean!) {\n    addCase(datasetId: $datasetId, case: $case, allowTwin: $allowTwin) {\n      case {\n        ...CaseFields\n      }\n      version\n      twins {\n        id\n        input\n        masked\n        changedInVersion\n        tags\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateCase($id: ID!, $baseVersion: Int!, $case: CaseInput!) {\n    updateCase(id: $id, baseVersion: $baseVersion, case: $case) {\n      case {\n        ...CaseFields\n      }\n      version\n      changed\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateCase($id: ID!, $baseVersion: Int!, $case: CaseInput!) {\n    updateCase(id: $id, baseVersion: $baseVersion, case: $case) {\n      case {\n        ...CaseFields\n      }\n      version\n      changed\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RemoveCase($id: ID!, $baseVersion: Int) {\n    removeCase(id: $id, baseVersion: $baseVersion) {\n      removedCaseId\n      version\n    }\n  }\n"): (typeof documents)["\n  mutation RemoveCase($id: ID!, $baseVersion: Int) {\n    removeCase(id: $id, baseVersion: $baseVersion) {\n      removedCaseId\n      version\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ImportCases($datasetId: ID!, $file: Upload!) {\n    importCases(datasetId: $datasetId, file: $file) {\n      version\n      imported\n      redacted\n    }\n  }\n"): (typeof documents)["\n  mutation ImportCases($datasetId: ID!, $file: Upload!) {\n    importCases(datasetId: $datasetId, file: $file) {\n      version\n      imported\n      redacted\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ImportColumns {\n    caseImportColumns\n  }\n"): (typeof documents)["\n  query ImportColumns {\n    caseImportColumns\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ImportTemplate {\n    caseImportTemplate\n  }\n"): (typeof documents)["\n  query ImportTemplate {\n    caseImportTemplate\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ExportCases($id: ID!, $format: String!, $version: Int) {\n    dataset(id: $id) {\n      id\n      export(format: $format, version: $version) {\n        filename\n        contentType\n        content\n        caseCount\n      }\n    }\n  }\n"): (typeof documents)["\n  query ExportCases($id: ID!, $format: String!, $version: Int) {\n    dataset(id: $id) {\n      id\n      export(format: $format, version: $version) {\n        filename\n        contentType\n        content\n        caseCount\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RunnableAgents {\n    agents(first: 100, runnable: true) {\n      edges {\n        node {\n          id\n          name\n          kind\n          description\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query RunnableAgents {\n    agents(first: 100, runnable: true) {\n      edges {\n        node {\n          id\n          name\n          kind\n          description\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ChatConversation($id: ID!) {\n    conversation(id: $id) {\n      id\n      title\n      ownedByViewer\n      agent {\n        id\n        name\n      }\n      messages(first: 100) {\n        edges {\n          node {\n            id\n            role\n            content\n            position\n            run {\n              ...RunDetailFields\n            }\n          }\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query ChatConversation($id: ID!) {\n    conversation(id: $id) {\n      id\n      title\n      ownedByViewer\n      agent {\n        id\n        name\n      }\n      messages(first: 100) {\n        edges {\n          node {\n            id\n            role\n            content\n            position\n            run {\n              ...RunDetailFields\n            }\n          }\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SendMessage($input: SendMessageInput!) {\n    sendMessage(input: $input) {\n      createdConversation\n      conversation {\n        id\n        messageCount\n      }\n      run {\n        ...RunDetailFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation SendMessage($input: SendMessageInput!) {\n    sendMessage(input: $input) {\n      createdConversation\n      conversation {\n        id\n        messageCount\n      }\n      run {\n        ...RunDetailFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment DatasetListFields on Dataset {\n    id\n    name\n    description\n    visibility\n    latestVersion\n    ownedByViewer\n    updatedAt\n    caseCount\n  }\n"): (typeof documents)["\n  fragment DatasetListFields on Dataset {\n    id\n    name\n    description\n    visibility\n    latestVersion\n    ownedByViewer\n    updatedAt\n    caseCount\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Datasets($first: Int!, $after: String, $search: String) {\n    datasets(first: $first, after: $after, search: $search) {\n      totalCount\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      edges {\n        cursor\n        node {\n          ...DatasetListFields\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query Datasets($first: Int!, $after: String, $search: String) {\n    datasets(first: $first, after: $after, search: $search) {\n      totalCount\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      edges {\n        cursor\n        node {\n          ...DatasetListFields\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment DatasetHeaderFields on Dataset {\n    id\n    name\n    description\n    visibility\n    latestVersion\n    ownedByViewer\n    createdAt\n    updatedAt\n    viewerCan {\n      view\n      edit\n      run\n      readRuns\n    }\n  }\n"): (typeof documents)["\n  fragment DatasetHeaderFields on Dataset {\n    id\n    name\n    description\n    visibility\n    latestVersion\n    ownedByViewer\n    createdAt\n    updatedAt\n    viewerCan {\n      view\n      edit\n      run\n      readRuns\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Dataset($id: ID!) {\n    dataset(id: $id) {\n      ...DatasetHeaderFields\n    }\n  }\n"): (typeof documents)["\n  query Dataset($id: ID!) {\n    dataset(id: $id) {\n      ...DatasetHeaderFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment DatasetVersionFields on DatasetVersion {\n    number\n    action\n    summary\n    caseCount\n    createdAt\n  }\n"): (typeof documents)["\n  fragment DatasetVersionFields on DatasetVersion {\n    number\n    action\n    summary\n    caseCount\n    createdAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DatasetVersions($id: ID!) {\n    dataset(id: $id) {\n      id\n      versions(first: 100) {\n        ...DatasetVersionFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query DatasetVersions($id: ID!) {\n    dataset(id: $id) {\n      id\n      versions(first: 100) {\n        ...DatasetVersionFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DatasetVersion($id: ID!, $number: Int!) {\n    dataset(id: $id) {\n      id\n      version(number: $number) {\n        ...DatasetVersionFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query DatasetVersion($id: ID!, $number: Int!) {\n    dataset(id: $id) {\n      id\n      version(number: $number) {\n        ...DatasetVersionFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateDataset($input: CreateDatasetInput!) {\n    createDataset(input: $input) {\n      dataset {\n        ...DatasetHeaderFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation CreateDataset($input: CreateDatasetInput!) {\n    createDataset(input: $input) {\n      dataset {\n        ...DatasetHeaderFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateDatasetDetails($input: UpdateDatasetDetailsInput!) {\n    updateDatasetDetails(input: $input) {\n      dataset {\n        ...DatasetHeaderFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateDatasetDetails($input: UpdateDatasetDetailsInput!) {\n    updateDatasetDetails(input: $input) {\n      dataset {\n        ...DatasetHeaderFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteDataset($id: ID!) {\n    deleteDataset(id: $id) {\n      deletedId\n    }\n  }\n"): (typeof documents)["\n  mutation DeleteDataset($id: ID!) {\n    deleteDataset(id: $id) {\n      deletedId\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DatasetSharing($id: ID!) {\n    dataset(id: $id) {\n      id\n      visibility\n      ownedByViewer\n      grants {\n        user {\n          id\n          name\n          email\n        }\n        level\n        doesNothing\n      }\n    }\n    members {\n      user {\n        id\n        name\n        email\n      }\n      role\n    }\n  }\n"): (typeof documents)["\n  query DatasetSharing($id: ID!) {\n    dataset(id: $id) {\n      id\n      visibility\n      ownedByViewer\n      grants {\n        user {\n          id\n          name\n          email\n        }\n        level\n        doesNothing\n      }\n    }\n    members {\n      user {\n        id\n        name\n        email\n      }\n      role\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetDatasetVisibility($id: ID!, $visibility: Visibility!) {\n    setDatasetVisibility(id: $id, visibility: $visibility) {\n      dataset {\n        id\n        visibility\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation SetDatasetVisibility($id: ID!, $visibility: Visibility!) {\n    setDatasetVisibility(id: $id, visibility: $visibility) {\n      dataset {\n        id\n        visibility\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ShareDataset($id: ID!, $userId: ID!, $level: GrantLevel!) {\n    shareDataset(id: $id, userId: $userId, level: $level) {\n      grant {\n        user {\n          id\n        }\n        level\n        doesNothing\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation ShareDataset($id: ID!, $userId: ID!, $level: GrantLevel!) {\n    shareDataset(id: $id, userId: $userId, level: $level) {\n      grant {\n        user {\n          id\n        }\n        level\n        doesNothing\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevokeDatasetGrant($id: ID!, $userId: ID!) {\n    revokeDatasetGrant(id: $id, userId: $userId) {\n      dataset {\n        id\n        grants {\n          user {\n            id\n          }\n          level\n          doesNothing\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation RevokeDatasetGrant($id: ID!, $userId: ID!) {\n    revokeDatasetGrant(id: $id, userId: $userId) {\n      dataset {\n        id\n        grants {\n          user {\n            id\n          }\n          level\n          doesNothing\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ScorerSwitchesFields on ScoringConfig {\n    checks {\n      enabled\n      mustPass\n    }\n    toolCalls {\n      enabled\n      mustPass\n    }\n    judge {\n      enabled\n      mustPass\n    }\n    reference {\n      enabled\n      mustPass\n    }\n    structured {\n      enabled\n      mustPass\n    }\n  }\n"): (typeof documents)["\n  fragment ScorerSwitchesFields on ScoringConfig {\n    checks {\n      enabled\n      mustPass\n    }\n    toolCalls {\n      enabled\n      mustPass\n    }\n    judge {\n      enabled\n      mustPass\n    }\n    reference {\n      enabled\n      mustPass\n    }\n    structured {\n      enabled\n      mustPass\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DatasetScorers($id: ID!) {\n    dataset(id: $id) {\n      id\n      scoring {\n        ...ScorerSwitchesFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query DatasetScorers($id: ID!) {\n    dataset(id: $id) {\n      id\n      scoring {\n        ...ScorerSwitchesFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ModelConnectionFields on ModelConnection {\n    id\n    name\n    provider\n    baseUrl\n    models\n    keyHint\n  }\n"): (typeof documents)["\n  fragment ModelConnectionFields on ModelConnection {\n    id\n    name\n    provider\n    baseUrl\n    models\n    keyHint\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment StructuredModelFields on StructuredModelChoice {\n    local\n    connectionId\n    model\n  }\n"): (typeof documents)["\n  fragment StructuredModelFields on StructuredModelChoice {\n    local\n    connectionId\n    model\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ScoringFields on ScoringConfig {\n    checks {\n      enabled\n      mustPass\n      defaultChecks {\n        ...CheckFields\n      }\n    }\n    toolCalls {\n      enabled\n      mustPass\n    }\n    judge {\n      enabled\n      mustPass\n      connectionId\n      model\n      instructions\n      criteria {\n        id\n        text\n      }\n      scale\n      passAt\n      yesNoGrading\n    }\n    reference {\n      enabled\n      mustPass\n    }\n    structured {\n      enabled\n      mustPass\n      strictness\n      passAt\n      embeddingModel {\n        ...StructuredModelFields\n      }\n      judgeModel {\n        ...StructuredModelFields\n      }\n      exactOnlyNotice\n      localEmbeddingsInstalled\n    }\n  }\n"): (typeof documents)["\n  fragment ScoringFields on ScoringConfig {\n    checks {\n      enabled\n      mustPass\n      defaultChecks {\n        ...CheckFields\n      }\n    }\n    toolCalls {\n      enabled\n      mustPass\n    }\n    judge {\n      enabled\n      mustPass\n      connectionId\n      model\n      instructions\n      criteria {\n        id\n        text\n      }\n      scale\n      passAt\n      yesNoGrading\n    }\n    reference {\n      enabled\n      mustPass\n    }\n    structured {\n      enabled\n      mustPass\n      strictness\n      passAt\n      embeddingModel {\n        ...StructuredModelFields\n      }\n      judgeModel {\n        ...StructuredModelFields\n      }\n      exactOnlyNotice\n      localEmbeddingsInstalled\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DatasetScoring($id: ID!) {\n    dataset(id: $id) {\n      id\n      scoring {\n        ...ScoringFields\n      }\n    }\n    modelConnections {\n      ...ModelConnectionFields\n    }\n  }\n"): (typeof documents)["\n  query DatasetScoring($id: ID!) {\n    dataset(id: $id) {\n      id\n      scoring {\n        ...ScoringFields\n      }\n    }\n    modelConnections {\n      ...ModelConnectionFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ScoringCoverage($id: ID!, $unsaved: ScoringInput) {\n    dataset(id: $id) {\n      id\n      scoring {\n        coverage(unsaved: $unsaved) {\n          caseCount\n          checks\n          toolCalls\n          judge\n          reference\n          counterExample\n          nothingGrades\n          referenceOffered\n          structured\n          unverifiedReferences\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query ScoringCoverage($id: ID!, $unsaved: ScoringInput) {\n    dataset(id: $id) {\n      id\n      scoring {\n        coverage(unsaved: $unsaved) {\n          caseCount\n          checks\n          toolCalls\n          judge\n          reference\n          counterExample\n          nothingGrades\n          referenceOffered\n          structured\n          unverifiedReferences\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateScoring($datasetId: ID!, $patch: ScoringInput!) {\n    updateScoring(datasetId: $datasetId, patch: $patch) {\n      scoring {\n        ...ScoringFields\n        ...ScorerSwitchesFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateScoring($datasetId: ID!, $patch: ScoringInput!) {\n    updateScoring(datasetId: $datasetId, patch: $patch) {\n      scoring {\n        ...ScoringFields\n        ...ScorerSwitchesFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SuggestRule($criterion: String!) {\n    suggestRule(criterion: $criterion) {\n      ...CheckFields\n    }\n  }\n"): (typeof documents)["\n  query SuggestRule($criterion: String!) {\n    suggestRule(criterion: $criterion) {\n      ...CheckFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AddModelConnection($input: AddModelConnectionInput!) {\n    addModelConnection(input: $input) {\n      connection {\n        ...ModelConnectionFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation AddModelConnection($input: AddModelConnectionInput!) {\n    addModelConnection(input: $input) {\n      connection {\n        ...ModelConnectionFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment RunStepFields on RunStep {\n    position\n    kind\n    text\n    toolName\n    arguments\n    status\n    result\n    readOnly\n  }\n"): (typeof documents)["\n  fragment RunStepFields on RunStep {\n    position\n    kind\n    text\n    toolName\n    arguments\n    status\n    result\n    readOnly\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment RatingFields on Rating {\n    value\n    comment\n    raterEndUser\n    createdAt\n    updatedAt\n    byViewer\n    rater {\n      id\n      name\n      email\n    }\n  }\n"): (typeof documents)["\n  fragment RatingFields on Rating {\n    value\n    comment\n    raterEndUser\n    createdAt\n    updatedAt\n    byViewer\n    rater {\n      id\n      name\n      email\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment RunRowFields on Run {\n    id\n    question\n    answer\n    status\n    error\n    model\n    costUsd\n    latencyMs\n    isolated\n    eval\n    hasTranscript\n    startedAt\n    agentName\n    agentVersionNumber\n    agent {\n      id\n      name\n    }\n    ratingSummary {\n      up\n      down\n    }\n    conversation {\n      id\n      title\n      endUser\n      owner {\n        id\n        name\n        email\n      }\n    }\n  }\n"): (typeof documents)["\n  fragment RunRowFields on Run {\n    id\n    question\n    answer\n    status\n    error\n    model\n    costUsd\n    latencyMs\n    isolated\n    eval\n    hasTranscript\n    startedAt\n    agentName\n    agentVersionNumber\n    agent {\n      id\n      name\n    }\n    ratingSummary {\n      up\n      down\n    }\n    conversation {\n      id\n      title\n      endUser\n      owner {\n        id\n        name\n        email\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment RunDetailFields on Run {\n    ...RunRowFields\n    inputTokens\n    outputTokens\n    messageId\n    steps {\n      ...RunStepFields\n    }\n    ratings {\n      ...RatingFields\n    }\n    viewerRating {\n      ...RatingFields\n    }\n    questionMessage {\n      id\n      position\n      content\n    }\n    message {\n      id\n      position\n    }\n    conversation {\n      id\n      visibility\n      ownedByViewer\n      privateToAnother\n    }\n  }\n"): (typeof documents)["\n  fragment RunDetailFields on Run {\n    ...RunRowFields\n    inputTokens\n    outputTokens\n    messageId\n    steps {\n      ...RunStepFields\n    }\n    ratings {\n      ...RatingFields\n    }\n    viewerRating {\n      ...RatingFields\n    }\n    questionMessage {\n      id\n      position\n      content\n    }\n    message {\n      id\n      position\n    }\n    conversation {\n      id\n      visibility\n      ownedByViewer\n      privateToAnother\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RateRun($input: RateRunInput!) {\n    rateRun(input: $input) {\n      run {\n        id\n        ratingSummary {\n          up\n          down\n        }\n        ratings {\n          ...RatingFields\n        }\n        viewerRating {\n          ...RatingFields\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation RateRun($input: RateRunInput!) {\n    rateRun(input: $input) {\n      run {\n        id\n        ratingSummary {\n          up\n          down\n        }\n        ratings {\n          ...RatingFields\n        }\n        viewerRating {\n          ...RatingFields\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RemoveRating($runId: ID!) {\n    removeRating(runId: $runId) {\n      run {\n        id\n        ratingSummary {\n          up\n          down\n        }\n        ratings {\n          ...RatingFields\n        }\n        viewerRating {\n          ...RatingFields\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation RemoveRating($runId: ID!) {\n    removeRating(runId: $runId) {\n      run {\n        id\n        ratingSummary {\n          up\n          down\n        }\n        ratings {\n          ...RatingFields\n        }\n        viewerRating {\n          ...RatingFields\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ScoreTargetFields on ScoreTarget {\n    dataset {\n      id\n      name\n    }\n    case {\n      id\n      input\n    }\n  }\n"): (typeof documents)["\n  fragment ScoreTargetFields on ScoreTarget {\n    dataset {\n      id\n      name\n    }\n    case {\n      id\n      input\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ScoreTargets($runId: ID!, $datasetId: ID) {\n    scoreTargets(runId: $runId, datasetId: $datasetId) {\n      question\n      hasAnswer\n      matching {\n        ...ScoreTargetFields\n      }\n      closest {\n        ...ScoreTargetFields\n      }\n      judges {\n        dataset {\n          id\n        }\n        enabled\n        name\n        model\n      }\n    }\n  }\n"): (typeof documents)["\n  query ScoreTargets($runId: ID!, $datasetId: ID) {\n    scoreTargets(runId: $runId, datasetId: $datasetId) {\n      question\n      hasAnswer\n      matching {\n        ...ScoreTargetFields\n      }\n      closest {\n        ...ScoreTargetFields\n      }\n      judges {\n        dataset {\n          id\n        }\n        enabled\n        name\n        model\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ScoreRun($input: ScoreRunInput!) {\n    scoreRun(input: $input) {\n      score {\n        id\n        outcome\n        outcomeReason\n        notGradedBy\n        results {\n          scorer\n          status\n          score\n          mustPass\n          skipped\n          reason\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation ScoreRun($input: ScoreRunInput!) {\n    scoreRun(input: $input) {\n      score {\n        id\n        outcome\n        outcomeReason\n        notGradedBy\n        results {\n          scorer\n          status\n          score\n          mustPass\n          skipped\n          reason\n        }\n      }\n    }\n  }\n"];
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