// The app's side of the page's first reads (web/src/boot/firstReads.ts started GetGame,
// ListLegalActions and GetComponents of the game in the URL before this script arrived): the
// answers decoded from Connect JSON into the API's messages. Each reader (the game screen's
// useGame, the game page's seat line) takes them once, for the game the page opened on; after
// that, or for another game, there are none and the reader calls the API itself. A read that
// failed rejects: the reader then calls the API itself, which refreshes a refused token and
// reports errors as for any call.
import { fromJson, type DescMessage, type MessageShape } from "@bufbuild/protobuf";

import { GetComponentsResponseSchema, type GetComponentsResponse } from "@gen/mailrun/v1/components_pb";
import { GetGameResponseSchema, ListLegalActionsResponseSchema, type GetGameResponse, type ListLegalActionsResponse } from "@gen/mailrun/v1/game_pb";

export interface FirstReads {
  game: Promise<GetGameResponse>;
  legal: Promise<ListLegalActionsResponse>;
  components: Promise<GetComponentsResponse>;
}

interface FirstReadsJson {
  gameId: string;
  game: Promise<unknown>;
  legal: Promise<unknown>;
  components: Promise<unknown>;
}

type Reader = "screen" | "page";

const held = window as unknown as { mailrunFirstReads?: FirstReadsJson | "taken" };
let first: { gameId: string; at: number; reads: FirstReads } | undefined;
const freshFor = 30_000;  // ms: a game opened later than this after the page reads afresh
const takenBy = new Set<Reader>();

function decoded<Desc extends DescMessage>(schema: Desc, json: Promise<unknown>): Promise<MessageShape<Desc>> {
  const message = json.then((body) => fromJson(schema, body as Parameters<typeof fromJson>[1], { ignoreUnknownFields: true }));
  message.catch(() => undefined);  // the reader that takes it handles the failure
  return message;
}

// Called once when the app starts: the boot script's reads if it made any, and from now on it
// asks for nothing (a late boot script sees "taken").
export function adoptFirstReads(): void {
  const json = held.mailrunFirstReads;
  held.mailrunFirstReads = "taken";
  if (!json || json === "taken") return;
  first = {
    gameId: json.gameId,
    at: Date.now(),
    reads: {
      game: decoded(GetGameResponseSchema, json.game),
      legal: decoded(ListLegalActionsResponseSchema, json.legal),
      components: decoded(GetComponentsResponseSchema, json.components),
    },
  };
}

// The first reads of `gameId` for `reader`, once; undefined when there are none (left to the reader).
export function takeFirstReads(gameId: string, reader: Reader): FirstReads | undefined {
  if (!first || first.gameId !== gameId || takenBy.has(reader) || Date.now() - first.at > freshFor) return undefined;
  takenBy.add(reader);
  return first.reads;
}
