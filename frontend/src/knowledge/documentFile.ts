/**
 * What a knowledge document may be, checked before it is sent (docs/knowledge.md):
 * a .txt, .md or .markdown file of at most 1 MB. The API checks the same and
 * more (UTF-8, not blank, at most 5,000 passages); this only spares an upload
 * that would certainly be refused.
 */
import { countOf } from '../common/count';

/** The largest document the API stores: exactly this many bytes is accepted, one more is refused. */
export const MAX_DOCUMENT_BYTES = 1_048_576;

/** The extensions the API reads, as the file picker's `accept`. */
export const DOCUMENT_ACCEPT = '.txt,.md,.markdown,text/plain,text/markdown';

const EXTENSION = /\.(txt|md|markdown)$/i;

/** "512 bytes", "3.4 KB", "1.0 MB": sizes in the units people read (1 KB = 1,024 bytes, as the bound is). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return countOf(bytes, 'byte', 'bytes');
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Why this file cannot be a knowledge document, as a sentence for its control; null when it may be uploaded. */
export function documentFileProblem(file: { name: string; size: number }): string | null {
  if (!EXTENSION.test(file.name)) return `${file.name} is not a .txt or .md file: a knowledge base reads plain text and Markdown only.`;
  if (file.size > MAX_DOCUMENT_BYTES) return `${file.name} is ${file.size.toLocaleString('en-US')} bytes; a document is at most ${MAX_DOCUMENT_BYTES.toLocaleString('en-US')} bytes (1 MB).`;
  if (file.size === 0) return `${file.name} is empty; a document needs some text.`;
  return null;
}

/** "Plain text" or "Markdown", as a document's kind is read. */
export function documentKindWords(kind: 'TEXT' | 'MARKDOWN'): string {
  return kind === 'MARKDOWN' ? 'Markdown' : 'Plain text';
}

/** A passage's place: its headings outermost first, "Returns › Refunds", or a word for text under no heading. */
export function headingWords(headingPath: readonly string[]): string {
  return headingPath.length === 0 ? 'Before any heading' : headingPath.join(' › ');
}
