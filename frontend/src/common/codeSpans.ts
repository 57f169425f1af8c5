/** A message's text cut where it quotes code between backticks: "`checks.0.value` is empty". */
export interface TextSpan {
  text: string;
  code: boolean;
}

export function codeSpans(message: string): TextSpan[] {
  const spans: TextSpan[] = [];
  const pattern = /`([^`\n]+)`/g;
  let last = 0;
  for (const match of message.matchAll(pattern)) {
    const at = match.index ?? 0;
    if (at > last) spans.push({ text: message.slice(last, at), code: false });
    spans.push({ text: match[1] ?? '', code: true });
    last = at + match[0].length;
  }
  if (last < message.length) spans.push({ text: message.slice(last), code: false });
  return spans;
}
