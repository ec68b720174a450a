// Counted nouns in English: "1 game", "2 games", "1 hex", "3 hexes", "1 company", "2 companies".
export function plural(count: number | bigint, noun: string): string {
  if (Number(count) === 1) return `${count} ${noun}`;
  const many = /(s|x|ch|sh)$/.test(noun) ? `${noun}es` : /[^aeiou]y$/.test(noun) ? `${noun.slice(0, -1)}ies` : `${noun}s`;
  return `${count} ${many}`;
}
