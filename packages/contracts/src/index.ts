export * from './money';
export * from './errors';
export * from './status';
export * from './catalog/product';
export * from './catalog/normalize';
export * from './routes';
export * from './public-config';
