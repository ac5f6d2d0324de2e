/**
 * SQL text of a scalar subquery: the ids and row versions (`xmin`, new with every UPDATE) of the live scales of
 * the controller `controllerId` (a column or parameter of the caller's statement), '' when it has none. What
 * tells a kept dashboard row that its scales changed (docs/controllers.md "Dashboard list at fleet size");
 * given as text so that the caller reads it in the same statement as its controllers.
 */
export const liveScaleVersionsOf = (controllerId: string) => `(SELECT coalesce(string_agg(sv.id || '.' ||
    sv.xmin::text, ',' ORDER BY sv.id), '') FROM scales sv WHERE sv.controller_id = ${controllerId} AND sv.state <> 'archived')`;
