// The app: the login screen, or (logged in) the shell with its navigation, the "your turn" banner
// from the live notifications, and the screen of the current route.
import { useEffect, useState } from "preact/hooks";

import { clients, logout } from "../api/client";
import { loadSession, onSessionChange, type Session } from "../api/session";
import { GamePage } from "../games/GamePage";
import { Inbox } from "../games/Inbox";
import { MyGames } from "../games/MyGames";
import { SeatInvitations } from "../games/SeatInvitations";
import { useNotifications } from "../games/notifications";
import { useTurnStore } from "../games/turns";
import { Leaderboard } from "../lobby/Leaderboard";
import { Tables } from "../lobby/Tables";
import { TournamentPage, Tournaments } from "../lobby/Tournaments";
import { OfflineMark } from "../notify/OfflineMark";
import { Settings } from "../notify/Settings";
import { Login } from "./Login";
import { plural } from "../game/plural";
import { href, useRoute, type Route } from "./route";

export function App() {
  const [session, setSession] = useState<Session | null>(loadSession);
  useEffect(() => onSessionChange(setSession), []);
  return session ? <Shell session={session} key={session.userId} /> : <Login />;
}

function Shell({ session }: { session: Session }) {
  const route = useRoute();
  const notes = useNotifications(clients, session.userId);
  const turns = useTurnStore(clients, session.userId, session.displayName, notes.latest);
  const waiting = turns.waiting();
  // The banner names the games waiting on the player other than the one on screen.
  const elsewhere = waiting.filter((g) => !(route.page === "game" && route.id === g.gameId));
  const bannerKey = elsewhere.map((g) => `${g.gameId}@${g.version}`).join(" ");
  const [dismissed, setDismissed] = useState("");
  useEffect(() => {
    const n = waiting.length;
    document.title = n > 0 ? `(${n}) Your turn in ${plural(n, "game")} · Mailrun` : "Mailrun";
    const nav = navigator as Navigator & { setAppBadge?: (n: number) => Promise<void>; clearAppBadge?: () => Promise<void> };
    (n > 0 ? nav.setAppBadge?.(n) : nav.clearAppBadge?.())?.catch(() => {});
  }, [waiting.length]);
  const nav: [Route["page"], string, number][] = [
    ["lobby", "Tables", 0], ["games", "Games", waiting.length], ["tournaments", "Tournaments", 0],
    ["leaderboard", "Ratings", 0], ["inbox", "Inbox", notes.unread],
  ];
  return (
    <div class="shell">
      <header class="top">
        <h1 class="brand"><a href="#/lobby">Mailrun</a></h1>
        <span class="me" data-test="me">{session.displayName}</span>
        <a class="link" href="#/settings" aria-current={route.page === "settings" ? "page" : undefined} data-test="nav-settings">Settings</a>
        <button class="link" data-test="logout" onClick={() => logout()}>Log out</button>
      </header>
      <nav class="tabs main-nav" aria-label="main">
        {nav.map(([page, label, badge]) => (
          <a href={`#/${page}`} class={route.page === page ? "current" : ""} aria-current={route.page === page ? "page" : undefined} data-test={`nav-${page}`}>
            {label}{badge > 0 ? <span class="badge" data-test={`badge-${page}`} aria-label={`(${badge} waiting)`}>{badge}</span> : null}
          </a>
        ))}
      </nav>
      {!notes.online && (
        <div class="banner offline" role="status" data-test="offline">
          Offline: moves wait here and are sent when the connection returns.
        </div>
      )}
      {elsewhere.length > 0 && bannerKey !== dismissed ? (
        <div class="banner" role="status" data-test="your-turn" data-games={elsewhere.map((g) => g.gameId).join(" ")}>
          <span>
            <strong>Your turn</strong>{elsewhere.length > 1 ? ` in ${plural(elsewhere.length, "game")}` : ""}:{" "}
            {elsewhere.map((g, i) => (
              <>
                {i > 0 ? ", " : ""}
                <a href={href({ page: "game", id: g.gameId })} data-test="your-turn-game" data-game={g.gameId}>{g.label}</a>
              </>
            ))}
          </span>
          <button class="link" aria-label="dismiss" onClick={() => setDismissed(bannerKey)}>×</button>
        </div>
      ) : null}
      <main class="page">
        {route.page === "game" && <OfflineMark gameId={route.id} />}
        {route.page === "lobby" && <Tables session={session} />}
        {route.page === "games" && <SeatInvitations latest={notes.latest} />}
        {route.page === "games" && <MyGames turns={turns} />}
        {route.page === "inbox" && <Inbox onRead={notes.clearUnread} />}
        {route.page === "tournaments" && <Tournaments />}
        {route.page === "tournament" && <TournamentPage id={route.id} session={session} />}
        {route.page === "leaderboard" && <Leaderboard />}
        {route.page === "settings" && <Settings />}
        {route.page === "game" && <GamePage gameId={route.id} session={session} turns={turns} key={route.id} />}
      </main>
    </div>
  );
}
