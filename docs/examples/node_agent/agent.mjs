// The quickstart's support agent in Node, for `casebook eval --exec "node agent.mjs"`:
// one case per line of JSON on stdin, one answer per line of JSON on stdout (the line
// protocol, docs/test-from-ci.md). Logs go to stderr, which casebook eval passes through.
import { createInterface } from 'node:readline';

const policies = {
  return: 'You can return an item within 30 days of delivery for a full refund.',
  shipping: 'Standard shipping takes 3 to 5 business days; express takes 1 to 2.',
  warranty: 'Every kettle carries a two-year warranty against manufacturing faults.',
};
const orders = { A1001: 'shipped on 2 March', A1002: 'waiting for stock' };

function answer(kase) {
  const question = kase.input.toLowerCase();
  const order = kase.input.match(/\b[A-Z]\d{4}\b/)?.[0];
  const readOnly = new Set(kase.tools.filter((t) => t.readOnly).map((t) => t.name));
  if (order && question.includes('refund')) {
    // An eval run is isolated: a tool that changes something is reported, not executed.
    const status = readOnly.has('request_refund') ? 'ok' : 'blocked';
    return {
      answer: `I have asked for a refund of order ${order}; you will hear from us by e-mail.`,
      toolCalls: [{ name: 'request_refund', arguments: { order }, status }],
    };
  }
  if (order) {
    const status = orders[order] ?? 'not found';
    return {
      answer: `Order ${order} is ${status}.`,
      toolCalls: [{ name: 'lookup_order', arguments: { order }, status: 'ok', result: status }],
    };
  }
  for (const [topic, policy] of Object.entries(policies)) {
    if (question.includes(topic) || (topic === 'return' && question.includes('send back'))) {
      return { answer: policy };
    }
  }
  return { answer: 'I am not sure; let me pass you to a colleague.' };
}

const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  const started = performance.now();
  let reply;
  try {
    reply = { ...answer(JSON.parse(line)), latencyMs: performance.now() - started };
  } catch (error) {
    reply = { error: `${error.name}: ${error.message}` };
  }
  process.stdout.write(`${JSON.stringify(reply)}\n`);
}
