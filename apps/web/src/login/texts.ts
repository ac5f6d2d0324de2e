import type { Locale } from '@hivescope/contract';
import type { LoginTexts } from './textKeys';

/** Each language's texts are a chunk of their own: only the active language is downloaded. */
const loaders: Record<Locale, () => Promise<{ default: LoginTexts }>> = {
  de: () => import('virtual:login-texts/de'),
  en: () => import('virtual:login-texts/en'),
  fr: () => import('virtual:login-texts/fr'),
  es: () => import('virtual:login-texts/es'),
};

export async function loadTexts(locale: Locale): Promise<LoginTexts> {
  return (await loaders[locale]()).default;
}
