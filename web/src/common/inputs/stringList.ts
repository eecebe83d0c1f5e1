/** "a, b\nc,," → ['a', 'b', 'c']: the items of a comma / semicolon / newline separated text. */
export function splitList(text: string): string[] {
  return text
    .split(/[,;\n\r]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}
