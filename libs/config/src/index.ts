export * from './app-config';
export * from './config.module';
export * from './duration';
export * from './load-env-file';
export * from './redis-cluster-nodes';
export * from './replica-urls';
