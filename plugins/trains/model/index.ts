/** The pure rules of the trains plugin: no React, no I/O. */
export * from './trains';
export * from './seats';
export * from './layout';
export * from './passengers';
export * from './search';
