export * from './accounts';
export * from './courses';
