export * from './disable';
