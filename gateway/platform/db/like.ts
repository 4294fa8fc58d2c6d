/** The ILIKE pattern "contains `text`": the text's own `\`, `%` and `_` escaped, wrapped in `%`. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
