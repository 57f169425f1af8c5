import { Code } from '@mantine/core';
import { Fragment } from 'react';
import { codeSpans } from './codeSpans';

/** A message from the API with what it quotes in backticks shown as code, not as backticks. */
export function CodeText({ message }: { message: string }) {
  return (
    <>
      {codeSpans(message).map((span, index) => (span.code ? <Code key={index}>{span.text}</Code> : <Fragment key={index}>{span.text}</Fragment>))}
    </>
  );
}
