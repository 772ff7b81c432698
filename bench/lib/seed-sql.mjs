// SQL text for benchmarks that seed a local D1 outside the API.

/** A value as an SQL literal. */
export const sq = (v) =>
  v === null ? "NULL" : typeof v === "number" ? String(v) : `'${String(v).replace(/'/g, "''")}'`;

/** INSERT statements of `perStatement` rows each: D1 caps a statement at 100 KB, and 200 rows of about 250 characters stay well under. */
export function insertRows(table, columns, rows, perStatement = 200) {
  const out = [];
  for (let i = 0; i < rows.length; i += perStatement) {
    const values = rows.slice(i, i + perStatement).map((r) => `(${r.map(sq).join(",")})`);
    out.push(`INSERT INTO ${table} (${columns.join(",")}) VALUES\n${values.join(",\n")};`);
  }
  return out.join("\n");
}
