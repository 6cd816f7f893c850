export * from './constants';
export * from './routes';
export * from './messages';
export * from './accounts/rules';
export * from './accounts/schemas';
export * from './accounts/types';
export * from './courses/schemas';
export * from './courses/members';
