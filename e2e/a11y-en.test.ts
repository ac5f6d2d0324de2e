import { describeScans } from './lib/a11y-scans';

// Every screen in English; the de half runs beside it (a11y-de.test.ts), and this file checks that the scans cover the router and every settings tab.
describeScans(['en'], true);
