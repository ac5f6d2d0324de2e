import { describe, expect, it } from 'vitest';
import { geojsonProblem, offsetLabel } from './geojson';

const square = {
  type: 'Polygon',
  coordinates: [
    [
      [7, 46],
      [8, 46],
      [8, 47],
      [7, 46],
    ],
  ],
};

describe('geojsonProblem: the form refuses what cannot be a region before sending', () => {
  it('names text that is not JSON', () => {
    expect(geojsonProblem('{"type": ')).toBe('regions:geojsonInvalidJson');
  });
  it('names JSON that is not a polygon', () => {
    const cases = [
      '42',
      '{"type":"Point","coordinates":[7,46]}',
      '{"type":"FeatureCollection","features":[]}',
    ];
    expect(cases.length).toBeGreaterThan(0);
    for (const text of cases) expect(geojsonProblem(text)).toBe('regions:geojsonNotPolygon');
  });
  it('accepts polygons, also in features', () => {
    const feature = { type: 'Feature', properties: {}, geometry: square };
    const texts = [square, feature, { type: 'FeatureCollection', features: [feature] }].map((v) =>
      JSON.stringify(v),
    );
    for (const text of texts) expect(geojsonProblem(text)).toBeNull();
  });
  it('writes the offset with its sign', () => {
    expect([offsetLabel(2), offsetLabel(-5), offsetLabel(0)]).toEqual(['+2', '−5', '±0']);
  });
});
