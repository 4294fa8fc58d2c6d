export * from './constants';
export * from './crypto';
export * from './errors';
export * from './validators';
export * from './auth';
export * from './paths';
export * from './system';
