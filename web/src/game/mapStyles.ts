// The map's own styles (the board's keyboard focus, the popup saying what a hex is, the runs drawn
// by hand), added to the document once, beside styles.ts's.
import { useStyleSheet } from "./styles";

const CSS = `
.mr-hit:focus { outline: none; }
.mr-hit:focus-visible { stroke: #111111; stroke-width: 6; stroke-dasharray: none; fill: rgba(255, 193, 7, 0.25); }
.mr-sr-only { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
.mr-hex-info { position: absolute; left: 6px; top: 6px; max-width: min(300px, calc(100% - 64px)); z-index: 5; background: #ffffff; color: #1a1a1a;
  border: 2px solid #1565c0; border-radius: 8px; padding: 6px 8px; font-size: 14px; box-shadow: 0 2px 10px rgba(0, 0, 0, 0.3); }
.mr-hex-info-low { top: auto; bottom: 6px; }
.mr-hex-info ul { margin: 4px 0 0; padding-left: 18px; }
.mr-hex-info-title { display: flex; align-items: center; justify-content: space-between; gap: 8px; }
.mr-hex-info-close { min-width: 44px; min-height: 44px; font-size: 20px; border: 1px solid #999; border-radius: 6px; background: #f4f4f4; color: #1a1a1a; }
.mr-hand-runs { border: 1px solid #d21f2b; border-radius: 6px; padding: 6px; margin-bottom: 6px; display: flex; flex-direction: column; gap: 6px; }
.mr-hand-trains { display: flex; flex-wrap: wrap; gap: 4px; }
.mr-hand-trains button, .mr-hand-run button, .mr-hand-actions button { min-height: 44px; min-width: 44px; padding: 4px 10px; }
.mr-hand-run { border: 1px solid #ccc; border-radius: 6px; padding: 4px 6px; }
.mr-hand-run.mr-drawing { border: 2px solid #1565c0; }
.mr-hand-stops { display: flex; flex-wrap: wrap; gap: 4px; align-items: center; margin: 4px 0; }
.mr-hand-actions { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; }
.mr-run-ok { color: #1b5e20; font-weight: bold; } .mr-run-bad { color: #b71c1c; }
@media (prefers-color-scheme: dark) {
  .mr-hex-info { background: #26231f; color: #ece6da; }
  .mr-hex-info-close, .mr-hand-trains button, .mr-hand-run button, .mr-hand-actions button { background: #2e2a25; color: #ece6da; border-color: #4a443b; }
  .mr-run-ok { color: #8fd694; } .mr-run-bad { color: #ff8a80; }
}
`;

export function useMapStyles(): void {
  useStyleSheet("mr-map-styles", CSS);
}
