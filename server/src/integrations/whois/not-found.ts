/**
 * The ways registries say a name is not registered, matched per line once comment marks ("%", "#", "**") are
 * stripped. Only consulted when the answer holds no registration data, so a disclaimer cannot mask a record.
 */
const NOT_FOUND: RegExp[] = [
  /^no match(?:es)?\b/,
  /^no matching record/,
  /\bno entries found\b/,
  /^not found\b/,
  /^no (?:data|object) found/,
  /\bno object found\b/,
  /^no found\b/,
  /^nothing found/,
  /^no data was found/,
  /^no such domain/,
  /^no information available about domain/,
  /^(?:the )?domain(?: name)? (?:\S+ )?(?:was )?not found/,
  /^domain .* not found/,
  /^object[_ ]not[_ ]found/,
  /(?:queried )?object does not exist/,
  /\bwas not found in the registry/,
  /\b(?:is|has) not (?:been )?registered\b/,
  /\bdomain name not known\b/,
  /^we do not have an entry/,
  /^status:\s*(?:free|available)\b/,
  /^\S+ is free\b/,
  /^query_status:\s*220\b/,
  /\bno se encuentra registrado\b/,
];
const RATE_LIMITED =
  /(limit exceeded|too many (requests|queries)|quota exceeded|excessive (querying|queries))/i;

export function saysNotFound(text: string): boolean {
  return text
    .split(/\r?\n/)
    .map((line) => line.replace(/^[\s%#*>]+/, '').toLowerCase())
    .some((line) => line !== '' && NOT_FOUND.some((re) => re.test(line)));
}

export const saysRateLimited = (text: string): boolean => RATE_LIMITED.test(text);
