import { useForm } from '@mantine/form';
import { useRef, useState } from 'react';
import { useMutation } from 'urql';
import { type ApiProblem, type FieldProblem, problemFrom } from '../../api/errors';
import { showFieldErrors } from '../../api/formErrors';
import type { AgentHeaderFieldsFragment, AgentKind, AgentVersionFieldsFragment } from '../../gql/graphql';
import { useUnsavedChanges } from '../../unsaved/useUnsavedChanges';
import {
  type AgentConfig,
  agentConfigFromForm,
  agentFormFingerprint,
  agentFormFromAgent,
  type AgentFormValues,
  configFingerprint,
  detailsChanged,
  emptyAgentForm,
} from '../agentForm';
import {
  ConfigureLocalAgentMutation,
  ConfigureModelAgentMutation,
  ConfigureWebhookAgentMutation,
  CreateLocalAgentMutation,
  CreateModelAgentMutation,
  CreateWebhookAgentMutation,
  UpdateAgentDetailsMutation,
} from '../operations';

/** What a save did: a new agent with its secret, shown once (a local agent has none); or the version the agent is at now. */
export type SaveOutcome =
  | { kind: 'created'; agentId: string; name: string; signingSecret: string | null }
  | { kind: 'configured'; agentId: string; version: number; newVersion: boolean };

function localProblem(fields: FieldProblem[]): ApiProblem {
  return { code: 'BAD_USER_INPUT', title: 'Some fields need a change', message: fields.length === 1 ? 'Check the highlighted field.' : `Check the ${fields.length} highlighted fields.`, fields };
}

/**
 * An agent being created or edited: the form, saving (details and
 * configuration are separate writes; only a changed configuration makes a
 * version), and the registration with the unsaved-changes guard.
 */
