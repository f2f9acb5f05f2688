export * from './access';
export * from './audit';
export * from './coupons';

export * from './releases';

export * from './uploads';

export * from './categories';
export * from './products';
export * from './orders';
export * from './licences';
export * from './customers';
export * from './reports';
export * from './analytics';
