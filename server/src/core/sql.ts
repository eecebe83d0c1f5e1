/** Collects positional parameters while SQL text is assembled, so values never enter the text. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

const SAFE_IDENT = /^[a-z_][a-z0-9_]*$/;
/** Identifiers already checked and quoted (declared names: a small set, bounded all the same). */
const quoted = new Map<string, string>();
const QUOTED_MAX = 10_000;

/** Quotes an identifier that comes from a checked declaration (never from a request). */
export function ident(name: string): string {
  let out = quoted.get(name);
  if (out === undefined) {
    if (!SAFE_IDENT.test(name)) throw new Error(`Unsafe SQL identifier: ${name}`);
    out = `"${name}"`;
    if (quoted.size < QUOTED_MAX) quoted.set(name, out);
  }
  return out;
}

/** Escapes LIKE wildcards so user text matches literally. */
export function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * A piece of SQL with its values kept apart, written as sql`t.user_id = ${id}`. Values become positional
 * parameters when the fragment is merged into a statement; a value that is itself a fragment is inlined.
 */
export class SqlFragment {
  constructor(
    readonly strings: readonly string[],
    readonly values: readonly unknown[],
  ) {}

  /** A statement of its own: text with $n placeholders and its values. */
  query(): { text: string; values: unknown[] } {
    const params = new Params();
    return { text: this.render(params), values: params.values };
  }

  /** The fragment's text, its values added to `params`. */
  render(params: Params): string {
    let out = this.strings[0] ?? '';
    this.values.forEach((v, i) => {
      out += v instanceof SqlFragment ? v.render(params) : params.add(v);
      out += this.strings[i + 1] ?? '';
    });
    return out;
  }
}

/** Text from a checked declaration (a quoted identifier), never from a request. */
export function rawSql(text: string): SqlFragment {
  return new SqlFragment([text], []);
}

export function sql(strings: TemplateStringsArray, ...values: unknown[]): SqlFragment {
  return new SqlFragment([...strings], values);
}

/** Fragments joined by a separator (AND, OR, a comma); at least one. */
export function joinSql(parts: readonly SqlFragment[], separator: string): SqlFragment {
  if (!parts.length) throw new Error('joinSql needs at least one fragment');
  const strings = ['', ...parts.slice(1).map(() => separator), ''];
  return new SqlFragment(strings, parts);
}
