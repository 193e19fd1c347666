import { getTableConfig as sc } from 'drizzle-orm/sqlite-core';
import { getTableConfig as pc } from 'drizzle-orm/pg-core';
import * as s from '/work/wt/data-rules/src/server/db/sqliteSchema';
import * as p from '/work/wt/data-rules/src/server/db/pg/schema';
for (const [k, t] of Object.entries(s)) {
  const a = sc(t as any); const b = pc((p as any)[k]);
  for (const c of a.columns) {
    const d = b.columns.find((x) => x.name === c.name)!;
    if (c.columnType === 'SQLiteText') continue;
    console.log(k, c.name, c.columnType, (c as any).config?.mode ?? '', '->', d.columnType, d.getSQLType(), (d as any).generatedIdentity?.type ?? '');
  }
}
