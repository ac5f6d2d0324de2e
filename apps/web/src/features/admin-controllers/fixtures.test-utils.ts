import type { AdminControllerRow } from '@hivescope/contract';

/** A complete admin row for the unit tests; override what a test is about. */
export function adminRow(changes: Partial<AdminControllerRow> = {}): AdminControllerRow {
  return {
    id: 7,
    name: 'Stand Wald',
    imsi: '228011234567890',
    imei: '356938035643809',
    msisdn: null,
    location: { lat: 47.37, lng: 8.54 },
    timeZone: 'Europe/Zurich',
    updateInterval: 2,
    region: { primary: null, secondary: null },
    softwareVersion: '1.4.2',
    desiredFirmware: null,
    temperature: 11.5,
    voltage: 3.91,
    signal: -77,
    lastUpdate: '2026-05-01T09:00:00.000Z',
    lastReset: null,
    limitReset: null,
    activationDate: null,
    registeredAt: null,
    subscriptionEnd: '2027-03-15T10:30:00.000Z',
    subscriptionState: 'active',
    remainingNotifications: 100,
    scaleGain: 200,
    signalFilter: false,
    channelConfig: [],
    displayOnPublicMap: false,
    owner: { userId: 3, email: 'anna@example.org' },
    affiliation: { id: 1, name: 'Bieneninspektorat Bern' },
    scaleCount: 2,
    createdAt: '2025-03-15T10:30:00.000Z',
    ...changes,
  };
}
