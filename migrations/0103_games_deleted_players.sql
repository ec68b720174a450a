-- Deleting an account (docs/operations.md "Deleting an account"): the game service rewrites the
-- deleted account's id and name in its games to the lobby's anonymous placeholder, and the
-- placeholder's seats in running games are played by the bot from then on.

-- Seats the game service's bot plays (services/game/bot_seats.h).
ALTER TABLE game_players ADD COLUMN played_by_bot boolean NOT NULL DEFAULT false;
CREATE INDEX game_players_bot ON game_players (game_id) WHERE played_by_bot;

-- game_actions stays append-only with one exception: forgetting a deleted account may rewrite the
-- acting user and the stored answer of a row (nothing else), and only in a transaction that says
-- so with SET LOCAL mailrun.forgetting_account = 'on' (services/game/account_forgetting.cc).
CREATE OR REPLACE FUNCTION game_actions_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND current_setting('mailrun.forgetting_account', true) = 'on'
     AND NEW.game_id = OLD.game_id AND NEW.seq = OLD.seq AND NEW.kind = OLD.kind AND NEW.seat = OLD.seat
     AND NEW.action IS NOT DISTINCT FROM OLD.action AND NEW.undoes_seq IS NOT DISTINCT FROM OLD.undoes_seq
     AND NEW.request_id = OLD.request_id AND NEW.created_at = OLD.created_at THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'game_actions is append-only: % refused', TG_OP;
END
$$;
