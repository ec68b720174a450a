// The game screen's development page (not the web client: the shell owns login and the lobby):
// logs in with a name and password through the gateway, lists the player's games and shows the
// one chosen with <GameScreen>. Served by dev/serve.mjs, which forwards API calls to a gateway.
import { createClient, type Interceptor } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-web";
import { render } from "preact";
import { useEffect, useState } from "preact/hooks";

import { GameService, type ApiClients } from "../api";
import { GameScreen } from "../GameScreen";
import { LobbyService } from "@gen/mailrun/v1/lobby_pb";
import { NotificationService } from "@gen/mailrun/v1/notification_pb";
import { ProgrammedMoveService } from "@gen/mailrun/v1/programmed_moves_pb";
import { StudyService } from "@gen/mailrun/v1/study_pb";
import { SeatService } from "@gen/mailrun/v1/seats_pb";

function clients(token: string): ApiClients {
  const auth: Interceptor = (next) => (req) => {
    if (token) req.header.set("authorization", `Bearer ${token}`);
    return next(req);
  };
  const transport = createConnectTransport({ baseUrl: location.origin, interceptors: [auth] });
  return {
    game: createClient(GameService, transport),
    lobby: createClient(LobbyService, transport),
    notification: createClient(NotificationService, transport),
    programmed: createClient(ProgrammedMoveService, transport),
    study: createClient(StudyService, transport),
    seats: createClient(SeatService, transport),
  };
}

function App() {
  const params = new URLSearchParams(location.hash.slice(1));
  const [session, setSession] = useState<{ token: string; userId: string; name: string }>();
  const [games, setGames] = useState<Array<{ id: string; text: string }>>();
  const [gameId, setGameId] = useState(params.get("game") ?? "");
  const [error, setError] = useState("");
  const login = async (name: string, password: string) => {
    try {
      const auth = await clients("").lobby.login({ requestId: crypto.randomUUID(), displayName: name, password });
      setSession({ token: auth.accessToken, userId: auth.userId, name: auth.displayName });
      const mine = await clients(auth.accessToken).game.listMyGames({});
      setGames(mine.games.map((g) => ({ id: g.gameId, text: `${g.gameId} · ${g.round} · ${g.players.join(", ")}${g.yourTurn ? " · your turn" : ""}` })));
    } catch (e) {
      setError(String(e));
    }
  };
  useEffect(() => {
    const name = params.get("name");
    const password = params.get("password");
    if (name && password) void login(name, password);
  }, []);
  if (!session) {
    return (
      <form
        data-testid="dev-login"
        onSubmit={(e) => {
          e.preventDefault();
          const f = e.target as HTMLFormElement;
          void login((f.elements.namedItem("name") as HTMLInputElement).value, (f.elements.namedItem("password") as HTMLInputElement).value);
        }}
      >
        <input name="name" placeholder="name" defaultValue={params.get("name") ?? ""} />
        <input name="password" type="password" placeholder="password" defaultValue={params.get("password") ?? ""} />
        <button type="submit">Log in</button> {error}
      </form>
    );
  }
  if (!gameId) {
    return (
      <ul>
        {(games ?? []).map((g) => (
          <li key={g.id}>
            <button type="button" onClick={() => setGameId(g.id)}>{g.text}</button>
          </li>
        ))}
      </ul>
    );
  }
  return <GameScreen client={clients(session.token)} gameId={gameId} me={{ userId: session.userId, displayName: session.name }} />;
}

render(<App />, document.getElementById("app")!);
