// @vitest-environment happy-dom
import { Loader, MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { theme } from './theme';

afterEach(cleanup);

describe('theme', () => {
  it('makes a loader an indeterminate progress bar named by its label', () => {
    render(
      <MantineProvider theme={theme}>
        <Loader aria-label="Loading the answers" />
      </MantineProvider>,
    );
    const loader = screen.getByRole('progressbar', { name: 'Loading the answers' });
    expect(loader.getAttribute('aria-valuenow')).toBeNull();
  });

  it('leaves a hidden loader out of what a screen reader reads', () => {
    render(
      <MantineProvider theme={theme}>
        <Loader aria-hidden />
      </MantineProvider>,
    );
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
