/**
 * Worker thread of `dataset:import`'s people in a replacing load (people-lines.ts): parses, validates and encodes the
 * lines it is sent, answering each line's COPY text or why it is rejected, in the order of the lines.
 */
import { parentPort } from 'node:worker_threads';
import { decodeLine, type PeopleLinesTask } from './people-lines';

parentPort!.on('message', (lines: PeopleLinesTask) => {
  parentPort!.postMessage(lines.map(decodeLine));
});
