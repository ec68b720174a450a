// A chat message's text as the Chat tab shows it (chat.proto): its length in the service's own
// measure (Unicode code points after trimming, lines), and its @mentions found as the service finds
// them (services/game/chat_text.cc: "@" not after a letter, digit or "_", then a player's name in
// any case, longest first, or "all", ending a word), so the tab can mark them. Plain strings only:
// the tab renders every piece as text, never as markup.

export const CHAT_MAX_CHARACTERS = 500; // chat.proto: 1 to 500 code points after trimming
export const CHAT_MAX_LINES = 10;

// The length the service counts: code points of the trimmed text.
export function chatLength(text: string): number {
  return [...text.trim()].length;
}

// Why the service would refuse `text` before it is sent, in words; "" when it may be sent.
export function chatProblem(text: string): string {
  const length = chatLength(text);
  if (length === 0) return "Write something first.";
  if (length > CHAT_MAX_CHARACTERS) return `Too long: ${length} characters, at most ${CHAT_MAX_CHARACTERS}.`;
  const lines = text.trim().split("\n").length;
  if (lines > CHAT_MAX_LINES) return `Too many lines: ${lines}, at most ${CHAT_MAX_LINES}.`;
  return "";
}

// When a message was written, short: "14:05" today, else "7 Dec 14:05" (the reader's time zone).
export function chatTime(unixMs: bigint, now = new Date()): string {
  if (unixMs === 0n) return "";
  const at = new Date(Number(unixMs));
  const time = at.toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit" });
  if (at.toDateString() === now.toDateString()) return time;
  return `${at.toLocaleDateString("en-GB", { day: "numeric", month: "short" })} ${time}`;
}

export interface ChatPiece {
  text: string;
  mention: boolean; // "@name" of a player or "@all"
}

const nameCharacter = /[A-Za-z0-9_]/;

// `text` cut into plain pieces and mentions of `names` (the game's players) or @all.
export function chatPieces(text: string, names: string[]): ChatPiece[] {
  const longestFirst = names.filter((n) => n !== "").sort((a, b) => b.length - a.length);
  const lower = text.toLowerCase();
  const pieces: ChatPiece[] = [];
  let plainFrom = 0;
  const endsWord = (end: number) => end >= text.length || !nameCharacter.test(text[end]);
  for (let at = 0; at < text.length; at++) {
    if (text[at] !== "@" || (at > 0 && nameCharacter.test(text[at - 1]))) continue;
    const candidates = ["all", ...longestFirst];
    const name = candidates.find((n) => lower.startsWith(n.toLowerCase(), at + 1) && endsWord(at + 1 + n.length));
    if (name === undefined) continue;
    if (at > plainFrom) pieces.push({ text: text.slice(plainFrom, at), mention: false });
    pieces.push({ text: text.slice(at, at + 1 + name.length), mention: true });
    plainFrom = at + 1 + name.length;
    at = plainFrom - 1;
  }
  if (plainFrom < text.length) pieces.push({ text: text.slice(plainFrom), mention: false });
  return pieces;
}
