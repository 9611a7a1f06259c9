/**
 * Worker thread of `generatedPeopleRows`: given the companies' stubs (the people's employers and headcounts), answers
 * each chunk number it is sent with that chunk's people as COPY text.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { DatasetGenerator, type PeopleSeed } from '@app/dataset/generate/generator';
import { CopyBuffer } from './copy-buffer';
import { personCopyLines } from './dataset-rows';
import type { EncodedPeople } from './generated-people';

const generator = DatasetGenerator.fromPeopleSeed(workerData as PeopleSeed);

parentPort!.on('message', (chunk: number) => {
  const person = new CopyBuffer();
  const positions = new CopyBuffer();
  const emails = new CopyBuffer();
  let count = 0;
  for (const p of generator.peopleChunk(chunk)) {
    const lines = personCopyLines(p, generator.headcountOf);
    person.add(lines.person);
    positions.add(lines.positions);
    emails.add(lines.emails);
    count++;
  }
  const rows: EncodedPeople = {
    count,
    person: Buffer.concat(person.drain()),
    positions: Buffer.concat(positions.drain()),
    emails: Buffer.concat(emails.drain()),
  };
  parentPort!.postMessage(rows);
});
