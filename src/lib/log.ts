// Structured logs: one JSON object per line, which Workers Logs indexes by field.
type Fields = Record<string, unknown>;

function write(level: "info" | "warn" | "error", msg: string, fields: Fields): void {
  const line = JSON.stringify({ level, msg, time: new Date().toISOString(), ...fields });
  if (level === "error") console.error(line);
  else if (level === "warn") console.warn(line);
  else console.log(line);
}

export const logInfo = (msg: string, fields: Fields = {}) => write("info", msg, fields);
export const logWarn = (msg: string, fields: Fields = {}) => write("warn", msg, fields);
export const logError = (msg: string, fields: Fields = {}) => write("error", msg, fields);

/** Paths that carry a bearer secret: logged with the secret masked. */
const SECRET_IN_PATH = /^(\/v1\/documents\/shared\/|\/i\/)[^/]+/;

export function loggedPath(path: string): string {
  return path.replace(SECRET_IN_PATH, "$1***");
}
