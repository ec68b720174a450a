// The game screen's one door to the generated API code (protoc-gen-es output of proto/, which the
// web build writes under the build directory and esbuild/tsc reach by the "@gen" alias): every
// other file of the game screen imports the API's types and schemas from here.
import type { Client } from "@connectrpc/connect";

import { GameService } from "@gen/mailrun/v1/game_pb";
import type { LobbyService } from "@gen/mailrun/v1/lobby_pb";
import type { NotificationService } from "@gen/mailrun/v1/notification_pb";
import type { ProgrammedMoveService } from "@gen/mailrun/v1/programmed_moves_pb";
import type { StudyService } from "@gen/mailrun/v1/study_pb";
import type { SeatService } from "@gen/mailrun/v1/seats_pb";

export { GameService };
export { GameStatus } from "@gen/mailrun/v1/game_pb";
export type {
  GetGameResponse,
  HistoryEntry,
  ListLegalActionsResponse,
  PreviewActionResponse,
  SuggestRunsResponse,
  WatchGameResponse,
} from "@gen/mailrun/v1/game_pb";
export {
  CompanyStatus,
  RoundKind,
} from "@gen/mailrun/v1/views_pb";
export type {
  BaseView,
  BondView,
  CompanyView,
  GameView,
  LaidTile,
  LegalAction,
  LogLine,
  PlannedRun,
  PlayerView,
  RunPlan,
} from "@gen/mailrun/v1/views_pb";
export { ActionSchema } from "@gen/mailrun/v1/actions_pb";
export type { Action } from "@gen/mailrun/v1/actions_pb";
export type { StructuredText, TextParam } from "@gen/mailrun/v1/texts_pb";
export { BoardLayout, Gauge, Outside, PathEnd_Kind, Terrain, TileColour, Zone } from "@gen/mailrun/v1/components_pb";
export type { BoardHex, City, CompanyCard, Components, TileDesign } from "@gen/mailrun/v1/components_pb";
export { Title } from "@gen/mailrun/v1/game_config_pb";
export type { ChatMessage } from "@gen/mailrun/v1/chat_pb";
export { ProgrammedMoveKind, ProgrammedMoveState } from "@gen/mailrun/v1/programmed_moves_pb";
export type { ProgrammedMove } from "@gen/mailrun/v1/programmed_moves_pb";
export { GameRecordSchema } from "@gen/mailrun/v1/study_pb";
export { SeatChoice, SeatHandoverState } from "@gen/mailrun/v1/seats_pb";
export type { GetSeatsResponse, SeatInvitation, SeatStatus } from "@gen/mailrun/v1/seats_pb";
export { BadRequestSchema, ErrorInfoSchema, PreconditionFailureSchema } from "@gen/google/rpc/error_details_pb";

// The Connect clients the web client's shell hands to <GameScreen client={...}>.
export interface ApiClients {
  game: Client<typeof GameService>;
  lobby: Client<typeof LobbyService>;
  notification: Client<typeof NotificationService>;
  programmed: Client<typeof ProgrammedMoveService>;  // standing orders (ProgrammedPanel.tsx)
  study: Client<typeof StudyService>;  // records and study games (StudyTools.tsx)
  seats: Client<typeof SeatService>;  // empty seats (SeatBanner.tsx)
}

// Who is looking at the game: the shell knows the account; the seat comes from the game itself
// (GetGame's your_seat), so `seat` is only a hint shown before the first answer.
export interface Me {
  userId: string;
  displayName: string;
  seat?: number;
}
