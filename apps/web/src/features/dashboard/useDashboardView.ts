import { useEffect, useState } from 'react';
import { useAppSelector } from '../../app/store/hooks';
import { selectLocale } from '../../app/store/selectors';

/** The current time, updated every `intervalMs` so relative times ("5 minutes ago") stay true. */
export function useNow(intervalMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** The UI locale for Intl formatting. */
export function useLocale(): string {
  return useAppSelector(selectLocale);
}
