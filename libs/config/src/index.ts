export * from './app-config';
export * from './config.module';
export * from './duration';
export * from './load-env-file';
export * from './replica-urls';
