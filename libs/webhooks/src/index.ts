export * from './channels';
export * from './disable';
export * from './secret-box';
export * from './secrets';
export * from './signing';
export * from './target-guard';
export * from './verify';
