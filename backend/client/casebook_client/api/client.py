from typing import TYPE_CHECKING, Any, Optional, Union

from .base_client import BaseClient
from .base_model import UNSET

if TYPE_CHECKING:
    from .add_case import AddCase
    from .base_model import UnsetType, Upload
    from .cancel_eval_run import CancelEvalRun
    from .claim_eval_work import ClaimEvalWork
    from .configure_local_agent import ConfigureLocalAgent
    from .create_dataset import CreateDataset
    from .create_local_agent import CreateLocalAgent
    from .dataset_cases import DatasetCases
    from .enums import AgentKind
    from .estimate_eval_run import EstimateEvalRun
    from .eval_run_comparison import EvalRunComparison
    from .eval_run_progress import EvalRunProgress
    from .eval_run_results import EvalRunResults
    from .eval_run_summary import EvalRunSummary
    from .eval_work_scores import EvalWorkScores
    from .get_agent import GetAgent
    from .get_dataset import GetDataset
    from .import_cases import ImportCases
    from .input_types import (
        CaseInput,
        ConfigureLocalAgentInput,
        CreateDatasetInput,
        CreateLocalAgentInput,
        EvalAnswerInput,
        EvalRunInput,
        RecordConversationsInput,
        RecordRatingsInput,
    )
    from .last_eval_runs import LastEvalRuns
    from .list_agents import ListAgents
    from .list_datasets import ListDatasets
    from .record_conversations import RecordConversations
    from .record_ratings import RecordRatings
    from .release_eval_work import ReleaseEvalWork
    from .renew_eval_work import RenewEvalWork
    from .start_eval_run import StartEvalRun
    from .submit_eval_answers import SubmitEvalAnswers
    from .submit_eval_answers_scored import SubmitEvalAnswersScored


def gql(q: str) -> str:
    return q


