// The game screen's Notes tab: the player's private notepad for this game (GetNotes/SetNotes,
// chat.proto), read from the service when the tab opens, so notes written on another device are
// here. Typing saves by itself a moment after the last key (and when the tab closes or the page
// is hidden), under the revision last read; the state says editing, saving, saved or what went
// wrong. Saved elsewhere meanwhile (ABORTED): the other device's text is read and this device's
// text added below it, then saved, so neither is lost.
import { Code, ConnectError } from "@connectrpc/connect";
import { useEffect, useRef, useState } from "preact/hooks";

import type { ApiClients } from "./api";
import { chatTime } from "./chatText";
import { readRefusal } from "./refusal";
import { useTableStyles } from "./tableStyles";

export const NOTES_MAX_CHARACTERS = 20000; // chat.proto SetNotesRequest
const SAVE_AFTER_MS = 800;

type NotesState = "loading" | "saved" | "editing" | "saving" | "error";

export function NotesPanel({ client, gameId }: { client: ApiClients; gameId: string }) {
  useTableStyles();
  const [text, setText] = useState("");
  const [state, setState] = useState<NotesState>("loading");
  const [problem, setProblem] = useState("");
  const [savedAt, setSavedAt] = useState(0n);
  const revision = useRef(0n);
  const saved = useRef(""); // the text the service holds at `revision`
  const current = useRef("");
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const chain = useRef<Promise<void>>(Promise.resolve());

  // Saves what is typed now, after any save already on its way (one at a time, in order).
  const save = (): Promise<void> => {
    clearTimeout(timer.current);
    timer.current = undefined;
    chain.current = chain.current.then(saveNow, saveNow);
    return chain.current;
  };
  const saveNow = async (): Promise<void> => {
    const body = current.current;
    if (body === saved.current) {
      setState("saved");
      return;
    }
    if ([...body].length > NOTES_MAX_CHARACTERS) {
      setState("error");
      setProblem(`Too long: at most ${NOTES_MAX_CHARACTERS} characters.`);
      return;
    }
    setState("saving");
    try {
      const answer = await client.game.setNotes({ gameId, text: body, expectedRevision: revision.current });
      revision.current = answer.revision;
      saved.current = body;
      setSavedAt(BigInt(Date.now()));
      setProblem("");
      setState(current.current === body ? "saved" : "editing");
    } catch (e) {
      if (ConnectError.from(e).code !== Code.Aborted) {
        setProblem(`Not saved: ${readRefusal(e).message}`);
        setState("error");
        return;
      }
      // Saved on another device meanwhile: theirs first, then what was typed here.
      const theirs = await client.game.getNotes({ gameId });
      revision.current = theirs.revision;
      saved.current = theirs.text;
      const together = theirs.text === "" ? body : `${theirs.text}\n\n— written on this device —\n${body}`;
      current.current = together;
      setText(together);
      setProblem("Your notes were changed on another device: both texts are kept here.");
      setState("editing");
      schedule();
    }
  };
  const schedule = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void save(), SAVE_AFTER_MS);
  };

  useEffect(() => {
    let live = true;
    client.game.getNotes({ gameId }).then(
      (notes) => {
        if (!live) return;
        revision.current = notes.revision;
        saved.current = notes.text;
        current.current = notes.text;
        setText(notes.text);
        setSavedAt(notes.updatedAtUnixMs);
        setState("saved");
      },
      (e) => {
        if (!live) return;
        setProblem(readRefusal(e).message);
        setState("error");
      },
    );
    const hidden = () => { if (document.visibilityState === "hidden" && timer.current) void save(); };
    document.addEventListener("visibilitychange", hidden);
    return () => {
      live = false;
      document.removeEventListener("visibilitychange", hidden);
      if (timer.current) void save(); // the tab closes: what was typed is saved
    };
  }, [gameId]);

  const words: Record<NotesState, string> = {
    loading: "Loading…",
    saved: savedAt > 0n ? `Saved ${chatTime(savedAt)}` : "Saved",
    editing: "Not saved yet",
    saving: "Saving…",
    error: "Not saved",
  };
  const length = [...text].length;
  return (
    <section class="mr-panel mr-t-notes" data-testid="notes" aria-labelledby="mr-notes-title">
      <h3 id="mr-notes-title">My notes</h3>
      <p class="mr-small">Only you can read these, on any device you log in on.</p>
      <label for="mr-notes-text" class="mr-small">Notes on this game</label>
      <textarea id="mr-notes-text" rows={10} data-testid="notes-text" value={text} disabled={state === "loading"}
                aria-describedby="mr-notes-state"
                onInput={(e) => {
                  const value = (e.target as HTMLTextAreaElement).value;
                  current.current = value;
                  setText(value);
                  setState("editing");
                  schedule();
                }} />
      <div class="mr-t-row">
        <span id="mr-notes-state" class={`mr-t-state mr-t-state-${state}`} data-testid="notes-state" data-state={state} role="status">
          {words[state]}
        </span>
        <span class={`mr-t-count${length > NOTES_MAX_CHARACTERS ? " mr-t-over" : ""}`}>{length}/{NOTES_MAX_CHARACTERS}</span>
        {state === "error" && <button type="button" data-testid="notes-retry" onClick={() => void save()}>Save again</button>}
      </div>
      {problem && <p class="mr-t-refusal" data-testid="notes-problem">{problem}</p>}
    </section>
  );
}
