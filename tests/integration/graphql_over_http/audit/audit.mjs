// Runs the GraphQL-over-HTTP spec's reference audit (graphql-http's serverAudits)
// against the URL given and prints one JSON line per audit: {id, name, status, reason?}.
import { serverAudits } from 'graphql-http';

const url = process.argv[2];
if (!url) {
  console.error('usage: node audit.mjs <graphql url>');
  process.exit(2);
}
for (const audit of serverAudits({ url })) {
  const result = await audit.fn();
  const line = { id: result.id, name: result.name, status: result.status };
  if (result.status !== 'ok') {
    line.reason = result.reason;
    if (result.response) {
      line.response = {
        status: result.response.status,
        contentType: result.response.headers.get('content-type'),
        body: (await result.response.text()).slice(0, 500),
      };
    }
  }
  console.log(JSON.stringify(line));
}
