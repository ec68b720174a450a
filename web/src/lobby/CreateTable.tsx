// Opening a table: title, edition, 1853's optional rules (2.4), seats and privacy.
import { useState } from "preact/hooks";

import { BankSize, Edition, TileKit, Title } from "@gen/mailrun/v1/game_config_pb";
import type { Table } from "@gen/mailrun/v1/lobby_pb";
import { clients } from "../api/client";
import { requestId } from "../api/session";
import { RefusalNote } from "../app/RefusalNote";
import { useAction } from "../app/useCall";
import { bankNames } from "./names";

export function CreateTable({ onCreated }: { onCreated: (table: Table) => void }) {
  const [name, setName] = useState("");
  const [title, setTitle] = useState(Title.TITLE_1853);
  const [edition, setEdition] = useState(Edition.RETUNED);
  const [bank, setBank] = useState(BankSize.BANK_SIZE_UNSPECIFIED);
  const [simplified, setSimplified] = useState(false);
  const [unrestricted58, setUnrestricted58] = useState(false);
  const [seats, setSeats] = useState(3);
  const [isPrivate, setPrivate] = useState(false);
  const action = useAction();
  const is1853 = title === Title.TITLE_1853;
  const retuned = is1853 && edition === Edition.RETUNED;
  const submit = (event: Event) => {
    event.preventDefault();
    action.run(async () => {
      const table = await clients.lobby.createTable({
        requestId: requestId(), name, title, seats, isPrivate,
        edition: is1853 ? edition : Edition.UNSPECIFIED,
        options: is1853 ? { bank, simplifiedGame: retuned && simplified, unrestricted58: retuned && unrestricted58, tileKit: TileKit.NONE } : {},
      });
      onCreated(table);
    });
  };
  return (
    <form class="card create-table" onSubmit={submit} data-test="create-table">
      <h2>Open a table</h2>
      <label>Name <input value={name} maxLength={60} placeholder="optional" onInput={(e) => setName(e.currentTarget.value)} /></label>
      <label>Game
        <select value={title} onChange={(e) => setTitle(Number(e.currentTarget.value))} data-test="title">
          <option value={Title.TITLE_1853}>1853 India</option>
          <option value={Title.TITLE_1947}>1947</option>
        </select>
      </label>
      {is1853 && (
        <label>Edition
          <select value={edition} onChange={(e) => setEdition(Number(e.currentTarget.value))} data-test="edition">
            <option value={Edition.RETUNED}>Retuned (v3.00)</option>
            <option value={Edition.LOOKOUT_2009}>2009 Lookout edition</option>
          </select>
        </label>
      )}
      {is1853 && (
        <label>Bank
          <select value={bank} onChange={(e) => setBank(Number(e.currentTarget.value))} data-test="bank">
            {bankNames.map(([value, label]) => <option value={value}>{label}</option>)}
          </select>
        </label>
      )}
      {retuned && (
        <>
          <label class="check"><input type="checkbox" checked={simplified} onChange={(e) => setSimplified(e.currentTarget.checked)} /> Simplified game (2.4.1)</label>
          <label class="check"><input type="checkbox" checked={unrestricted58} onChange={(e) => setUnrestricted58(e.currentTarget.checked)} /> Unrestricted #58 tiles (2.4.4)</label>
        </>
      )}
      <label>Seats
        <select value={seats} onChange={(e) => setSeats(Number(e.currentTarget.value))} data-test="seats">
          {[3, 4, 5, 6].map((n) => <option value={n}>{n} players</option>)}
        </select>
      </label>
      <label class="check"><input type="checkbox" checked={isPrivate} onChange={(e) => setPrivate(e.currentTarget.checked)} /> Private (by invitation)</label>
      <button type="submit" class="primary" disabled={action.busy} data-test="create-submit">Open the table</button>
      <RefusalNote error={action.error} />
    </form>
  );
}
