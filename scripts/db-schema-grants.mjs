// Grants for a drafted migration, which migra leaves out for functions: reads two schema-only
// dumps (pg_dump) and prints, for every object whose grants differ, a revoke of everything from
// the roles that matter followed by the grants the declared schema gives it.
//
//   node scripts/db-schema-grants.mjs <dump from migrations> <dump from schemas>
import { readFileSync } from 'node:fs';

const ROLES = 'PUBLIC, anon, authenticated, service_role';

/** Each ACL entry of a dump: its object (as GRANT and REVOKE name it) and its statements. */
function grants(path) {
  const entries = new Map();
  const blocks = readFileSync(path, 'utf8').split(/\n--\n-- Name: /);
  for (const block of blocks.slice(1)) {
    const [header, ...rest] = block.split('\n--\n');
    if (!/; Type: ACL; /.test(header)) continue;
    const lines = rest
      .join('\n--\n')
      .split('\n')
      .filter((line) => /^(GRANT|REVOKE) /.test(line));
    const object = / ON ((?:FUNCTION|TABLE|SEQUENCE|SCHEMA) .+?) (?:TO|FROM) /.exec(
      lines[0] ?? '',
    )?.[1];
    // Keyed by name and schema: private.f and public.f share a name. Column grants keep their
    // own entries: their object is the column list in the statement.
    const schema = /; Schema: ([^;]+);/.exec(header)?.[1] ?? '';
    if (object) entries.set(`${schema}.${header.split('; Type:')[0]}`, { object, lines });
  }
  return entries;
}

const [fromMigrations, fromSchemas] = process.argv.slice(2).map(grants);
for (const [key, { object, lines }] of fromSchemas) {
  const before = fromMigrations.get(key);
  if (before && before.lines.join('\n') === lines.join('\n')) continue;
  if (!/^[^.]*\.COLUMN /.test(key)) console.log(`REVOKE ALL ON ${object} FROM ${ROLES};`);
  console.log(lines.join('\n'));
}
for (const [key, { object }] of fromMigrations) {
  if (!fromSchemas.has(key))
    console.log(`-- check by hand: ${object} has no grants left in supabase/schemas`);
}
