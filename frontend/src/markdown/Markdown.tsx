import { Anchor, Code, Typography } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import ReactMarkdown, { type Components } from 'react-markdown';

/**
 * An image in an answer shown as a link, never loaded: loading it would tell
 * whoever hosts it that this answer was read, and by whom.
 */
function ImageAsLink({ src, alt }: { src?: string | Blob | undefined; alt?: string | undefined }) {
  const href = typeof src === 'string' ? src : undefined;
  const label = alt?.trim() ? alt.trim() : href ?? 'image';
  if (!href) return <span>[{label}]</span>;
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer nofollow" referrerPolicy="no-referrer" size="sm">
      <IconPhoto size={14} aria-hidden style={{ verticalAlign: '-2px', marginRight: 4 }} />
      Image: {label}
    </Anchor>
  );
}

const components: Components = {
  img: ({ src, alt }) => <ImageAsLink src={src} alt={alt} />,
  a: ({ href, children }) => (
    <Anchor href={href} target="_blank" rel="noopener noreferrer nofollow" referrerPolicy="no-referrer">
      {children}
    </Anchor>
  ),
  code: ({ children, className }) => (className ? <code className={className}>{children}</code> : <Code>{children}</Code>),
};

/** Markdown from answers, references and instructions. Raw HTML in it is left out, never rendered. */
export function Markdown({ children }: { children: string }) {
  return (
    <Typography>
      <ReactMarkdown components={components}>
        {children}
      </ReactMarkdown>
    </Typography>
  );
}
