const NOT_STATUSES = /^(?:not )?available$|^free$|^-+$|^n\/a$/i;

/**
 * One status line as RDAP strings: EPP codes ("clientTransferProhibited https://icann.org/epp#...") spaced and
 * lower-cased, comma-joined lists (.ru) split, explanations after " - " (.kz) and in parentheses (.ee) dropped.
 */
export function normaliseStatuses(value: string): string[] {
  return value
    .replace(/\([^)]*\)/g, ' ')
    .replace(/https?:\/\/\S+/g, ' ')
    .split(',')
    .map((part) => part.split(/\s+-(?:\s|$)/)[0]!.trim())
    .filter((code) => code !== '' && !NOT_STATUSES.test(code))
    .map((code) => {
      if (code.toLowerCase() === 'ok') return 'active';
      if (/^[a-z]+[A-Z]/.test(code)) return code.replace(/([A-Z])/g, ' $1').toLowerCase();
      return code.toLowerCase();
    });
}
