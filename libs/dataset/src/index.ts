export * from './import/import-dataset';
export * from './import/ndjson-lines';
export * from './import/record-sink';
export * from './progress';
export * from './records/validate-record';
export * from './generate/generate-dataset';
export * from './generate/generator';
export * from './generate/prng';
