-- The fingerprint of each remembered lobby call (services/common/request_fingerprint.h: SHA-256 of
-- the request with passwords and tokens cleared), so that a request_id reused for a different
-- request of the same method is refused instead of answered as a retry. NULL for calls recorded
-- before this column existed (those are compared by method only).
ALTER TABLE lobby_requests ADD COLUMN request_hash bytea;
