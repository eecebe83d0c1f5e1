/** The singular of a plural English noun as resource labels spell them (domains, IP addresses, repositories). */
function singular(word: string): string {
  if (/ies$/i.test(word)) return `${word.slice(0, -3)}y`;
  if (/(ss|x|ch|sh)es$/i.test(word)) return word.slice(0, -2);
  if (/s$/i.test(word) && !/ss$/i.test(word)) return word.slice(0, -1);
  return word;
}

/** Lower case inside a sentence, except acronyms (DNS, IP). */
const inSentence = (word: string) => (/^[A-Z0-9]{2,}$/.test(word) ? word : word.toLowerCase());

/**
 * "3 domains", "1 domain", "2 DNS records": a count of a resource's records, from its plural label
 * (the shared declaration's), the last word made singular for one.
 */
export function countedNoun(pluralLabel: string, count: number): string {
  const words = pluralLabel.trim().split(/\s+/).map(inSentence);
  if (count === 1) words[words.length - 1] = singular(words[words.length - 1] ?? '');
  return `${count} ${words.join(' ')}`;
}
