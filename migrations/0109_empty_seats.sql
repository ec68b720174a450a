-- Empty seats (services/game/empty_seats.h, docs/game-service.md "Empty seats", issue 43 item 5):
-- missed turn deadlines per seat, the votes on an abandoned seat, and its handover to the bot or to
-- a substitute.

-- The game's rules from CreateGameRequest.empty_seats: after how many missed deadlines in a row a
-- seat counts as abandoned (0: never), and a tournament game's director, who decides alone.
ALTER TABLE games ADD COLUMN abandon_after_missed integer NOT NULL DEFAULT 0 CHECK (abandon_after_missed >= 0);
ALTER TABLE games ADD COLUMN director_user_id text NOT NULL DEFAULT '';
CREATE INDEX games_with_seat_deadlines ON games (game_id)
  WHERE status = 'active' AND abandon_after_missed > 0 AND turn_deadline_seconds > 0;

-- One row per seat the counter has looked at. user_id: the holder it counts for (a new holder
-- starts from 0). missed: deadlines missed in a row since the holder's last own move (bot and
-- programmed moves do not count as the holder's). counted_version / counted_in_wait: the game
-- version whose wait was last counted and how many deadlines of that wait are in `missed`, so that
-- counting again (on any replica, after any restart) adds only the new ones.
CREATE TABLE game_seat_absences (
  game_id text NOT NULL REFERENCES games ON DELETE CASCADE,
  seat integer NOT NULL CHECK (seat BETWEEN 0 AND 5),
  user_id text NOT NULL,
  missed integer NOT NULL DEFAULT 0 CHECK (missed >= 0),
  counted_version bigint NOT NULL DEFAULT -1,
  counted_in_wait integer NOT NULL DEFAULT 0,
  PRIMARY KEY (game_id, seat)
);

-- A handover of one holder's seat (the leaver): opened by the first vote, decided by a majority (or
-- the director), and done when the bot or the accepting substitute takes the seat. 'void': the
-- leaver moved again before it was done.
CREATE TABLE game_seat_handovers (
  game_id text NOT NULL REFERENCES games ON DELETE CASCADE,
  seat integer NOT NULL CHECK (seat BETWEEN 0 AND 5),
  leaver_user_id text NOT NULL,
  leaver_name text NOT NULL,
  state text NOT NULL CHECK (state IN ('voting', 'awaiting_invitation', 'invited', 'done', 'void')),
  decided text NOT NULL DEFAULT '' CHECK (decided IN ('', 'bot', 'substitute')),
  invited_user_id text NOT NULL DEFAULT '',
  invited_by_name text NOT NULL DEFAULT '',
  substitute_user_id text NOT NULL DEFAULT '',
  accept_request_id text NOT NULL DEFAULT '',
  opened_at timestamptz NOT NULL DEFAULT now(),
  done_at timestamptz,
  PRIMARY KEY (game_id, seat, leaver_user_id)
);
CREATE INDEX game_seat_handovers_invited ON game_seat_handovers (invited_user_id) WHERE state = 'invited';

-- One vote per voter and handover. request_id is the voter's, unique per game (a retry finds its row).
CREATE TABLE game_seat_votes (
  game_id text NOT NULL,
  seat integer NOT NULL,
  leaver_user_id text NOT NULL,
  voter_user_id text NOT NULL,
  voter_seat integer NOT NULL,               -- -1: the director
  choice text NOT NULL CHECK (choice IN ('bot', 'substitute')),
  request_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (game_id, seat, leaver_user_id, voter_user_id),
  UNIQUE (game_id, request_id),
  FOREIGN KEY (game_id, seat, leaver_user_id) REFERENCES game_seat_handovers ON DELETE CASCADE
);
