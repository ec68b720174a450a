// The app's places, in the URL's hash (#/lobby, #/game/<id>, ...), so a reload or a shared link
// opens the same screen and the gateway serves one index.html for all of them.
import { useEffect, useState } from "preact/hooks";

export type Route =
  | { page: "lobby" } | { page: "games" } | { page: "inbox" } | { page: "tournaments" }
  | { page: "tournament"; id: string } | { page: "leaderboard" } | { page: "game"; id: string } | { page: "settings" };

export function parseRoute(hash: string): Route {
  const [page, id] = hash.replace(/^#\/?/, "").split("/");
  if ((page === "game" || page === "tournament") && id) return { page, id: decodeURIComponent(id) };
  if (page === "games" || page === "inbox" || page === "tournaments" || page === "leaderboard" || page === "settings") return { page };
  return { page: "lobby" };
}

export function href(route: Route): string {
  return "id" in route ? `#/${route.page}/${encodeURIComponent(route.id)}` : `#/${route.page}`;
}

export function go(route: Route): void {
  window.location.hash = href(route);
}

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(window.location.hash));
  useEffect(() => {
    const follow = () => setRoute(parseRoute(window.location.hash));
    window.addEventListener("hashchange", follow);
    return () => window.removeEventListener("hashchange", follow);
  }, []);
  return route;
}
