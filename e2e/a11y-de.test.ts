import { describeScans } from './lib/a11y-scans';

// Every screen in German; the en half runs beside it (a11y-en.test.ts).
describeScans(['de'], false);
