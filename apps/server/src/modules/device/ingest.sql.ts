/**
 * The whole ingest of one report as ONE SQL statement (one round trip, one implicit transaction).
 *
 * $1 controller id · $2..$6 arrays (channel, time, weight, temperature, humidity), sorted by (channel, time)
 * · $7 controller time zone · $8 chip temperature · $9 voltage · $10 signal · $11 firmware · $12 IMEI
 * · $13 last reset (or null) · $14 time of the status row.
 *
 * `ins` holds only the rows that were new (ON CONFLICT DO NOTHING … RETURNING), so the rollups add exactly
 * what was stored: a retried or overlapping batch adds nothing twice. Rollups keep counts and sums, min/max
 * and first/last by time, so batches may arrive in any order. Rows are inserted in key order so that
 * concurrent reports of one controller take their locks in the same order.
 */
export const INGEST_SQL = `
WITH ins AS (
  INSERT INTO readings (controller_id, channel, time, weight, temperature, humidity)
  SELECT $1::int, u.channel, u.time, u.weight, u.temperature, u.humidity
  FROM unnest($2::smallint[], $3::timestamptz[], $4::real[], $5::real[], $6::real[])
    AS u(channel, time, weight, temperature, humidity)
  ORDER BY u.channel, u.time
  ON CONFLICT DO NOTHING
  RETURNING channel, time, weight, temperature, humidity
),
hourly AS (
  INSERT INTO readings_hourly AS h (controller_id, channel, hour, n, weight_n, weight_sum, weight_min, weight_max,
    weight_last, weight_last_time, temperature_n, temperature_sum, humidity_n, humidity_sum)
  SELECT $1::int, channel, date_trunc('hour', time, 'UTC'), count(*), count(weight), coalesce(sum(weight::float8), 0),
    min(weight), max(weight),
    (array_agg(weight ORDER BY time DESC) FILTER (WHERE weight IS NOT NULL))[1],
    max(time) FILTER (WHERE weight IS NOT NULL),
    count(temperature), coalesce(sum(temperature::float8), 0), count(humidity), coalesce(sum(humidity::float8), 0)
  FROM ins GROUP BY 2, 3 ORDER BY 2, 3
  ON CONFLICT (controller_id, channel, hour) DO UPDATE SET
    n = h.n + excluded.n,
    weight_n = h.weight_n + excluded.weight_n,
    weight_sum = h.weight_sum + excluded.weight_sum,
    weight_min = least(h.weight_min, excluded.weight_min),
    weight_max = greatest(h.weight_max, excluded.weight_max),
    weight_last = CASE WHEN excluded.weight_last_time IS NOT NULL
      AND (h.weight_last_time IS NULL OR excluded.weight_last_time > h.weight_last_time)
      THEN excluded.weight_last ELSE h.weight_last END,
    weight_last_time = greatest(h.weight_last_time, excluded.weight_last_time),
    temperature_n = h.temperature_n + excluded.temperature_n,
    temperature_sum = h.temperature_sum + excluded.temperature_sum,
    humidity_n = h.humidity_n + excluded.humidity_n,
    humidity_sum = h.humidity_sum + excluded.humidity_sum
  RETURNING 1
),
daily AS (
  INSERT INTO readings_daily AS d (controller_id, channel, day, n, weight_n, weight_sum, weight_min, weight_max,
    weight_first, weight_first_time, weight_last, weight_last_time, temperature_n, temperature_sum, humidity_n, humidity_sum)
  SELECT $1::int, channel, (time AT TIME ZONE $7::text)::date, count(*), count(weight), coalesce(sum(weight::float8), 0),
    min(weight), max(weight),
    (array_agg(weight ORDER BY time ASC) FILTER (WHERE weight IS NOT NULL))[1],
    min(time) FILTER (WHERE weight IS NOT NULL),
    (array_agg(weight ORDER BY time DESC) FILTER (WHERE weight IS NOT NULL))[1],
    max(time) FILTER (WHERE weight IS NOT NULL),
    count(temperature), coalesce(sum(temperature::float8), 0), count(humidity), coalesce(sum(humidity::float8), 0)
  FROM ins GROUP BY 2, 3 ORDER BY 2, 3
  ON CONFLICT (controller_id, channel, day) DO UPDATE SET
    n = d.n + excluded.n,
    weight_n = d.weight_n + excluded.weight_n,
    weight_sum = d.weight_sum + excluded.weight_sum,
    weight_min = least(d.weight_min, excluded.weight_min),
    weight_max = greatest(d.weight_max, excluded.weight_max),
    weight_first = CASE WHEN excluded.weight_first_time IS NOT NULL
      AND (d.weight_first_time IS NULL OR excluded.weight_first_time < d.weight_first_time)
      THEN excluded.weight_first ELSE d.weight_first END,
    weight_first_time = least(d.weight_first_time, excluded.weight_first_time),
    weight_last = CASE WHEN excluded.weight_last_time IS NOT NULL
      AND (d.weight_last_time IS NULL OR excluded.weight_last_time > d.weight_last_time)
      THEN excluded.weight_last ELSE d.weight_last END,
    weight_last_time = greatest(d.weight_last_time, excluded.weight_last_time),
    temperature_n = d.temperature_n + excluded.temperature_n,
    temperature_sum = d.temperature_sum + excluded.temperature_sum,
    humidity_n = d.humidity_n + excluded.humidity_n,
    humidity_sum = d.humidity_sum + excluded.humidity_sum
  RETURNING 1
),
status AS (
  INSERT INTO controller_status AS s (controller_id, time, temperature, voltage, signal)
  VALUES ($1::int, $14::timestamptz, $8::real, $9::real, $10::smallint)
  ON CONFLICT (controller_id, time) DO UPDATE SET
    temperature = excluded.temperature, voltage = excluded.voltage, signal = excluded.signal
  RETURNING 1
),
ctl AS (
  UPDATE controllers SET
    temperature = $8::real, voltage = $9::real, signal = $10::smallint, software_version = $11::text,
    last_update = now(), imei = coalesce(imei, $12::text), last_reset = coalesce($13::timestamptz, last_reset),
    unassigned_readings = unassigned_readings + (
      SELECT count(*)::int FROM ins WHERE NOT EXISTS (
        SELECT 1 FROM scales sc WHERE sc.controller_id = $1::int AND sc.channel = ins.channel AND sc.state = 'active'))
  WHERE id = $1::int
  RETURNING 1
)
SELECT (SELECT count(*)::int FROM ins) AS accepted
`;
