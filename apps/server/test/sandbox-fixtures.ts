/** Where the embedded FastSpring sandbox's API is mounted. */
export const SANDBOX_API = '/sandbox/fastspring/api';

/** A shopper's contact and address as the sandbox stores it after checkout details are given. */
export const shopperContact = {
  email: 'maria@example.com',
  firstName: 'Maria',
  lastName: 'Lopez',
  country: 'ES',
  region: 'Madrid',
  city: 'Madrid',
  postalCode: '28001',
};
