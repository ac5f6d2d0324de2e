/**
 * The demo beekeeper (docs/demo.md): seeded on an empty database when DEMO=1 (default with the embedded
 * database), printed in the start banner and referenced by the README.
 */
export const DEMO_EMAIL = 'demo@hivescope.local';
export const DEMO_PASSWORD = 'demo-hivescope';

export const DEMO_PROFILE = {
  firstName: 'Dora',
  lastName: 'Demo',
  company: 'Imkerei Demo',
  street: 'Bienenweg 7',
  zip: '3011',
  city: 'Bern',
  country: 'CH',
  phone: '+41 31 555 01 23',
} as const;

/** Seed of the simulator's demo fleet: the same controllers (IMSIs, hives, weather) on every start. */
export const DEMO_SEED = 2026;
export const DEMO_CONTROLLERS = 3;
/** Days of history back-filled at the first start. */
export const DEMO_HISTORY_DAYS = 365;
/** Minutes between the back-filled readings (live readings are sampled every 15 minutes / DEMO_SPEED). */
export const DEMO_HISTORY_SAMPLING_MINUTES = 60;
