-- The sessions table now keeps the SHA-256 of each session id, never the id (the cookie keeps it). Existing rows hold
-- plain ids, some of which were written to logs during a database outage (issue 26): they are ended, not hashed in
-- place, so no id copied from a log or from the table before this migration still signs anyone in. Everyone signs
-- in once more.
DELETE FROM sessions;
