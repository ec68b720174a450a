// A sentence of the API (a log line, a legal action) in English, illustrated from its structured
// form (texts.proto): each company its parameters name is shown in the company's colour and each
// hex as a link-like mark that highlights it on the board when tapped.
import type { ComponentChildren } from "preact";

import type { StructuredText } from "./api";
import { textOn } from "./boardModel";

export function Sentence(props: { text: string; structured?: StructuredText; colours: Map<string, string>; onHex?: (hex: string) => void }) {
  const marks = new Map<string, ComponentChildren>();
  for (const p of props.structured?.params ?? []) {
    if (p.value.case === "company") {
      const colour = props.colours.get(p.value.value);
      if (colour) {
        marks.set(
          p.value.value,
          <span class="mr-chip" style={{ background: colour, color: textOn(colour) }}>
            {p.value.value}
          </span>,
        );
      }
    } else if (p.value.case === "hex" && props.onHex) {
      const hex = p.value.value;
      marks.set(
        hex,
        <span class="mr-hex-ref" onClick={(e) => { e.stopPropagation(); props.onHex!(hex); }}>
          {hex}
        </span>,
      );
    }
  }
  if (marks.size === 0) return <>{props.text}</>;
  return <>{splitAt(props.text, [...marks.keys()]).map((part, i) => (i % 2 === 1 ? <span key={i}>{marks.get(part)}</span> : part))}</>;
}

// `text` split at whole-word occurrences of `words`: plain text at even indices, the words found at
// odd ones.
export function splitAt(text: string, words: string[]): string[] {
  if (words.length === 0) return [text];
  const escaped = words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return text.split(new RegExp(`(?<![\\w'])(${escaped.join("|")})(?![\\w])`));
}
