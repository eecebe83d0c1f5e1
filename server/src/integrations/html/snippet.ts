const WIDTH = 80;
/** How far an edge may move to land between words. */
const SNAP = 12;

const isLowSurrogate = (s: string, i: number) => {
  const c = s.charCodeAt(i);
  return c >= 0xdc00 && c <= 0xdfff;
};

/**
 * About 80 characters of `source` around [start, end), kept within the line of the hit ("\n" separated),
 * cut between words where one is near, with "…" where text was cut off.
 */
export function snippet(source: string, start: number, end: number): string {
  const lineStart = source.lastIndexOf('\n', start - 1) + 1;
  const newline = source.indexOf('\n', end);
  const lineEnd = newline < 0 ? source.length : newline;
  const room = Math.max(0, WIDTH - (end - start));
  let from = Math.max(lineStart, start - Math.ceil(room / 2));
  const to = Math.min(lineEnd, end + room - (start - from));
  from = Math.max(lineStart, Math.min(from, to - WIDTH));
  let a = from;
  let b = to;
  if (a > lineStart) {
    const space = source.indexOf(' ', a);
    if (space >= 0 && space < start && space - a <= SNAP) a = space + 1;
    else if (isLowSurrogate(source, a)) a += 1;
  }
  if (b < lineEnd) {
    const space = source.lastIndexOf(' ', b);
    if (space >= end && b - space <= SNAP) b = space;
    else if (isLowSurrogate(source, b)) b -= 1;
  }
  return `${a > lineStart ? '…' : ''}${source.slice(a, b).trim()}${b < lineEnd ? '…' : ''}`;
}
