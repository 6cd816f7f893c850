export * from './accounts';
export * from './courses';
export * from './platform';
export * from './notices';
export * from './files';
export * from './content';
export * from './homework';
export * from './institutions';
