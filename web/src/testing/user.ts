// A signed-in user as `PUT /api/account` answers, for tests that need one but not all of it.
import type { User } from '../lib/types';

/** Ann on the free plan with no calculators, with `fields` instead. */
export const testUser = (fields: Partial<User> = {}): User => ({
  name: 'Ann',
  email: 'ann@example.com',
  phone: '',
  address: '',
  zipcode: '',
  city: '',
  state: '',
  country: '',
  plan: 'free',
  calcs: [],
  ...fields,
});
