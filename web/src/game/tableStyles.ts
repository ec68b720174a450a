// The styles of the game screen's table tabs (ChatPanel, NotesPanel, ProgrammedPanel), added to
// the document once beside styles.ts's. Class names start with "mr-t-". Touch targets 44 px.
import { useEffect } from "preact/hooks";

const CSS = `
.mr-t-list { margin: 0 0 6px; max-height: 50vh; overflow-y: auto; }
.mr-t-items { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 6px; }
.mr-t-msg { border: 1px solid #ddd; border-radius: 8px; padding: 6px 8px; background: #fafafa; }
.mr-t-msg-mine { background: #eef4fb; border-color: #b9cfe8; }
.mr-t-msg-me { border-left: 4px solid #8e24aa; }
.mr-t-meta { display: flex; flex-wrap: wrap; gap: 2px 8px; align-items: center; font-size: 12px; color: #4a4540; }
.mr-t-act { margin-left: auto; min-height: 44px; min-width: 44px; padding: 2px 10px; border-radius: 6px; border: 1px solid #999; background: #fff; color: #1a1a1a; font-size: 13px; }
.mr-t-you { color: #5b1170; font-weight: bold; }
.mr-t-author { font-weight: bold; color: #1a1a1a; }
.mr-t-text { white-space: pre-wrap; overflow-wrap: anywhere; margin: 2px 0 0; }
.mr-t-mention { background: #f3e0f7; color: #5b1170; font-weight: bold; border-radius: 3px; padding: 0 2px; }
.mr-t-gone { font-style: italic; color: #5f5a52; margin: 2px 0 0; }
.mr-t-actions { display: flex; flex-wrap: wrap; gap: 6px; margin-top: 4px; }
.mr-t-actions button, .mr-t-link { min-height: 44px; padding: 4px 10px; border-radius: 6px; border: 1px solid #999; background: #fff; color: #1a1a1a; font-size: 13px; }
.mr-t-link { min-height: 32px; padding: 0 6px; border-color: #b9b2a5; }
.mr-t-msg .mr-t-link { min-height: 28px; }
.mr-t-post { display: flex; flex-direction: column; gap: 4px; }
.mr-t-post textarea, .mr-t-notes textarea { width: 100%; box-sizing: border-box; font: inherit; padding: 6px; border: 1px solid #888; border-radius: 6px; }
.mr-t-row { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; }
.mr-t-row button { min-height: 44px; padding: 6px 12px; border-radius: 6px; border: 1px solid #888; background: #fff; color: #1a1a1a; }
.mr-t-count { font-size: 12px; color: #4a4540; }
.mr-t-over { color: #b71c1c; font-weight: bold; }
.mr-t-refusal { color: #b71c1c; font-size: 13px; } .mr-t-refusal:empty { margin: 0; }
.mr-t-state { font-size: 12px; padding: 1px 8px; border-radius: 8px; background: #e0e0e0; color: #1a1a1a; }
.mr-t-state-saved, .mr-t-state-active { background: #cfe9cf; } .mr-t-state-saving, .mr-t-state-editing { background: #ffe08a; }
.mr-t-state-error { background: #c62828; color: #fff; }
.mr-t-orders { list-style: none; margin: 0 0 8px; padding: 0; display: flex; flex-direction: column; gap: 6px; }
.mr-t-order { border: 1px solid #ddd; border-radius: 8px; padding: 6px 8px; }
.mr-t-order-ended { color: #5f5a52; background: #f6f5f2; }
.mr-t-mutes { margin-top: 8px; } .mr-t-mutes summary { min-height: 32px; cursor: pointer; }
.mr-t-amount { width: 100px; padding: 8px; font: inherit; }
@media (prefers-color-scheme: dark) {
  .mr-t-msg, .mr-t-order { background: #2e2a25; border-color: #4a443b; color: #ece6da; }
  .mr-t-msg-mine { background: #23303d; } .mr-t-author { color: #fff; } .mr-t-meta, .mr-t-count { color: #cfc8bb; }
  .mr-t-mention { background: #4a2457; color: #f3d9fb; } .mr-t-you { color: #f3d9fb; } .mr-t-gone, .mr-t-order-ended { color: #bdb5a8; }
  .mr-t-act, .mr-t-actions button, .mr-t-link, .mr-t-row button, .mr-t-post textarea, .mr-t-notes textarea { background: #26231f; color: #ece6da; border-color: #6a6358; }
  .mr-t-refusal, .mr-t-over { color: #ff8a80; }
}
`;

export function useTableStyles(): void {
  useEffect(() => {
    if (document.getElementById("mr-table-styles")) return;
    const style = document.createElement("style");
    style.id = "mr-table-styles";
    style.textContent = CSS;
    document.head.appendChild(style);
  }, []);
}