class Client(BaseClient):
    def list_datasets(
        self,
        first: int,
        after: Union[Optional[str], "UnsetType"] = UNSET,
        search: Union[Optional[str], "UnsetType"] = UNSET,
        **kwargs: Any,
    ) -> "ListDatasets":
        from .list_datasets import ListDatasets

        query = gql("""
            query ListDatasets($first: Int! = 50, $after: String = null, $search: String = null) {
              datasets(first: $first, after: $after, search: $search) {
                edges {
                  node {
                    ...DatasetFields
                  }
                }
                pageInfo {
                  hasNextPage
                  endCursor
                }
              }
            }

            fragment DatasetFields on Dataset {
              id
              name
              description
              visibility
              latestVersion
              caseCount
              createdAt
              updatedAt
            }
            """)
        variables: dict[str, object] = {
            "first": first,
            "after": after,
            "search": search,
        }
        response = self.execute(
            query=query, operation_name="ListDatasets", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return ListDatasets.model_validate(data)

    def get_dataset(self, id: str, **kwargs: Any) -> "GetDataset":
        from .get_dataset import GetDataset

        query = gql("""
            query GetDataset($id: ID!) {
              dataset(id: $id) {
                ...DatasetFields
              }
            }

            fragment DatasetFields on Dataset {
              id
              name
              description
              visibility
              latestVersion
              caseCount
              createdAt
              updatedAt
            }
            """)
        variables: dict[str, object] = {"id": id}
        response = self.execute(
            query=query, operation_name="GetDataset", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return GetDataset.model_validate(data)

    def create_dataset(
        self, input: "CreateDatasetInput", **kwargs: Any
    ) -> "CreateDataset":
        from .create_dataset import CreateDataset

        query = gql("""
            mutation CreateDataset($input: CreateDatasetInput!) {
              createDataset(input: $input) {
                dataset {
                  ...DatasetFields
                }
              }
            }

            fragment DatasetFields on Dataset {
              id
              name
              description
              visibility
              latestVersion
              caseCount
              createdAt
              updatedAt
            }
            """)
        variables: dict[str, object] = {"input": input}
        response = self.execute(
            query=query, operation_name="CreateDataset", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return CreateDataset.model_validate(data)

    def add_case(
        self, dataset_id: str, case: "CaseInput", allow_twin: bool, **kwargs: Any
    ) -> "AddCase":
        from .add_case import AddCase

        query = gql("""
            mutation AddCase($datasetId: ID!, $case: CaseInput!, $allowTwin: Boolean! = false) {
              addCase(datasetId: $datasetId, case: $case, allowTwin: $allowTwin) {
                version
                case {
                  ...CaseFields
                }
              }
            }

            fragment CaseFields on Case {
              id
              revision
              changedInVersion
              source
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
              note
              tags
              referenceVerified
              anonymisedAt
            }
            """)
        variables: dict[str, object] = {
            "datasetId": dataset_id,
            "case": case,
            "allowTwin": allow_twin,
        }
        response = self.execute(
            query=query, operation_name="AddCase", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return AddCase.model_validate(data)

    def import_cases(
        self, dataset_id: str, file: "Upload", **kwargs: Any
    ) -> "ImportCases":
        from .import_cases import ImportCases

        query = gql("""
            mutation ImportCases($datasetId: ID!, $file: Upload!) {
              importCases(datasetId: $datasetId, file: $file) {
                version
                imported
                redacted
              }
            }
            """)
        variables: dict[str, object] = {"datasetId": dataset_id, "file": file}
        response = self.execute(
            query=query, operation_name="ImportCases", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return ImportCases.model_validate(data)

    def dataset_cases(
        self,
        id: str,
        first: int,
        version: Union[Optional[int], "UnsetType"] = UNSET,
        after: Union[Optional[str], "UnsetType"] = UNSET,
        tag: Union[Optional[str], "UnsetType"] = UNSET,
        **kwargs: Any,
    ) -> "DatasetCases":
        from .dataset_cases import DatasetCases

        query = gql("""
            query DatasetCases($id: ID!, $version: Int = null, $first: Int! = 100, $after: String = null, $tag: String = null) {
              dataset(id: $id) {
                id
                latestVersion
                cases(version: $version, first: $first, after: $after, tag: $tag) {
                  totalCount
                  edges {
                    node {
                      ...CaseFields
                    }
                  }
                  pageInfo {
                    hasNextPage
                    endCursor
                  }
                }
              }
            }

            fragment CaseFields on Case {
              id
              revision
              changedInVersion
              source
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
              note
              tags
              referenceVerified
              anonymisedAt
            }
            """)
        variables: dict[str, object] = {
            "id": id,
            "version": version,
            "first": first,
            "after": after,
            "tag": tag,
        }
        response = self.execute(
            query=query, operation_name="DatasetCases", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return DatasetCases.model_validate(data)

    def list_agents(
        self,
        first: int,
        after: Union[Optional[str], "UnsetType"] = UNSET,
        search: Union[Optional[str], "UnsetType"] = UNSET,
        kind: Union[Optional["AgentKind"], "UnsetType"] = UNSET,
        **kwargs: Any,
    ) -> "ListAgents":
        from .list_agents import ListAgents

        query = gql("""
            query ListAgents($first: Int! = 50, $after: String = null, $search: String = null, $kind: AgentKind = null) {
              agents(first: $first, after: $after, search: $search, kind: $kind) {
                edges {
                  node {
                    ...AgentFields
                  }
                }
                pageInfo {
                  hasNextPage
                  endCursor
                }
              }
            }

            fragment AgentFields on Agent {
              id
              name
              description
              kind
              visibility
              latestVersion
              currentVersion {
                number
                label
                tools {
                  name
                  description
                  parameters
                  readOnly
                }
              }
            }
            """)
        variables: dict[str, object] = {
            "first": first,
            "after": after,
            "search": search,
            "kind": kind,
        }
        response = self.execute(
            query=query, operation_name="ListAgents", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return ListAgents.model_validate(data)

    def get_agent(self, id: str, **kwargs: Any) -> "GetAgent":
        from .get_agent import GetAgent

        query = gql("""
            query GetAgent($id: ID!) {
              agent(id: $id) {
                ...AgentFields
              }
            }

            fragment AgentFields on Agent {
              id
              name
              description
              kind
              visibility
              latestVersion
              currentVersion {
                number
                label
                tools {
                  name
                  description
                  parameters
                  readOnly
                }
              }
            }
            """)
        variables: dict[str, object] = {"id": id}
        response = self.execute(
            query=query, operation_name="GetAgent", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return GetAgent.model_validate(data)

    def create_local_agent(
        self, input: "CreateLocalAgentInput", **kwargs: Any
    ) -> "CreateLocalAgent":
        from .create_local_agent import CreateLocalAgent

        query = gql("""
            mutation CreateLocalAgent($input: CreateLocalAgentInput!) {
              createLocalAgent(input: $input) {
                agent {
                  ...AgentFields
                }
                version {
                  number
                  label
                }
              }
            }

            fragment AgentFields on Agent {
              id
              name
              description
              kind
              visibility
              latestVersion
              currentVersion {
                number
                label
                tools {
                  name
                  description
                  parameters
                  readOnly
                }
              }
            }
            """)
        variables: dict[str, object] = {"input": input}
        response = self.execute(
            query=query,
            operation_name="CreateLocalAgent",
            variables=variables,
            **kwargs,
        )
        data = self.get_data(response)
        return CreateLocalAgent.model_validate(data)

    def configure_local_agent(
        self, input: "ConfigureLocalAgentInput", **kwargs: Any
    ) -> "ConfigureLocalAgent":
        from .configure_local_agent import ConfigureLocalAgent

        query = gql("""
            mutation ConfigureLocalAgent($input: ConfigureLocalAgentInput!) {
              configureLocalAgent(input: $input) {
                agent {
                  ...AgentFields
                }
              }
            }

            fragment AgentFields on Agent {
              id
              name
              description
              kind
              visibility
              latestVersion
              currentVersion {
                number
                label
                tools {
                  name
                  description
                  parameters
                  readOnly
                }
              }
            }
            """)
        variables: dict[str, object] = {"input": input}
        response = self.execute(
            query=query,
            operation_name="ConfigureLocalAgent",
            variables=variables,
            **kwargs,
        )
        data = self.get_data(response)
        return ConfigureLocalAgent.model_validate(data)

    def estimate_eval_run(
        self, input: "EvalRunInput", **kwargs: Any
    ) -> "EstimateEvalRun":
        from .estimate_eval_run import EstimateEvalRun

        query = gql("""
            mutation EstimateEvalRun($input: EvalRunInput!) {
              estimateEvalRun(input: $input) {
                datasetVersion
                cases
                anonymisedLeftOut
                answers
                agents {
                  agent {
                    id
                    name
                  }
                  agentVersion
                  costText
                }
                judgeCostText
                totalCostText
                confirmation
              }
            }
            """)
        variables: dict[str, object] = {"input": input}
        response = self.execute(
            query=query, operation_name="EstimateEvalRun", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return EstimateEvalRun.model_validate(data)

    def start_eval_run(
        self, input: "EvalRunInput", confirmation: str, **kwargs: Any
    ) -> "StartEvalRun":
        from .start_eval_run import StartEvalRun

        query = gql("""
            mutation StartEvalRun($input: EvalRunInput!, $confirmation: String!) {
              startEvalRun(input: $input, confirmation: $confirmation) {
                id
                datasetVersion
                status
                concurrency
                repetitions
                agents {
                  agentId
                  agentName
                  agentVersion
                  kind
                  versionLabel
                }
              }
            }
            """)
        variables: dict[str, object] = {"input": input, "confirmation": confirmation}
        response = self.execute(
            query=query, operation_name="StartEvalRun", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return StartEvalRun.model_validate(data)

    def cancel_eval_run(self, id: str, **kwargs: Any) -> "CancelEvalRun":
        from .cancel_eval_run import CancelEvalRun

        query = gql("""
            mutation CancelEvalRun($id: ID!) {
              cancelEvalRun(id: $id) {
                id
                status
                statusReason
              }
            }
            """)
        variables: dict[str, object] = {"id": id}
        response = self.execute(
            query=query, operation_name="CancelEvalRun", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return CancelEvalRun.model_validate(data)

    def eval_run_progress(self, id: str, **kwargs: Any) -> "EvalRunProgress":
        from .eval_run_progress import EvalRunProgress

        query = gql("""
            query EvalRunProgress($id: ID!) {
              evalRun(id: $id) {
                id
                concurrency
                repetitions
                dataset {
                  id
                  name
                }
                agents {
                  agentId
                  agentName
                  agentVersion
                  kind
                  versionLabel
                }
                clientWork {
                  waiting
                  held
                  lastSeenAt
                }
                progress {
                  ...ProgressFields
                }
              }
            }

            fragment ProgressFields on EvalProgress {
              runId
              status
              statusReason
              total
              answered
              scored
              passed
              failed
              notGraded
              costUsd
              etaSeconds
              sequence
            }
            """)
        variables: dict[str, object] = {"id": id}
        response = self.execute(
            query=query, operation_name="EvalRunProgress", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return EvalRunProgress.model_validate(data)

    def last_eval_runs(
        self, dataset_id: str, first: int, **kwargs: Any
    ) -> "LastEvalRuns":
        from .last_eval_runs import LastEvalRuns

        query = gql("""
            query LastEvalRuns($datasetId: ID!, $first: Int! = 50) {
              evalRuns(datasetId: $datasetId, first: $first) {
                edges {
                  node {
                    id
                    status
                    createdAt
                    agents {
                      agentId
                      agent {
                        id
                      }
                    }
                  }
                }
              }
            }
            """)
        variables: dict[str, object] = {"datasetId": dataset_id, "first": first}
        response = self.execute(
            query=query, operation_name="LastEvalRuns", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return LastEvalRuns.model_validate(data)

    def eval_run_summary(self, id: str, **kwargs: Any) -> "EvalRunSummary":
        from .eval_run_summary import EvalRunSummary

        query = gql("""
            query EvalRunSummary($id: ID!) {
              evalRun(id: $id) {
                id
                datasetVersion
                status
                statusReason
                dataset {
                  id
                  name
                }
                agents {
                  agentId
                  agentName
                  agentVersion
                  kind
                  versionLabel
                }
                progress {
                  ...ProgressFields
                }
                summary {
                  agents {
                    agentId
                    agentName
                    agentVersion
                    passed
                    failed
                    notGraded
                    passRate
                    costUsd
                    latencyP50Ms
                    latencyP95Ms
                    qualityMean
                    qualityMin
                    qualityMax
                  }
                }
                comparison {
                  ...ComparisonFields
                }
              }
            }

            fragment ComparisonFields on EvalComparison {
              baseline {
                id
                datasetVersion
              }
              sameVersion
              note
              comparedCases
              confirmedRegressions
              passRateBefore
              passRateAfter
              regressions {
                case {
                  id
                  input
                }
                agentName
                confirmed
              }
              improvements {
                case {
                  id
                  input
                }
                agentName
                confirmed
              }
            }

            fragment ProgressFields on EvalProgress {
              runId
              status
              statusReason
              total
              answered
              scored
              passed
              failed
              notGraded
              costUsd
              etaSeconds
              sequence
            }
            """)
        variables: dict[str, object] = {"id": id}
        response = self.execute(
            query=query, operation_name="EvalRunSummary", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return EvalRunSummary.model_validate(data)

    def eval_run_comparison(
        self, id: str, with_: Union[Optional[str], "UnsetType"] = UNSET, **kwargs: Any
    ) -> "EvalRunComparison":
        from .eval_run_comparison import EvalRunComparison

        query = gql("""
            query EvalRunComparison($id: ID!, $with: ID = null) {
              evalRun(id: $id) {
                comparison(with: $with) {
                  ...ComparisonFields
                }
              }
            }

            fragment ComparisonFields on EvalComparison {
              baseline {
                id
                datasetVersion
              }
              sameVersion
              note
              comparedCases
              confirmedRegressions
              passRateBefore
              passRateAfter
              regressions {
                case {
                  id
                  input
                }
                agentName
                confirmed
              }
              improvements {
                case {
                  id
                  input
                }
                agentName
                confirmed
              }
            }
            """)
        variables: dict[str, object] = {"id": id, "with": with_}
        response = self.execute(
            query=query,
            operation_name="EvalRunComparison",
            variables=variables,
            **kwargs,
        )
        data = self.get_data(response)
        return EvalRunComparison.model_validate(data)

    def eval_run_results(
        self,
        id: str,
        first: int,
        after: Union[Optional[str], "UnsetType"] = UNSET,
        **kwargs: Any,
    ) -> "EvalRunResults":
        from .eval_run_results import EvalRunResults

        query = gql("""
            query EvalRunResults($id: ID!, $first: Int! = 100, $after: String = null) {
              evalRun(id: $id) {
                results(first: $first, after: $after) {
                  pageInfo {
                    hasNextPage
                    endCursor
                  }
                  edges {
                    node {
                      case {
                        id
                        input
                        tags
                      }
                      agentId
                      agentName
                      outcome
                      scorersOutcome
                      decision {
                        outcome
                        decidedBy
                        decidedAt
                      }
                      flip
                      confirmed
                      qualityMean
                      medianScore {
                        id
                        outcomeReason
                        latencyMs
                      }
                      scores {
                        latencyMs
                      }
                    }
                  }
                }
              }
            }
            """)
        variables: dict[str, object] = {"id": id, "first": first, "after": after}
        response = self.execute(
            query=query, operation_name="EvalRunResults", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return EvalRunResults.model_validate(data)

    def claim_eval_work(
        self,
        run_id: str,
        max: int,
        wait_seconds: float,
        lease_seconds: Union[Optional[float], "UnsetType"] = UNSET,
        case_ids: Union[Optional[list[str]], "UnsetType"] = UNSET,
        lease_token: Union[Optional[str], "UnsetType"] = UNSET,
        **kwargs: Any,
    ) -> "ClaimEvalWork":
        from .claim_eval_work import ClaimEvalWork

        query = gql("""
            mutation ClaimEvalWork($runId: ID!, $max: Int! = 8, $waitSeconds: Float! = 0, $leaseSeconds: Float = null, $caseIds: [ID!] = null, $leaseToken: String = null) {
              claimEvalWork(
                runId: $runId
                max: $max
                waitSeconds: $waitSeconds
                leaseSeconds: $leaseSeconds
                caseIds: $caseIds
                leaseToken: $leaseToken
              ) {
                status
                leaseToken
                items {
                  ...WorkItemFields
                }
              }
            }

            fragment WorkItemFields on EvalWorkItem {
              id
              leaseToken
              leaseExpiresAt
              purpose
              repetition
              caseId
              caseRevision
              input
              history {
                role
                content
              }
              tags
              agentId
              agentName
              agentVersion
              versionLabel
              tools {
                name
                description
                parameters
                readOnly
              }
            }
            """)
        variables: dict[str, object] = {
            "runId": run_id,
            "max": max,
            "waitSeconds": wait_seconds,
            "leaseSeconds": lease_seconds,
            "caseIds": case_ids,
            "leaseToken": lease_token,
        }
        response = self.execute(
            query=query, operation_name="ClaimEvalWork", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return ClaimEvalWork.model_validate(data)

    def submit_eval_answers(
        self,
        run_id: str,
        answers: list["EvalAnswerInput"],
        claim_next: Union[Optional[int], "UnsetType"] = UNSET,
        lease_seconds: Union[Optional[float], "UnsetType"] = UNSET,
        claim_lease_token: Union[Optional[str], "UnsetType"] = UNSET,
        **kwargs: Any,
    ) -> "SubmitEvalAnswers":
        from .submit_eval_answers import SubmitEvalAnswers

        query = gql("""
            mutation SubmitEvalAnswers($runId: ID!, $answers: [EvalAnswerInput!]!, $claimNext: Int = 0, $leaseSeconds: Float = null, $claimLeaseToken: String = null) {
              submitEvalAnswers(
                runId: $runId
                answers: $answers
                claimNext: $claimNext
                leaseSeconds: $leaseSeconds
                claimLeaseToken: $claimLeaseToken
              ) {
                accepted
                refused {
                  itemId
                  reason
                }
                progress {
                  ...ProgressFields
                }
                claimed {
                  status
                  leaseToken
                  items {
                    ...WorkItemFields
                  }
                }
              }
            }

            fragment ProgressFields on EvalProgress {
              runId
              status
              statusReason
              total
              answered
              scored
              passed
              failed
              notGraded
              costUsd
              etaSeconds
              sequence
            }

            fragment WorkItemFields on EvalWorkItem {
              id
              leaseToken
              leaseExpiresAt
              purpose
              repetition
              caseId
              caseRevision
              input
              history {
                role
                content
              }
              tags
              agentId
              agentName
              agentVersion
              versionLabel
              tools {
                name
                description
                parameters
                readOnly
              }
            }
            """)
        variables: dict[str, object] = {
            "runId": run_id,
            "answers": answers,
            "claimNext": claim_next,
            "leaseSeconds": lease_seconds,
            "claimLeaseToken": claim_lease_token,
        }
        response = self.execute(
            query=query,
            operation_name="SubmitEvalAnswers",
            variables=variables,
            **kwargs,
        )
        data = self.get_data(response)
        return SubmitEvalAnswers.model_validate(data)

    def submit_eval_answers_scored(
        self, run_id: str, answers: list["EvalAnswerInput"], **kwargs: Any
    ) -> "SubmitEvalAnswersScored":
        from .submit_eval_answers_scored import SubmitEvalAnswersScored

        query = gql("""
            mutation SubmitEvalAnswersScored($runId: ID!, $answers: [EvalAnswerInput!]!) {
              submitEvalAnswers(runId: $runId, answers: $answers) {
                accepted
                refused {
                  itemId
                  reason
                }
                progress {
                  ...ProgressFields
                }
                scores {
                  ...WorkScoreFields
                }
              }
            }

            fragment ProgressFields on EvalProgress {
              runId
              status
              statusReason
              total
              answered
              scored
              passed
              failed
              notGraded
              costUsd
              etaSeconds
              sequence
            }

            fragment WorkScoreFields on EvalWorkScore {
              itemId
              score {
                id
                outcome
                outcomeReason
                quality
                latencyMs
              }
            }
            """)
        variables: dict[str, object] = {"runId": run_id, "answers": answers}
        response = self.execute(
            query=query,
            operation_name="SubmitEvalAnswersScored",
            variables=variables,
            **kwargs,
        )
        data = self.get_data(response)
        return SubmitEvalAnswersScored.model_validate(data)

    def renew_eval_work(
        self,
        run_id: str,
        lease_tokens: list[str],
        lease_seconds: Union[Optional[float], "UnsetType"] = UNSET,
        **kwargs: Any,
    ) -> "RenewEvalWork":
        from .renew_eval_work import RenewEvalWork

        query = gql("""
            mutation RenewEvalWork($runId: ID!, $leaseTokens: [String!]!, $leaseSeconds: Float = null) {
              renewEvalWork(
                runId: $runId
                leaseTokens: $leaseTokens
                leaseSeconds: $leaseSeconds
              ) {
                leaseExpiresAt
              }
            }
            """)
        variables: dict[str, object] = {
            "runId": run_id,
            "leaseTokens": lease_tokens,
            "leaseSeconds": lease_seconds,
        }
        response = self.execute(
            query=query, operation_name="RenewEvalWork", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return RenewEvalWork.model_validate(data)

    def release_eval_work(
        self, run_id: str, lease_tokens: list[str], **kwargs: Any
    ) -> "ReleaseEvalWork":
        from .release_eval_work import ReleaseEvalWork

        query = gql("""
            mutation ReleaseEvalWork($runId: ID!, $leaseTokens: [String!]!) {
              releaseEvalWork(runId: $runId, leaseTokens: $leaseTokens) {
                released
              }
            }
            """)
        variables: dict[str, object] = {"runId": run_id, "leaseTokens": lease_tokens}
        response = self.execute(
            query=query, operation_name="ReleaseEvalWork", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return ReleaseEvalWork.model_validate(data)

    def eval_work_scores(
        self, run_id: str, item_ids: list[str], **kwargs: Any
    ) -> "EvalWorkScores":
        from .eval_work_scores import EvalWorkScores

        query = gql("""
            query EvalWorkScores($runId: ID!, $itemIds: [ID!]!) {
              evalRun(id: $runId) {
                status
                statusReason
                workScores(itemIds: $itemIds) {
                  ...WorkScoreFields
                }
              }
            }

            fragment WorkScoreFields on EvalWorkScore {
              itemId
              score {
                id
                outcome
                outcomeReason
                quality
                latencyMs
              }
            }
            """)
        variables: dict[str, object] = {"runId": run_id, "itemIds": item_ids}
        response = self.execute(
            query=query, operation_name="EvalWorkScores", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return EvalWorkScores.model_validate(data)

    def record_conversations(
        self, input: "RecordConversationsInput", **kwargs: Any
    ) -> "RecordConversations":
        from .record_conversations import RecordConversations

        query = gql("""
            mutation RecordConversations($input: RecordConversationsInput!) {
              recordConversations(input: $input) {
                conversations {
                  externalId
                  conversationId
                  created
                  turnsStored
                  turns {
                    externalId
                    messageId
                    runId
                    stored
                  }
                }
              }
            }
            """)
        variables: dict[str, object] = {"input": input}
        response = self.execute(
            query=query,
            operation_name="RecordConversations",
            variables=variables,
            **kwargs,
        )
        data = self.get_data(response)
        return RecordConversations.model_validate(data)

    def record_ratings(
        self, input: "RecordRatingsInput", **kwargs: Any
    ) -> "RecordRatings":
        from .record_ratings import RecordRatings

        query = gql("""
            mutation RecordRatings($input: RecordRatingsInput!) {
              recordRatings(input: $input) {
                recorded
              }
            }
            """)
        variables: dict[str, object] = {"input": input}
        response = self.execute(
            query=query, operation_name="RecordRatings", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return RecordRatings.model_validate(data)
