import { useCallback, useEffect, useState, type RefObject } from 'react';

/**
 * Fullscreen of one element (Fullscreen API): `toggle` enters or leaves it; the browser leaves it on Escape,
 * and `active` follows (fullscreenchange). `supported` is false where the API is missing (iOS Safari on
 * phones), so the button can be left out there.
 */
export function useFullscreen(ref: RefObject<HTMLElement | null>) {
  const [active, setActive] = useState(false);
  useEffect(() => {
    const onChange = () =>
      setActive(document.fullscreenElement !== null && document.fullscreenElement === ref.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [ref]);
  const toggle = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void ref.current?.requestFullscreen().catch(() => undefined);
  }, [ref]);
  return { active, toggle, supported: typeof document !== 'undefined' && document.fullscreenEnabled };
}
