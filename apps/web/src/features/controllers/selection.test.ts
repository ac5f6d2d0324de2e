import { describe, expect, it } from 'vitest';
import type { Controller } from '@hivescope/contract';
import { pickController, toControllerSection } from './selection';

const own = [
  { id: 7, name: 'Waldrand' },
  { id: 9, name: 'Obstgarten' },
] as Controller[];

describe('controller settings selection from the URL', () => {
  it('shows the named controller, else the first own one, none without controllers', () => {
    expect(pickController(own, '9')?.name).toBe('Obstgarten');
    expect(pickController(own, null)?.name).toBe('Waldrand');
    expect(pickController(own, '123')?.name).toBe('Waldrand');
    expect(pickController([], '9')).toBeNull();
  });

  it('opens the named section, the general settings for anything else', () => {
    expect(toControllerSection('scales')).toBe('scales');
    expect(toControllerSection('loadCells')).toBe('loadCells');
    expect(toControllerSection('forwarding')).toBe('forwarding');
    expect(toControllerSection(null)).toBe('general');
    expect(toControllerSection('nope')).toBe('general');
  });
});
