// The game screen: <GameScreen client={{ game, lobby, notification }} gameId=... me=... />.
// The board (drawn from the API's components and the caller's view), the market, the charters,
// the players, phase/round/whose turn, the history (any earlier version's board, market, charters
// and players as this player saw them then: GetGame at_version), and the
// player's moves: tap a hex for its legal tiles and rotations drawn in place, choose bid cities on
// the map, see the optimiser's runs and accept them, pick anything else from the legal-action
// list; undo; every refusal with its rule. Updates live through WatchGame. 1947's board is drawn
// from its components the same way (its layout turned into flat-topped hexes, boardModel.ts).
import { useEffect, useMemo, useState } from "preact/hooks";

import { type Action, type ApiClients, GameStatus, type GameView, type Me, RoundKind, type SuggestRunsResponse } from "./api";
import { Board, type RunLine } from "./Board";
import { buildBoard } from "./boardModel";
import { Market1947Panel, Players1947Panel, Privates1947Panel, Railways1947Panel, Round1947Panel, Seasons1947Panel, rupees } from "./Panels1947";
import { GameOverPanel } from "./GameOver";
import { GlanceStrip } from "./GlanceStrip";
import { formatTime, money, playerName, whoseTurn } from "./gameModel";
import { HEX_RADIUS } from "./hexGeometry";
import { HistoryPanel } from "./History";
import { acceptRunsAction, hasAmount, runNodes, sortMoves, withAmount } from "./legalMoves";
import { MoveForms } from "./MoveForms";
import { moveWords } from "./moveGroups";
import { BidCities, RefusalBox, RunBox, TileTray } from "./Moves";
import { ChartersPanel, MarketPanel, PlayersPanel } from "./Panels";
import { type Refusal, readRefusal } from "./refusal";
import { roundLabel } from "./roundLabel";
import { glance, turnAsks } from "./sheetModel";
import { SpreadsheetPanel } from "./Spreadsheet";
import { useHandRuns } from "./RunDrawer";
import { openingFocus } from "./mapFocus";
import { lastRuns, loggedRunPoints, runPoints } from "./runPaths";
import { useGameStyles } from "./styles";
import { paintTile } from "./tilePaint";
import { TileShape } from "./TileShape";
import { OutboxList } from "./OutboxList";
import { plural } from "./plural";
import { useOutbox } from "./outbox";
import { useGame } from "./useGame";
import { useOpenAtMoves } from "./useOpenAtMoves";
import { undoOffer } from "./undoOffer";
import { useUsableMark } from "./usableMark";
import { ChatPanel } from "./ChatPanel";
import { NotesPanel } from "./NotesPanel";
import { ProgrammedPanel } from "./ProgrammedPanel";
import { StudyTools } from "./StudyTools";
import { SeatBanner } from "./SeatBanner";
import { chatTabLabel, useChat } from "./useChat";
import { useGameSource } from "../notify/OfflineMark";

export interface GameScreenProps {
  client: ApiClients;
  gameId: string;
  me: Me;
  // Told each version shown (the live game, not the history): whether it waits on me, and finished.
  onVersion?: (version: bigint, myTurn: boolean, finished: boolean) => void;
}

type Tab = "moves" | "sheet" | "market" | "companies" | "players" | "history" | "chat" | "notes" | "orders";

