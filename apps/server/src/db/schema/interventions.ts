import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { InterventionLabel } from '@hivescope/contract';
import { scales } from './controllers';
import { users } from './users';

/** What a beekeeper did at a hive (docs/timeline.md, "Interventions"); removed with its scale. */
export const interventions = pgTable(
  'interventions',
  {
    id: serial('id').primaryKey(),
    scaleId: integer('scale_id')
      .notNull()
      .references(() => scales.id, { onDelete: 'cascade' }),
    label: text('label').$type<InterventionLabel>().notNull(),
    description: text('description').notNull().default(''),
    time: timestamp('time', { withTimezone: true }).notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('interventions_scale_time_idx').on(t.scaleId, t.time)],
);
