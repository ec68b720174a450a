-- The fingerprint of each remembered notification call (services/common/request_fingerprint.h),
-- so that a request_id reused for a different request of the same method is refused instead of
-- answered as a retry. NULL for calls recorded before this column existed.
ALTER TABLE notification_requests ADD COLUMN request_hash bytea;
