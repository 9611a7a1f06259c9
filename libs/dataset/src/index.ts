export * from './import/import-dataset';
export * from './import/ndjson-lines';
export * from './load/dataset-loader';
export * from './progress';
export * from './records/validate-record';
export * from './generate/generate-dataset';
export * from './generate/generator';
export * from './generate/prng';
