import { z } from 'zod';
import { profileSchema } from '@hivescope/contract';
import { confirmedPasswords, plainPassword, requiredEmail } from '../../lib/form';
import type { ProfileFormValues } from '../../components/profile/profileForm';

/** Step 1 as typed (plain passwords); the request body is built with the contract's registrationUserSchema. */
export const registrationFormSchema = confirmedPasswords(
  {
    email: requiredEmail,
    password: plainPassword,
    passwordConfirmation: plainPassword,
    acceptedTerms: z.literal(true, { message: 'errors:acceptTerms' }),
    profile: profileSchema,
  },
  'password',
  'passwordConfirmation',
);

export type RegistrationFormValues = {
  email: string;
  password: string;
  passwordConfirmation: string;
  acceptedTerms: boolean;
  profile: ProfileFormValues;
};
