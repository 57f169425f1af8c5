import { Button, Center, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { ApiProblem, FieldProblem } from '../api/errors';
import { showFieldErrors } from '../api/formErrors';
import { ProblemAlert } from '../api/ProblemAlert';
import { Brand } from '../shell/Brand';
import { useSession } from './SessionProvider';
import classes from './SignInPage.module.css';
import { PageTitle } from '../shell/pageTitle';

/** Where a signed-out visit to a deep link wanted to go. */
export function returnPathFrom(state: unknown): string {
  const from = (state as { from?: { pathname?: unknown; search?: unknown } } | null)?.from;
  if (typeof from?.pathname !== 'string' || !from.pathname.startsWith('/') || from.pathname.startsWith('/sign-in')) return '/dashboard';
  return from.pathname + (typeof from.search === 'string' ? from.search : '');
}

export function SignInPage() {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const [unplaced, setUnplaced] = useState<FieldProblem[]>([]);
  const [submitting, setSubmitting] = useState(false);
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '', password: '' },
    validate: {
      email: (value) => (/^\S+@\S+$/.test(value.trim()) ? null : 'Enter the e-mail address you sign in with.'),
      password: (value) => (value === '' ? 'Enter your password.' : null),
    },
  });

  const submit = form.onSubmit(async ({ email, password }) => {
    setSubmitting(true);
    setProblem(null);
    const failure = await session.signIn(email.trim(), password);
    setSubmitting(false);
    if (failure) {
      setProblem(failure);
      setUnplaced(showFieldErrors(form, failure));
      if (failure.code === 'UNAUTHENTICATED') {
        // Wrong e-mail or password: retype the password, keep the address.
        form.setFieldValue('password', '');
        form.getInputNode('password')?.focus();
      }
      return;
    }
    navigate(returnPathFrom(location.state), { replace: true });
  });

  return (
    <Center className={classes.page}>
      <Stack gap="lg" w={400} maw="calc(100vw - 32px)">
        <Center>
          <Brand size="lg" />
        </Center>
        <Paper withBorder shadow="sm" radius="lg" p="xl" component="section" aria-labelledby="sign-in-title">
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              <Stack gap={4}>
                <PageTitle title={'Sign in'} />
                <Title order={1} id="sign-in-title" fz="h2">
                  Sign in
                </Title>
                <Text size="sm" c="dimmed">
                  Review answers, curate cases and grade your agents.
                </Text>
              </Stack>
              {problem && <ProblemAlert problem={problem} unplaced={unplaced} title="Could not sign in" />}
              <TextInput
                label="E-mail"
                type="email"
                autoComplete="username"
                required
                data-autofocus
                autoFocus
                {...form.getInputProps('email')}
              />
              <PasswordInput
                label="Password"
                autoComplete="current-password"
                required
                {...form.getInputProps('password')}
              />
              <Button type="submit" fullWidth loading={submitting} mt={4}>
                Sign in
              </Button>
            </Stack>
          </form>
        </Paper>
        <Text size="xs" c="dimmed" ta="center">
          API: {session.apiUrl.replace(/^https?:\/\//, '')}
        </Text>
      </Stack>
    </Center>
  );
}
