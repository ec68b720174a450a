// The lobby: my tables (start, invite, leave), the open tables to join, and opening a new one.
import { useEffect, useRef, useState } from "preact/hooks";

import { TableStatus, type Table } from "@gen/mailrun/v1/lobby_pb";
import { clients } from "../api/client";
import { requestId, type Session } from "../api/session";
import { RefusalNote } from "../app/RefusalNote";
import { go } from "../app/route";
import { useAction, useCall } from "../app/useCall";
import { CreateTable } from "./CreateTable";
import { editionName, statusName, titleName } from "./names";

export function Tables({ session }: { session: Session }) {
  const mine = useCall(() => clients.lobby.listTables({ mine: true }), []);
  const open = useCall(() => clients.lobby.listTables({ minOpenSeats: 1 }), []);
  const reload = () => { mine.reload(); open.reload(); };
  const myTables = (mine.value?.tables ?? []).filter((t) => t.status === TableStatus.OPEN || t.status === TableStatus.STARTING);
  const mineIds = new Set(myTables.map((t) => t.tableId));
  // A table of mine waiting for players is read again every few seconds; when it fills and its game
  // starts, I am taken to the game (the host as much as the one who joined last).
  const waitingOn = useRef(new Set<string>());
  useEffect(() => {
    for (const t of mine.value?.tables ?? []) {
      if (t.gameId && waitingOn.current.has(t.tableId)) {
        go({ page: "game", id: t.gameId });
        return;
      }
    }
    waitingOn.current = mineIds;
    if (myTables.length === 0) return;
    const timer = setTimeout(mine.reload, 4_000);
    return () => clearTimeout(timer);
  }, [mine.value]);
  const joinable = (open.value?.tables ?? []).filter((t) => !mineIds.has(t.tableId));
  return (
    <div class="columns">
      <section>
        <h2>My tables</h2>
        <RefusalNote error={mine.error} />
        {myTables.length === 0 && <p class="quiet">None open. Join one or open your own.</p>}
        {myTables.map((table) => <MyTable table={table} session={session} onChange={reload} />)}
        <h2>Open tables <button class="link" onClick={reload} data-test="refresh-tables">refresh</button></h2>
        <RefusalNote error={open.error} />
        {joinable.length === 0 && <p class="quiet">No table is waiting for players.</p>}
        {joinable.map((table) => <OpenTable table={table} onJoined={reload} />)}
        <JoinByCode onJoined={reload} />
      </section>
      <section>
        <CreateTable onCreated={reload} />
      </section>
    </div>
  );
}

function TableHead({ table }: { table: Table }) {
  return (
    <div class="table-head">
      <strong>{table.name || `${table.host?.displayName ?? ""}'s table`}</strong>
      <span class="quiet"> {titleName(table.title)} {editionName(table.title, table.edition)} · {table.players.length}/{table.seats} · {statusName(table.status)}{table.isPrivate ? " · private" : ""}</span>
      <div class="players">{table.players.map((p) => p.displayName).join(", ")}</div>
    </div>
  );
}

function OpenTable({ table, onJoined }: { table: Table; onJoined: () => void }) {
  const action = useAction();
  const join = () => action.run(async () => {
    const joined = await clients.lobby.joinTable({ requestId: requestId(), tableId: table.tableId });
    if (joined.gameId) go({ page: "game", id: joined.gameId });
    onJoined();
  });
  return (
    <div class="card table" data-test="open-table" data-table={table.tableId}>
      <TableHead table={table} />
      <button onClick={join} disabled={action.busy} data-test="join">Join</button>
      <RefusalNote error={action.error} />
    </div>
  );
}

function MyTable({ table, session, onChange }: { table: Table; session: Session; onChange: () => void }) {
  const action = useAction();
  const [invitees, setInvitees] = useState("");
  const host = table.host?.userId === session.userId;
  const start = () => action.run(async () => {
    const started = await clients.lobby.startTable({ requestId: requestId(), tableId: table.tableId });
    if (started.gameId) go({ page: "game", id: started.gameId });
    onChange();
  });
  const invite = (event: Event) => {
    event.preventDefault();
    const displayNames = invitees.split(",").map((n) => n.trim()).filter(Boolean);
    action.run(async () => {
      await clients.lobby.invitePlayers({ requestId: requestId(), tableId: table.tableId, displayNames });
      setInvitees("");
      onChange();
    });
  };
  const leave = () => action.run(async () => {
    await clients.lobby.leaveTable({ requestId: requestId(), tableId: table.tableId });
    onChange();
  });
  return (
    <div class="card table mine" data-test="my-table" data-table={table.tableId}>
      <TableHead table={table} />
      {table.invitationCode && <div class="quiet">Invitation code: <code>{table.invitationCode}</code></div>}
      <div class="buttons">
        {host && <button class="primary" onClick={start} disabled={action.busy || table.players.length < 3} data-test="start">Start</button>}
        <button onClick={leave} disabled={action.busy}>Leave</button>
      </div>
      {host && (
        <form class="inline" onSubmit={invite}>
          <input placeholder="invite by name, comma-separated" value={invitees} onInput={(e) => setInvitees(e.currentTarget.value)} />
          <button type="submit" disabled={action.busy || !invitees.trim()}>Invite</button>
        </form>
      )}
      <RefusalNote error={action.error} />
    </div>
  );
}

function JoinByCode({ onJoined }: { onJoined: () => void }) {
  const [code, setCode] = useState("");
  const action = useAction();
  const join = (event: Event) => {
    event.preventDefault();
    action.run(async () => {
      await clients.lobby.joinTable({ requestId: requestId(), invitationCode: code.trim() });
      setCode("");
      onJoined();
    });
  };
  return (
    <form class="inline" onSubmit={join}>
      <input placeholder="invitation code" value={code} onInput={(e) => setCode(e.currentTarget.value)} />
      <button type="submit" disabled={action.busy || !code.trim()}>Join</button>
      <RefusalNote error={action.error} />
    </form>
  );
}
