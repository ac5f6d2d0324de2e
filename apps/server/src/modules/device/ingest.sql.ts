/**
 * The ingest of one or several reports (a group commit, see ingest.batcher.ts) as ONE SQL statement: one
 * round trip, one implicit transaction. Row arrays (one element per channel value, sorted by controller,
 * channel, time; no key twice):
 *   $1 controller · $2 channel · $3 time · $4 weight · $5 temperature · $6 humidity · $7 job (report index)
 * Controller arrays (one element per controller, sorted by id; the last report of a controller wins):
 *   $8 id · $9 time zone · $10 chip temperature · $11 voltage · $12 signal · $13 firmware · $14 IMEI · $15 last reset
 * Status arrays (one element per controller and time): $16 controller · $17 time · $18 temperature · $19 voltage
 *   · $20 signal
 *
 * `dirty` marks the controller for the alarm detectors in the same transaction (docs/alarms.md "Pipeline").
 * `ins` holds only the rows that were new (ON CONFLICT DO NOTHING … RETURNING), so the rollups add exactly
 * what was stored: a retried or overlapping report adds nothing twice. Rollups keep counts and sums, min/max
 * and first/last by time, so reports may arrive in any order. Every table is written in key order so that
 * concurrent statements take their row locks in the same order. Answers the new rows per report (job).
 */
const rollupSet = (t: string) => `
    n = ${t}.n + excluded.n,
    weight_n = ${t}.weight_n + excluded.weight_n,
    weight_sum = ${t}.weight_sum + excluded.weight_sum,
    weight_min = least(${t}.weight_min, excluded.weight_min),
    weight_max = greatest(${t}.weight_max, excluded.weight_max),
    weight_last = CASE WHEN excluded.weight_last_time IS NOT NULL
      AND (${t}.weight_last_time IS NULL OR excluded.weight_last_time > ${t}.weight_last_time)
      THEN excluded.weight_last ELSE ${t}.weight_last END,
    weight_last_time = greatest(${t}.weight_last_time, excluded.weight_last_time),
    temperature_n = ${t}.temperature_n + excluded.temperature_n,
    temperature_sum = ${t}.temperature_sum + excluded.temperature_sum,
    humidity_n = ${t}.humidity_n + excluded.humidity_n,
    humidity_sum = ${t}.humidity_sum + excluded.humidity_sum`;

const aggregates = `count(*), count(weight), coalesce(sum(weight::float8), 0), min(weight), max(weight)`;
const lastWeight = `(array_agg(weight ORDER BY time DESC) FILTER (WHERE weight IS NOT NULL))[1],
    max(time) FILTER (WHERE weight IS NOT NULL)`;
const firstWeight = `(array_agg(weight ORDER BY time ASC) FILTER (WHERE weight IS NOT NULL))[1],
    min(time) FILTER (WHERE weight IS NOT NULL)`;
const climate = `count(temperature), coalesce(sum(temperature::float8), 0), count(humidity), coalesce(sum(humidity::float8), 0)`;

export const INGEST_SQL = `
WITH src AS (
  SELECT * FROM unnest($1::int[], $2::smallint[], $3::timestamptz[], $4::real[], $5::real[], $6::real[], $7::int[])
    AS u(controller_id, channel, time, weight, temperature, humidity, job)
),
ctl_src AS (
  SELECT * FROM unnest($8::int[], $9::text[], $10::real[], $11::real[], $12::smallint[], $13::text[], $14::text[],
    $15::timestamptz[]) AS p(id, tz, chip_temperature, battery_voltage, signal_dbm, firmware, reported_imei, reset_at)
),
ins AS (
  INSERT INTO readings (controller_id, channel, time, weight, temperature, humidity)
  SELECT controller_id, channel, time, weight, temperature, humidity FROM src ORDER BY controller_id, channel, time
  ON CONFLICT DO NOTHING
  RETURNING controller_id, channel, time, weight, temperature, humidity
),
hourly AS (
  INSERT INTO readings_hourly AS h (controller_id, channel, hour, n, weight_n, weight_sum, weight_min, weight_max,
    weight_last, weight_last_time, temperature_n, temperature_sum, humidity_n, humidity_sum)
  SELECT controller_id, channel, date_trunc('hour', time, 'UTC'), ${aggregates}, ${lastWeight}, ${climate}
  FROM ins GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (controller_id, channel, hour) DO UPDATE SET ${rollupSet('h')}
  RETURNING 1
),
daily AS (
  INSERT INTO readings_daily AS d (controller_id, channel, day, n, weight_n, weight_sum, weight_min, weight_max,
    weight_first, weight_first_time, weight_last, weight_last_time, temperature_n, temperature_sum, humidity_n, humidity_sum)
  SELECT controller_id, channel, (time AT TIME ZONE p.tz)::date, ${aggregates}, ${firstWeight}, ${lastWeight}, ${climate}
  FROM ins JOIN ctl_src p ON p.id = ins.controller_id GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (controller_id, channel, day) DO UPDATE SET ${rollupSet('d')},
    weight_first = CASE WHEN excluded.weight_first_time IS NOT NULL
      AND (d.weight_first_time IS NULL OR excluded.weight_first_time < d.weight_first_time)
      THEN excluded.weight_first ELSE d.weight_first END,
    weight_first_time = least(d.weight_first_time, excluded.weight_first_time)
  RETURNING 1
),
status AS (
  INSERT INTO controller_status AS s (controller_id, time, temperature, voltage, signal)
  SELECT * FROM unnest($16::int[], $17::timestamptz[], $18::real[], $19::real[], $20::smallint[]) ORDER BY 1, 2
  ON CONFLICT (controller_id, time) DO UPDATE SET
    temperature = excluded.temperature, voltage = excluded.voltage, signal = excluded.signal
  RETURNING 1
),
dirty AS (
  INSERT INTO alarm_dirty AS a (controller_id, since)
  SELECT controller_id, min(time) FROM ins GROUP BY 1 ORDER BY 1
  ON CONFLICT (controller_id) DO UPDATE SET since = least(a.since, excluded.since), marked_at = now()
  RETURNING 1
),
unassigned AS (
  SELECT controller_id, count(*)::int AS n FROM ins WHERE NOT EXISTS (
    SELECT 1 FROM scales sc WHERE sc.controller_id = ins.controller_id AND sc.channel = ins.channel AND sc.state = 'active')
  GROUP BY 1
),
ctl AS (
  UPDATE controllers c SET
    temperature = p.chip_temperature, voltage = p.battery_voltage, signal = p.signal_dbm, software_version = p.firmware,
    last_update = now(), imei = coalesce(c.imei, p.reported_imei), last_reset = coalesce(p.reset_at, c.last_reset),
    unassigned_readings = c.unassigned_readings + coalesce(u.n, 0)
  FROM ctl_src p LEFT JOIN unassigned u ON u.controller_id = p.id
  WHERE c.id = p.id
  RETURNING 1
)
SELECT s.job, count(*)::int AS accepted FROM ins JOIN src s USING (controller_id, channel, time) GROUP BY s.job
`;
