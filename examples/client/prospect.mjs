// Finds VPs with a valid email, previews and saves the first ones, exports them to CSV, all through the typed
// client (libs/client). Run after `npm run build`:
//   PWS_API_URL=http://localhost:3000 PWS_API_KEY=... node examples/client/prospect.mjs [how many, default 5]
// Each POST that creates or charges is sent with an Idempotency-Key, so a rerun of a failed step is safe.
import { ApiError, ProspectingClient } from '../../libs/client/dist/index.js';

const client = new ProspectingClient({
  baseUrl: process.env.PWS_API_URL ?? 'http://localhost:3000',
  apiKey: process.env.PWS_API_KEY ?? '',
});
const wanted = Number(process.argv[2] ?? 5);
const filters = { person_seniority: { include: ['VP'] }, contact_details: { email: { status: ['valid'] } } };

try {
  const ids = [];
  for await (const person of client.people.search(filters)) {
    ids.push(person.id);
    if (ids.length >= wanted) break;
  }
  const preview = await client.people.calculateCredits({ data: ids });
  console.log(
    `${ids.length} people, ${preview.data.credits_needed} credits needed of ${preview.data.credits_available}`,
  );
  const saved = await client.people.save({ data: ids });
  console.log(
    `saved ${saved.metadata.saved_count}, charged ${saved.metadata.credits.charged}, balance ${saved.metadata.credits.balance}`,
  );
  const started = await client.people.export({ ids });
  let job = started.data;
  while (job.status === 'queued' || job.status === 'running') {
    await new Promise((resolve) => setTimeout(resolve, 500));
    job = (await client.people.getExport(job.id)).data;
  }
  if (job.status !== 'completed') throw new Error(`export ${job.id} ${job.status}`);
  process.stdout.write(await client.people.download(job.id));
} catch (error) {
  if (error instanceof ApiError)
    console.error(
      `${error.status} ${error.name}${error.field ? ` on ${error.field} (${error.code})` : ''}: ${error.message}`,
    );
  else console.error(error);
  process.exitCode = 1;
}