export function GameScreen({ client, gameId, me, onVersion }: GameScreenProps) {
  useGameStyles();
  const { state, catchUp, refreshLegal } = useGame(client, gameId);
  const { view, components, legal } = state;
  // Shown from the view the service worker kept (offline): whose turn it is and whether updates are
  // live are not known now (the game may have moved on), so neither is claimed.
  const offline = useGameSource(gameId)?.offline ?? false;
  const [tab, setTab] = useState<Tab>("moves");
  // The Chat tab's, live only while it is shown: its stream is one more long request, and a browser
  // speaking HTTP/1.1 to the gateway has six connections per origin, shared by every tab of the app.
  const chat = useChat(client, gameId, !!view && state.yourSeat >= 0 && tab === "chat", state.version);
  const [hex, setHex] = useState<string>();
  const [tileIndex, setTileIndex] = useState(0);
  const [rotationIndex, setRotationIndex] = useState(0);
  const [selected, setSelected] = useState<number>();
  const [amount, setAmount] = useState("");
  const [city, setCity] = useState<string>();
  const [refusal, setRefusal] = useState<Refusal>();
  // The moves not yet answered, kept across a reload; an answer re-reads the game.
  const outbox = useOutbox(client, gameId, (move) => {
    if (move.state === "sent") {
      setHex(undefined);
      setCity(undefined);
    }
    void catchUp().catch(() => undefined); // the stream brings it too
  });
  const busy = outbox.sending;
  const lastMove = outbox.moves[outbox.moves.length - 1];
  const lastCall = lastMove ? `${lastMove.state} ${lastMove.requestId}${lastMove.refusal ? `: ${lastMove.refusal.code} ${lastMove.refusal.message}` : ""}` : "";
  const [historyAt, setHistoryAt] = useState<bigint>(); // undefined: the live game
  const [runs, setRuns] = useState<SuggestRunsResponse>();
  const [payOut, setPayOut] = useState(true);

  const moves = useMemo(() => sortMoves(legal), [legal]);
  const [pastViews, setPastViews] = useState<Map<bigint, GameView>>(new Map()); // GetGame(at_version) answers
  // An earlier version shows as it was: the view the screen held then, else the service's view of
  // it for this player (GetGame at_version); undefined while that is on its way.
  const shownView = historyAt === undefined ? view : state.viewsByVersion.get(historyAt) ?? pastViews.get(historyAt);
  const board = useMemo(() => (components ? buildBoard(components, shownView) : undefined), [components, shownView]);
  const yourSeat = state.yourSeat;
  const finished = state.status === GameStatus.FINISHED;

  // Whose turn, as this version says, for the shell's badge and banner.
  useEffect(() => {
    // A study game waits on me whenever anyone is to act: I play every seat (hotseat).
    if (view) onVersion?.(state.version, state.study ? view.activeSeats.length > 0 : view.activeSeats.includes(yourSeat), finished);
  }, [state.version, view, yourSeat, finished]);

  // A new version: what was being chosen may no longer be legal (the same list re-read keeps it).
  useEffect(() => {
    setSelected(undefined);
    setAmount("");
    setTileIndex(0);
    setRotationIndex(0);
    if (hex && !moves.byHex.has(hex)) setHex(undefined);
    if (city && !moves.byCity.has(city)) setCity(undefined);
  }, [state.legalVersion]);

  // On a phone the tray is a bottom sheet (styles.ts): bring the board up when a hex is tapped.
  useEffect(() => {
    // The board to the top of the screen: the sheet covers the bottom, the hex stays in view.
    if (hex) document.querySelector(".mr-board-area")?.scrollIntoView?.({ block: "start" });
  }, [hex]);

  // The optimiser's runs while the company I act for is to run its trains.
  useEffect(() => {
    if (moves.runs.length === 0) {
      setRuns(undefined);
      return;
    }
    client.game
      .suggestRuns({ gameId, company: view?.round?.actingCompany || view?.round?.operatingCompany || view?.game1947?.operating?.railway || "" })
      .then(setRuns, () => setRuns(undefined));
  }, [moves.runs.length, state.legalVersion]);

  // An earlier version the screen never held: the caller's view at it, from the service.
  useEffect(() => {
    if (historyAt === undefined || state.viewsByVersion.has(historyAt) || pastViews.has(historyAt)) return;
    let live = true;
    client.game.getGame({ gameId, atVersion: historyAt }).then(
      (answer) => live && answer.view && setPastViews((kept) => new Map(kept).set(answer.version, answer.view!)),
      (e) => live && setRefusal(readRefusal(e)),
    );
    return () => {
      live = false;
    };
  }, [historyAt]);

  useOpenAtMoves(view, moves, yourSeat, tab === "moves" && historyAt === undefined && !finished);
  // Runs drawn by hand on the map, the optimiser's the default (RunDrawer.tsx).
  const hand = useHandRuns({
    client, gameId, view: historyAt === undefined ? view : undefined, seat: state.yourSeat, version: state.version, legalVersion: state.legalVersion,
    legal, runIndices: moves.runs, plan: runs?.bestTotal, company: runs?.company ?? "", board, components, busy, format: view?.game1947 ? rupees : money,
    onSubmit: (action, words) => !outbox.sending && outbox.submit(action, state.version, words),
  });

  // The board drawn with this version's legal targets, and the forms: usable (the speed benchmark).
  useUsableMark(!!board && !!view && historyAt === undefined && state.legalVersion === state.version);

  if (state.loading) return <div class="mr-game" data-testid="game-loading">Loading the game…</div>;
  if (state.error && !view) return <div class="mr-game mr-refusal" data-testid="game-error">{state.error}</div>;
  if (!view) return null;

  // A move (or an undo) goes into the outbox, which sends it until the service answers.
  const submit = (action: Action | undefined, words = "") => {
    if (!action || outbox.sending) return;
    outbox.submit(action, state.version, words);
  };
  const undo = () => {
    if (!outbox.sending) outbox.undo(state.version);
  };

  // The title's currency: 1853 pounds, 1947 rupees.
  const titleMoney = view.game1947 ? rupees : money;
  // What submit would send: the chosen legal action, with its amount when it takes one.
  const pending = (): { action?: Action; error?: string; text?: string } => {
    if (selected === undefined || !legal[selected]) return {};
    const chosen = legal[selected];
    if (!hasAmount(chosen)) return { action: chosen.action, text: moveWords(chosen, undefined, titleMoney) };
    const value = Number(amount === "" ? chosen.minAmount : amount);
    const result = withAmount(chosen, value, titleMoney);
    return { action: result.action, error: result.error, text: moveWords(chosen, value, titleMoney) };
  };

  const cityHex = new Map((components?.cities ?? []).map((c) => [c.hex, c.name]));
  const onHexTap = (id: string) => {
    if (historyAt !== undefined) return;
    if (hand.drawing !== undefined) return hand.tap(id);
    const cityName = cityHex.get(id);
    if (cityName && moves.byCity.has(cityName)) {
      chooseCity(cityName);
      return;
    }
    setHex(moves.byHex.has(id) ? id : undefined);
    setTileIndex(0);
    setRotationIndex(0);
    const first = moves.byHex.get(id)?.tiles[0]?.rotations[0];
    setSelected(first?.index);
    setTab("moves");
  };
  const chooseCity = (name: string) => {
    setCity(name);
    const claims = moves.byCity.get(name) ?? [];
    setSelected(claims.length === 1 ? claims[0].index : undefined);
    setTab("moves");
  };

  const hexMoves = hex ? moves.byHex.get(hex) : undefined;
  const chosenTile = hexMoves?.tiles[tileIndex];
  const chosenRotation = chosenTile?.rotations[rotationIndex];
  const selectable = hand.drawing !== undefined ? hand.targets : new Set(moves.byHex.keys());
  const cityMarks = new Map<string, "offered" | "chosen" | "mine">();
  for (const c of components?.cities ?? []) {
    if (moves.byCity.has(c.name)) cityMarks.set(c.hex, c.name === city ? "chosen" : "offered");
  }
  const myBond = shownView?.players.find((p) => p.seat === yourSeat)?.bond;
  // My own bid's cities (secret from the others until the bond is returned, 4.3.2).
  const bidding = shownView?.round?.kind === RoundKind.ROUND_CONTRACT_BIDS;
  for (const c of myBond && !myBond.returned ? myBond.cities : []) {
    const h = components?.cities.find((x) => x.name === c)?.hex;
    if (h) cityMarks.set(h, bidding ? "chosen" : "mine");
  }

  // Runs on the board: the optimiser's plan while choosing, else each company's last runs.
  const colours = new Map((components?.companies ?? []).map((c) => [c.initials, c.colour]));
  const runLines: RunLine[] = [];
  const chosenRuns = runNodes(selected !== undefined ? legal[selected]?.action : undefined);
  if (board) {
    if (hand.active) {
      runLines.push(...hand.runLines);
    } else if (chosenRuns.length > 0 && historyAt === undefined) {
      // The runs of the run action chosen from the list.
      const company = view.round?.actingCompany || view.round?.operatingCompany || view.game1947?.operating?.railway || "";
      const colour = colours.get(company) ?? "#d21f2b";
      for (const r of chosenRuns) runLines.push({ points: runPoints(board, r.nodes), colour, dashed: false, label: `${company} ${r.train}` });
    } else if (runs?.bestTotal && historyAt === undefined) {
      const colour = colours.get(runs.company) ?? "#d21f2b";
      for (const r of runs.bestTotal.runs) runLines.push({ points: runPoints(board, r.nodes), colour, dashed: false, label: `${runs.company} ${r.trainId}: ${r.stations.join(" – ")}` });
    } else if (components) {
      const upTo = historyAt ?? state.version;
      const lines = state.history.filter((e) => !e.undone && e.seq <= upTo).flatMap((e) => e.logLines);
      for (const [company, list] of lastRuns(lines)) {
        for (const r of list) runLines.push({ points: loggedRunPoints(board, components, r), colour: colours.get(company) ?? "#444", dashed: true, label: `${company} ${r.train}: ${r.stations.join(" – ")}` });
      }
    }
  }

  let overlay = null;
  const tapped = hex ? board?.byId.get(hex) : undefined;
  if (board && tapped && chosenTile && chosenRotation) {
    const design = components?.tiles.find((t) => t.id === chosenTile.tile);
    const centre = tapped.centre;
    if (design) {
      overlay = (
        <g data-testid="lay-preview" data-tile={chosenTile.tile} data-rotation={chosenRotation.rotation}>
          <TileShape picture={paintTile(design, chosenRotation.rotation, centre, HEX_RADIUS, board.flatTopped)} centre={centre} opacity={0.9} />
        </g>
      );
    }
  }

  // When the version shown was made (the log entry that made it).
  const shownAt = historyAt !== undefined ? state.history.find((e) => e.seq === historyAt)?.atUnixMs : undefined;
  const round = view.round;
  const myTurn = state.study ? view.activeSeats.length > 0 : view.activeSeats.includes(yourSeat);
  // In a study game the forms act for the seat to act (ListLegalActions names it in each action).
  const actingSeat = state.study ? legal[0]?.action?.seat ?? view.activeSeats[0] : undefined;
  // 1853: the director chooses to pay out; 1947: the president, whose list offers both (6.14.2).
  const canPay =
    !!runs &&
    (view.game1947
      ? moves.runs.some((i) => { const k = legal[i]?.action?.kind; return k?.case === "runTrains1947" && k.value.payOut; })
      : view.companies.find((c) => c.initials === runs.company)?.directorSeat === yourSeat);
  const p = pending();
  // A turn with moves and none of them on the map (a stock round, an auction): the board shrinks so
  // the forms fit the screen.
  // Where the player acts on the map: the legal hexes, else the bid cities offered.
  const focus = historyAt !== undefined ? [] : openingFocus(view, moves, cityMarks, yourSeat);
  const mapless = legal.length > 0 && moves.byHex.size === 0 && moves.byCity.size === 0 && moves.runs.length === 0;
  // Undo is offered only when UndoLastAction would take the move back (undoOffer.ts); in a study
  // the owner may take back any seat's last move, so it is judged for that seat.
  const lastSeat = [...state.history].reverse().find((e) => !e.undone && e.undoesSeq === 0n)?.seat;
  const undoSeat = state.study && lastSeat !== undefined ? lastSeat : yourSeat;
  const undoable = undoOffer(state.history, state.version, undoSeat, finished, historyAt !== undefined);
  const canUndo = undoable.offered;
  const runsAction = runs?.bestTotal ? acceptRunsAction(legal, moves.runs, runs.bestTotal, canPay && payOut) : undefined;

  // The submit row and the moves in question: in the tile tray's bottom sheet while a hex is chosen
  // (on a phone the sheet leaves the board, the hex and its preview in view), else below the forms.
  const submitRow = finished ? null : (
<div class="mr-submit-row">
                <button type="button" class="mr-primary" data-testid="submit" disabled={!p.action || !!p.error || busy || historyAt !== undefined} onClick={() => submit(p.action, p.text)}>
                  {p.text ? p.text : "Choose a move"}
                </button>
                {p.error && <span class="mr-error">{p.error}</span>}
                {canUndo && (
                  <button type="button" data-testid="undo" disabled={busy} onClick={undo}>
                    Undo my last move
                  </button>
                )}
                {undoable.why === "rules" && <span class="mr-small" data-testid="undo-forbidden">No undo: {undoable.words}.</span>}
                <button type="button" class="mr-small" onClick={() => void refreshLegal()} data-testid="refresh">↻ Refresh</button>
              </div>
  );
  const outboxList = <OutboxList moves={outbox.moves} onDismiss={outbox.dismiss} />;
  const sheet = !!(hex && hexMoves);

  return (
    <div
      class="mr-game"
      data-testid="game-screen"
      data-version={state.version.toString()}
      data-legal-version={String(state.legalVersion)}
      data-finished={finished ? "yes" : "no"}
      data-last-call={lastCall}
      data-undo={undoable.offered ? "offered" : undoable.why}
    >
      <header class="mr-status" data-testid="status">
        <span data-testid="round">{roundLabel(round)}</span>
        <span data-testid="phase">Phase {view.phase}</span>
        {state.study && <span class="mr-study-mark" data-testid="study-mark" title="A study game: it counts for no rating and no tournament">Study — unranked</span>}
        {!offline && (
          <span data-testid="turn" class={myTurn ? "mr-your-turn" : ""}>
            {finished ? "Finished" : myTurn ? "Your turn" : `Waiting for ${whoseTurn(view)}`}
          </span>
        )}
        <span class={`mr-live mr-live-${offline ? "offline" : state.live}`} data-testid="live" title="live updates">
          {offline ? "offline" : state.live}
        </span>
        <span class="mr-small">
          v{state.version.toString()} · {me.displayName}
          {yourSeat < 0 ? " (spectator)" : ""}
        </span>
      </header>
      <GlanceStrip glance={offline ? { ...glance(view, yourSeat, finished, [], titleMoney), turn: "", myTurn: false }
                                   : glance(view, yourSeat, finished, turnAsks(legal, moves, titleMoney), titleMoney, state.study)} />
      {!state.study && (
        <SeatBanner client={client} gameId={gameId} version={state.version} seatsChange={state.seatsChange} finished={finished} />
      )}
      {refusal && <RefusalBox refusal={refusal} onClose={() => setRefusal(undefined)} />}
      {historyAt !== undefined && (
        <div class="mr-note" data-testid="history-note">
          {shownView ? "Showing" : "Loading"} version {historyAt.toString()} of {state.version.toString()}
          {shownAt ? ` (${formatTime(shownAt)})` : ""}.{" "}
          <button type="button" onClick={() => setHistoryAt(undefined)}>Back to now</button>
        </div>
      )}
      <div class="mr-layout">
        <div class={`mr-board-area${mapless ? " mr-board-small" : ""}`}>
          {board ? (
            <Board components={components} board={board} selectable={historyAt === undefined ? selectable : new Set()} selected={hex} cityMarks={historyAt === undefined ? cityMarks : new Map()} runs={runLines} overlay={overlay} onHexTap={onHexTap} focus={focus} name={`The map of ${view.game1947 ? "1947" : "1853"}`} bottomCovered={!!(hex && hexMoves) || hand.drawing !== undefined} actingWords={hand.drawing !== undefined ? "add a stop to the run" : moves.byCity.size > 0 ? "a city of your bid" : "lay or build here"} />
          ) : (
            <div class="mr-note" data-testid="board-loading">{state.componentsError ? `The board cannot be drawn: ${state.componentsError}` : "Loading the board…"}</div>
          )}
        </div>
        <div class="mr-side">
          <nav class="mr-tabs">
            {(["moves", "sheet", "market", "companies", "players", "history", ...(yourSeat >= 0 ? ["chat", "notes"] : []), "orders"] as Tab[]).map((t) => (
              <button type="button" key={t} class={tab === t ? "mr-chosen" : ""} data-testid={`tab-${t}`} onClick={() => setTab(t)}>
                {t === "chat" ? chatTabLabel(chat, yourSeat) : t}
              </button>
            ))}
          </nav>
          {finished && <GameOverPanel view={view} />}
          {tab === "moves" && (
            <section class="mr-panel" data-testid="moves">
              {!finished && !myTurn && !offline && <p class="mr-small">{yourSeat < 0 ? "You are watching this game." : "Not your turn."}</p>}
              {!finished && actingSeat !== undefined && (
                <p class="mr-note" data-testid="study-acting-seat" data-seat={actingSeat}>
                  Moving for <b>{playerName(view, actingSeat)}</b>: in a study you play every seat.
                </p>
              )}
              {sheet && hexMoves && (
                <div class="mr-sheet" data-testid="sheet" role="region" aria-label={`hex ${hex}`}>
                <TileTray
                  hex={hex}
                  moves={hexMoves}
                  components={components}
                  tileIndex={tileIndex}
                  rotationIndex={rotationIndex}
                  onTile={(i) => {
                    setTileIndex(i);
                    setRotationIndex(0);
                    setSelected(hexMoves.tiles[i]?.rotations[0]?.index);
                  }}
                  onRotate={() => {
                    const n = chosenTile?.rotations.length ?? 1;
                    const next = (rotationIndex + 1) % n;
                    setRotationIndex(next);
                    setSelected(chosenTile?.rotations[next]?.index);
                  }}
                  onBase={(index) => setSelected(index)}
                />
                  {submitRow}
                  {outboxList}
                </div>
              )}
              {moves.byCity.size > 0 && <BidCities byCity={moves.byCity} city={city} selectedIndex={selected} onCity={chooseCity} onClaim={(i) => setSelected(i)} cities={components?.cities ?? []} bond={myBond} />}
              {hand.panel}
              {runs?.bestTotal && !hand.active && (
                <RunBox plan={runs.bestTotal} company={runs.company} payOut={payOut} canPay={canPay} onPay={setPayOut} onAccept={() => submit(runsAction, "Run these")} busy={busy || !runsAction} format={view.game1947 ? rupees : undefined} />
              )}
              {moves.byHex.size > 0 && !hex && hand.drawing === undefined && <p class="mr-small">Tap an outlined hex to lay or promote a tile there ({plural(moves.byHex.size, "hex")}).</p>}
              <MoveForms legal={legal} indices={moves.others} selected={selected} money={titleMoney} onSelect={(i) => { setSelected(i); setAmount(""); setHex(undefined); setCity(undefined); }} />
              {selected !== undefined && legal[selected] && hasAmount(legal[selected]) && (
                <label class="mr-amount">
                  Amount ({titleMoney(legal[selected].minAmount)}–{titleMoney(legal[selected].maxAmount)})
                  <input type="number" data-testid="amount" min={Number(legal[selected].minAmount)} max={Number(legal[selected].maxAmount)} value={amount === "" ? legal[selected].minAmount.toString() : amount} onInput={(e) => setAmount((e.target as HTMLInputElement).value)} />
                </label>
              )}
              {!sheet && submitRow}
              {!sheet && outboxList}
            </section>
          )}
          {tab === "sheet" && <SpreadsheetPanel view={shownView ?? view} components={components} yourSeat={yourSeat} money={titleMoney} />}
          {view.game1947 && (tab === "market" || tab === "companies" || tab === "players") && <Round1947Panel view={shownView ?? view} />}
          {view.game1947 && tab === "market" && <Market1947Panel view={shownView ?? view} components={components} />}
          {view.game1947 && tab === "companies" && <Railways1947Panel view={shownView ?? view} components={components} />}
          {view.game1947 && tab === "companies" && <Privates1947Panel view={shownView ?? view} components={components} />}
          {view.game1947 && tab === "companies" && <Seasons1947Panel view={shownView ?? view} components={components} />}
          {view.game1947 && tab === "players" && <Players1947Panel view={shownView ?? view} />}
          {tab === "market" && components && shownView && !view.game1947 && <MarketPanel view={shownView} components={components} />}
          {tab === "companies" && components && shownView && !view.game1947 && <ChartersPanel view={shownView} components={components} />}
          {tab === "players" && shownView && !view.game1947 && <PlayersPanel view={shownView} yourSeat={yourSeat} />}
          {tab === "chat" && <ChatPanel chat={chat} players={view.players.map((p) => ({ seat: p.seat, name: p.displayName }))} yourSeat={yourSeat} onVersion={(v) => { setHistoryAt(v >= state.version ? undefined : v); setTab("history"); }} />}
          {tab === "notes" && <NotesPanel client={client} gameId={gameId} />}
          {tab === "orders" && <ProgrammedPanel client={client} gameId={gameId} view={view} version={state.version} yourSeat={yourSeat} finished={finished} players={view.players.map((p) => ({ seat: p.seat, name: p.displayName }))} />}
          {tab === "history" && <StudyTools client={client} gameId={gameId} at={historyAt ?? state.version} />}
          {tab === "history" && <HistoryPanel entries={state.history} version={state.version} at={historyAt ?? state.version} view={view} colours={colours} onChoose={(v) => setHistoryAt(v >= state.version ? undefined : v)} />}
        </div>
      </div>
    </div>
  );
}
