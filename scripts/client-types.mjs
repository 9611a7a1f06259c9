// Reads an OpenAPI document (JSON) on stdin and prints the TypeScript types of libs/client/src/schema.ts.
// test/client/client-types.e2e-spec.ts runs it on the served document: it fails when the committed file drifts,
// and rewrites it with UPDATE_CLIENT_TYPES=1.
import openapiTS, { astToString } from 'openapi-typescript';

let text = '';
for await (const chunk of process.stdin) text += chunk;
const doc = JSON.parse(text);
const header =
  '// Generated from the OpenAPI document by scripts/client-types.mjs (openapi-typescript); do not edit.\n\n';
process.stdout.write(header + astToString(await openapiTS(doc, { alphabetize: true })));
