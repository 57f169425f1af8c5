import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Markdown } from './Markdown';

function html(markdown: string): string {
  return renderToStaticMarkup(
    <MantineProvider>
      <Markdown>{markdown}</Markdown>
    </MantineProvider>,
  );
}

describe('Markdown', () => {
  it('renders answers as Markdown', () => {
    const out = html('**Refunds** take `5` days:\n\n- card\n- bank');
    expect(out).toContain('<strong>Refunds</strong>');
    expect(out).toMatch(/<li>card<\/li>/);
  });

  it('shows a remote image as a link and never loads it', () => {
    const out = html('Here: ![chart of refunds](https://images.example.test/chart.png)');
    expect(out).not.toContain('<img');
    expect(out).toMatch(/<a [^>]*href="https:\/\/images\.example\.test\/chart\.png"/);
    expect(out).toContain('Image: chart of refunds');
    expect(out).toContain('rel="noopener noreferrer nofollow"');
  });

  it('names an image without alt text by its address', () => {
    expect(html('![](https://x.example.test/a.gif)')).toContain('Image: https://x.example.test/a.gif');
  });

  it('does not turn raw HTML into elements', () => {
    const out = html('<img src="https://tracker.example.test/pixel.gif"> <script>alert(1)</script>');
    expect(out).not.toContain('<img');
    expect(out).not.toContain('<script');
  });

  it('drops javascript: links', () => {
    expect(html('[click](javascript:alert(1))')).not.toContain('javascript:');
  });
});
