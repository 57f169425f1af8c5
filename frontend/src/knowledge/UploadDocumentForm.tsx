import { Button, FileInput, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconFileUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useMutation } from 'urql';
import { type ApiProblem, type FieldProblem, problemFrom } from '../api/errors';
import { showFieldErrors } from '../api/formErrors';
import { ProblemAlert } from '../api/ProblemAlert';
import { DOCUMENT_ACCEPT, documentFileProblem } from './documentFile';
import { UploadKnowledgeDocumentMutation } from './operations';
import { countOf } from '../common/count';

interface Values {
  file: File | null;
  title: string;
}

const START: Values = { file: null, title: '' };

/**
 * Upload one .txt or .md document. The bounds are said before a file is
 * chosen; a file the API would certainly refuse (another kind, too large) is
 * named on the file control at once, and what the API refuses lands there too.
 */
export function UploadDocumentForm({ baseId }: { baseId: string }) {
  const [, uploadDocument] = useMutation(UploadKnowledgeDocumentMutation);
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const [unplaced, setUnplaced] = useState<FieldProblem[]>([]);
  const [uploading, setUploading] = useState(false);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: START,
    validate: {
      file: (file) => (file === null ? 'Choose a .txt or .md file.' : documentFileProblem(file)),
      title: (title) => (title.trim().length > 200 ? 'A title is at most 200 characters.' : null),
    },
  });

  const choose = (file: File | null) => {
    setProblem(null);
    form.setFieldValue('file', file);
    form.setFieldError('file', file === null ? null : documentFileProblem(file));
  };

  const submit = form.onSubmit(async (values) => {
    if (values.file === null) return;
    setUploading(true);
    setProblem(null);
    const title = values.title.trim();
    const result = await uploadDocument(
      { knowledgeBaseId: baseId, file: values.file, title: title === '' ? null : title },
      { additionalTypenames: ['KnowledgeDocument', 'KnowledgeDocumentConnection', 'KnowledgeSearchHitConnection'] },
    );
    setUploading(false);
    const uploaded = result.data?.uploadKnowledgeDocument.document;
    if (!uploaded) {
      const failure = problemFrom(result.error);
      setProblem(failure);
      if (failure) setUnplaced(showFieldErrors(form, failure));
      return;
    }
    notifications.show({
      color: 'teal',
      title: `Uploaded “${uploaded.title}”`,
      message: `Split into ${countOf(uploaded.passageCount, 'passage', 'passages')}, searchable now.`,
    });
    form.setValues(START);
    form.clearErrors();
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Upload a document">
      <Stack gap="sm">
        {problem && <ProblemAlert problem={problem} unplaced={unplaced} title="The document was not uploaded" />}
        <Group align="flex-start" gap="sm" grow>
          <FileInput
            label="Document"
            description="A .txt or .md file of at most 1 MB (1,048,576 bytes), in UTF-8."
            accept={DOCUMENT_ACCEPT}
            clearable
            clearButtonProps={{ 'aria-label': 'Remove the chosen file' }}
            leftSection={<IconFileUpload size={16} aria-hidden />}
            {...form.getInputProps('file')}
            onChange={choose}
          />
          <TextInput label="Title" description="Leave empty to use the file’s name." maxLength={200} {...form.getInputProps('title')} />
        </Group>
        <Group justify="space-between" align="center">
          <Text size="xs" c="dimmed">
            Markdown is split at its headings, then into passages of at most 2,000 characters; plain text into paragraphs. At most 5,000 passages a document.
          </Text>
          <Button type="submit" loading={uploading}>
            Upload
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
