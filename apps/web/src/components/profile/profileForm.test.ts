import { describe, expect, it } from 'vitest';
import { profileFormValues, toProfilePath } from './profileForm';

describe('profile form values', () => {
  it('fills missing fields and defaults the country to CH', () => {
    expect(profileFormValues({ firstName: 'Anna' })).toEqual({
      firstName: 'Anna',
      lastName: '',
      company: '',
      street: '',
      zip: '',
      city: '',
      country: 'CH',
      phone: '',
    });
    expect(profileFormValues({ country: 'DE' }).country).toBe('DE');
  });

  it('maps server field names to form paths', () => {
    expect(toProfilePath('street')).toBe('profile.street');
    expect(toProfilePath('profile.zip')).toBe('profile.zip');
  });
});
