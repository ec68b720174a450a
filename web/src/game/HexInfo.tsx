// The popup that says what a hex is (hexFacts.ts), opened by a long press or a second tap on the
// hex, or "i" on the hex the keyboard's focus is on: a non-modal dialog over the board (at its top,
// or its bottom when the hex is in the upper part), named by the hex, its close button focused
// (Escape closes it too).
import { useEffect, useRef } from "preact/hooks";

import type { HexFacts } from "./hexFacts";

export function HexInfo({ facts, low, onClose }: { facts: HexFacts; low: boolean; onClose: () => void }) {
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => close.current?.focus({ preventScroll: true }), [facts.hex]);
  return (
    <div
      class={`mr-hex-info${low ? " mr-hex-info-low" : ""}`}
      role="dialog"
      aria-label={`What is on hex ${facts.title}`}
      data-testid="hex-info"
      data-info-hex={facts.hex}
      onKeyDown={(e) => e.key === "Escape" && onClose()}
      onPointerDown={(e) => e.stopPropagation()}
    >
      <div class="mr-hex-info-title">
        <b>{facts.title}</b>
        <button type="button" ref={close} class="mr-hex-info-close" onClick={onClose} aria-label="close" data-testid="hex-info-close">
          ×
        </button>
      </div>
      <ul>
        {facts.lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </div>
  );
}
