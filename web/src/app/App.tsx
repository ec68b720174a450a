// The app: the login screen, or (logged in) the shell with its navigation, the "your turn" banner
// from the live notifications, and the screen of the current route.
import { useEffect, useState } from "preact/hooks";

import { clients, logout } from "../api/client";
import { loadSession, onSessionChange, type Session } from "../api/session";
import { GamePage } from "../games/GamePage";
import { Inbox } from "../games/Inbox";
import { MyGames } from "../games/MyGames";
import { useNotifications } from "../games/notifications";
import { Leaderboard } from "../lobby/Leaderboard";
import { Tables } from "../lobby/Tables";
import { TournamentPage, Tournaments } from "../lobby/Tournaments";
import { Login } from "./Login";
import { href, useRoute, type Route } from "./route";

export function App() {
  const [session, setSession] = useState<Session | null>(loadSession);
  useEffect(() => onSessionChange(setSession), []);
  return session ? <Shell session={session} key={session.userId} /> : <Login />;
}

function Shell({ session }: { session: Session }) {
  const route = useRoute();
  const notes = useNotifications(clients, session.userId);
  const turns = notes.yourTurn.size;
  const banner = notes.latest?.event?.kind.case === "yourTurn" ? notes.latest : null;
  const bannerGame = banner?.event?.kind.case === "yourTurn" ? banner.event.kind.value.gameId : "";
  const [dismissed, setDismissed] = useState("");
  const showBanner = banner && banner.eventId !== dismissed && !(route.page === "game" && route.id === bannerGame);
  const nav: [Route["page"], string, number][] = [
    ["lobby", "Tables", 0], ["games", "Games", turns], ["tournaments", "Tournaments", 0],
    ["leaderboard", "Ratings", 0], ["inbox", "Inbox", notes.unread],
  ];
  return (
    <div class="shell">
      <header class="top">
        <a class="brand" href="#/lobby">Mailrun</a>
        <span class="me" data-test="me">{session.displayName}</span>
        <button class="link" data-test="logout" onClick={() => logout()}>Log out</button>
      </header>
      <nav class="tabs main-nav">
        {nav.map(([page, label, badge]) => (
          <a href={`#/${page}`} class={route.page === page ? "current" : ""} data-test={`nav-${page}`}>
            {label}{badge > 0 ? <span class="badge" data-test={`badge-${page}`}>{badge}</span> : null}
          </a>
        ))}
      </nav>
      {showBanner ? (
        <div class="banner" role="status" data-test="your-turn">
          <a href={href({ page: "game", id: bannerGame })} onClick={() => setDismissed(banner.eventId)}>
            <strong>{banner.title}</strong> {banner.text}
          </a>
          <button class="link" aria-label="dismiss" onClick={() => setDismissed(banner.eventId)}>×</button>
        </div>
      ) : null}
      <main class="page">
        {route.page === "lobby" && <Tables session={session} />}
        {route.page === "games" && <MyGames liveTurns={notes.yourTurn} />}
        {route.page === "inbox" && <Inbox onRead={notes.clearUnread} />}
        {route.page === "tournaments" && <Tournaments />}
        {route.page === "tournament" && <TournamentPage id={route.id} session={session} />}
        {route.page === "leaderboard" && <Leaderboard />}
        {route.page === "game" && <GamePage gameId={route.id} session={session} key={route.id} />}
      </main>
    </div>
  );
}