export function useAgentEditor({
  kind,
  existing,
  onSavedFromExit,
}: {
  kind: AgentKind;
  existing: { agent: AgentHeaderFieldsFragment; version: AgentVersionFieldsFragment } | null;
  /** A save the unsaved-changes question made, as the page is left: the page cannot show its outcome. */
  onSavedFromExit: (outcome: SaveOutcome) => void;
}) {
  const [start] = useState(() => (existing ? agentFormFromAgent(existing.agent, existing.version) : emptyAgentForm()));
  const form = useForm<AgentFormValues>({ mode: 'controlled', initialValues: start });
  const [savedFingerprint, setSavedFingerprint] = useState(() => agentFormFingerprint(kind, start));
  // What a save last stored; read by the guard and by saving, outside render.
  const saved = useRef({ fingerprint: savedFingerprint, values: start });
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const [unplaced, setUnplaced] = useState<FieldProblem[]>([]);
  const [saving, setSaving] = useState(false);
  const [, createModel] = useMutation(CreateModelAgentMutation);
  const [, createWebhook] = useMutation(CreateWebhookAgentMutation);
  const [, createLocal] = useMutation(CreateLocalAgentMutation);
  const [, configureModel] = useMutation(ConfigureModelAgentMutation);
  const [, configureWebhook] = useMutation(ConfigureWebhookAgentMutation);
  const [, configureLocal] = useMutation(ConfigureLocalAgentMutation);
  const [, updateDetails] = useMutation(UpdateAgentDetailsMutation);

  const values = form.getValues();
  const dirty = agentFormFingerprint(kind, values) !== savedFingerprint;
  const isDirty = () => agentFormFingerprint(kind, form.getValues()) !== saved.current.fingerprint;

  const refused = (error: Parameters<typeof problemFrom>[0]) => {
    const found = problemFrom(error);
    setProblem(found);
    setUnplaced(found ? showFieldErrors(form, found) : []);
  };

  const markSaved = (current: AgentFormValues) => {
    saved.current = { fingerprint: agentFormFingerprint(kind, current), values: current };
    setSavedFingerprint(saved.current.fingerprint);
  };

  const create = async (config: AgentConfig, current: AgentFormValues): Promise<SaveOutcome | null> => {
    const details = { name: current.name.trim(), description: current.description.trim(), private: current.private };
    const created = (payload: { agent: { id: string; name: string }; signingSecret?: string } | undefined) =>
      payload && { agentId: payload.agent.id, name: payload.agent.name, signingSecret: payload.signingSecret ?? null };
    const result =
      config.kind === 'MODEL'
        ? await createModel({ input: { ...details, config: config.config } }).then((r) => ({ payload: created(r.data?.createModelAgent), error: r.error }))
        : config.kind === 'WEBHOOK'
          ? await createWebhook({ input: { ...details, config: config.config } }).then((r) => ({ payload: created(r.data?.createWebhookAgent), error: r.error }))
          : await createLocal({ input: { ...details, config: config.config } }).then((r) => ({ payload: created(r.data?.createLocalAgent), error: r.error }));
    if (!result.payload) {
      refused(result.error);
      return null;
    }
    return { kind: 'created', ...result.payload };
  };

  const update = async (agent: AgentHeaderFieldsFragment, config: AgentConfig, current: AgentFormValues): Promise<SaveOutcome | null> => {
    const before = saved.current.values;
    if (detailsChanged(before, current)) {
      const result = await updateDetails({ input: { id: agent.id, name: current.name.trim(), description: current.description.trim() } });
      if (!result.data) {
        refused(result.error);
        return null;
      }
    }
    if (configFingerprint(kind, before) === configFingerprint(kind, current)) {
      return { kind: 'configured', agentId: agent.id, version: agent.latestVersion, newVersion: false };
    }
    const result =
      config.kind === 'MODEL'
        ? await configureModel({ input: { id: agent.id, config: config.config } }).then((r) => ({ payload: r.data?.configureModelAgent, error: r.error }))
        : config.kind === 'WEBHOOK'
          ? await configureWebhook({ input: { id: agent.id, config: config.config } }).then((r) => ({ payload: r.data?.configureWebhookAgent, error: r.error }))
          : await configureLocal({ input: { id: agent.id, config: config.config } }).then((r) => ({ payload: r.data?.configureLocalAgent, error: r.error }));
    if (!result.payload) {
      refused(result.error);
      return null;
    }
    return { kind: 'configured', agentId: agent.id, version: result.payload.agent.latestVersion, newVersion: result.payload.newVersion };
  };

  const save = async (): Promise<SaveOutcome | null> => {
    const current = form.getValues();
    form.clearErrors();
    setProblem(null);
    setUnplaced([]);
    const { config, problems } = agentConfigFromForm(kind, current);
    if (config === null) {
      const found = localProblem(problems);
      setProblem(found);
      setUnplaced(showFieldErrors(form, found));
      return null;
    }
    setSaving(true);
    const outcome = existing ? await update(existing.agent, config, current) : await create(config, current);
    setSaving(false);
    if (outcome) markSaved(current);
    return outcome;
  };

  const label = existing ? `Agent “${existing.agent.name}”` : 'The new agent';
  useUnsavedChanges({
    id: existing ? `agent:${existing.agent.id}` : 'agent:new',
    label,
    get dirty() {
      return isDirty();
    },
    canSave: agentConfigFromForm(kind, values).config !== null,
    saveEffect: existing ? 'Saving creates a new version of the agent when its configuration changed.' : 'Saving creates the agent.',
    save: async () => {
      const outcome = await save();
      if (outcome) onSavedFromExit(outcome);
      return outcome !== null;
    },
    discard: () => {
      form.setValues(saved.current.values);
      markSaved(saved.current.values);
    },
    // The form stays the same editor whatever its address says after it.
    keepsLocation: (next, current) => next.pathname === current.pathname,
  });

  return { form, values, dirty, problem, setProblem, unplaced, saving, save };
}
