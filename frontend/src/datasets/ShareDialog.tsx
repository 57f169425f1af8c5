import { useMutation, useQuery } from 'urql';
import type { DatasetHeaderFieldsFragment } from '../gql/graphql';
import { SharingDialog, type SharingWords } from '../sharing/SharingDialog';
import { DatasetSharingQuery, RevokeDatasetGrantMutation, SetDatasetVisibilityMutation, ShareDatasetMutation } from './operations';

const DATASET_WORDS: SharingWords = {
  whenPrivate: 'Only its owner, the people below and members whose role reads every dataset can see it.',
  whenShared: (organization) => `Everyone in ${organization} can see it; the people below get what their grant adds.`,
  levels: 'Read lets a member read the cases and versions and export them; edit also lets them change cases, import, share and delete.',
  legacyUse:
    'A use grant let someone run evals over the dataset. Everyone who may read runs can already do that, so it gives nothing; it is kept until you remove it.',
  what: 'this dataset',
};

/** A dataset's access, in the dialog every shared resource uses. */
export function ShareDialog({ dataset, onClose }: { dataset: DatasetHeaderFieldsFragment; onClose: () => void }) {
  const [{ data, fetching, error }, refetch] = useQuery({ query: DatasetSharingQuery, variables: { id: dataset.id }, requestPolicy: 'network-only' });
  const [, setVisibility] = useMutation(SetDatasetVisibilityMutation);
  const [, share] = useMutation(ShareDatasetMutation);
  const [, revoke] = useMutation(RevokeDatasetGrantMutation);
  return (
    <SharingDialog
      name={dataset.name}
      canChange={dataset.viewerCan.edit}
      words={DATASET_WORDS}
      onClose={onClose}
      controls={{
        state: data?.dataset ?? null,
        members: data?.members ?? [],
        loading: fetching,
        loadError: error,
        setVisibility: (visibility) => setVisibility({ id: dataset.id, visibility }, { additionalTypenames: ['Dataset'] }),
        share: (userId, level) => share({ id: dataset.id, userId, level }),
        revoke: (userId) => revoke({ id: dataset.id, userId }),
        reload: () => refetch({ requestPolicy: 'network-only' }),
      }}
    />
  );
}
